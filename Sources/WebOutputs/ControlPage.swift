import DynamicType

/// `GET /` for a browser (docs/DESIGN.md §37 (The reader's control)): the reader's control page.
/// Every preference — a twelve-step "Text size" slider with a sample that shows the size as it
/// moves, Bold Text, wide text spacing, the reading font among the installed families (each name
/// set in its own family) — and each desktop target of the server's board with its state, base,
/// value, limits and an exclude switch; below, what a developer looks at first.
///
/// The page is set in fontd's own styles (it links `/css` and reads its custom properties, with
/// plain fallbacks for a table without those styles) and follows the reader through `fontd.js`,
/// so a change made anywhere shows here at once. Its writes are `PUT`s of its own origin, which the
/// consent rules of docs/DESIGN.md §23 (Reader scopes and scoped tokens) let through; the board is
/// read by the script, since the server's board is JSON the service does not interpret.
///
/// Self-contained: inline style and script, requests only to the server that sent it. Everything
/// from the table or the font list is escaped for where it lands (`HTMLEscaping`, `CSSEscaping`).
public enum ControlPage {
    /// What the page shows when it is made; its script keeps it current from then on.
    public struct Contents: Hashable, Sendable {
        /// The server, the table and the reader's category, legibility weight and text spacing.
        public var index: ServiceIndex
        /// The reader's reading font; empty for none.
        public var readingFont: String
        /// The installed families the reader may read in, as `fc-list : family` lists them.
        public var families: [String]
        /// The smallest category the reader allows anywhere (the root's lower bound), or none.
        public var minimumCategory: CategoryBound
        /// The largest category the reader allows anywhere (the root's upper bound), or none.
        public var maximumCategory: CategoryBound

        public init(
            index: ServiceIndex, readingFont: String, families: [String], minimumCategory: CategoryBound = .none,
            maximumCategory: CategoryBound = .none
        ) {
            self.index = index
            self.readingFont = readingFont
            self.families = families
            self.minimumCategory = minimumCategory
            self.maximumCategory = maximumCategory
        }
    }

    /// The paths a newcomer looks at first, in the order the page lists them.
    public static let firstLinks = ["/specimen", "/css", "/tokens", "/fonts", "/preferences"]

    /// The line the sample shows at the size the slider is on.
    public static let sample = "Text at this size reads like this line, in every program that follows fontd."

    /// The page for `contents`.
    public static func html(_ contents: Contents) -> String {
        let index = contents.index
        let category = index.category
        let position = ContentSizeCategory.allCases.firstIndex(of: category) ?? 0
        var root = "<html lang=\"en\" data-text-size=\"\(category.rawValue)\""
        if index.legibilityWeight == .bold { root += " data-bold-text" }
        if index.textSpacing == .wcag { root += " data-text-spacing=\"wcag\"" }
        let lines = [
            "<!doctype html>",
            root + ">",
            "<head>",
            "<meta charset=\"utf-8\">",
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
            "<title>Text size and reading: fontd</title>",
            "<link rel=\"stylesheet\" href=\"/css\">",
            "<style>",
            HTMLEscaping.styleElementContent(pageStyle),
            "</style>",
            "</head>",
            "<body>",
            "<main>",
            "<h1>Text size</h1>",
            "<p id=\"status\" role=\"status\">Changes here reach every program that follows fontd.</p>",
            "<section aria-labelledby=\"size-heading\">",
            "<h2 id=\"size-heading\">Size</h2>",
            "<p class=\"row\"><label for=\"text-size\">Text size</label> "
                + "<output id=\"size-name\" for=\"text-size\">\(category.rawValue)</output></p>",
            "<input type=\"range\" id=\"text-size\" min=\"0\" max=\"\(ContentSizeCategory.allCases.count - 1)\" step=\"1\" "
                + "value=\"\(position)\" aria-valuetext=\"\(valueText(category))\">",
            "<p class=\"ends\" aria-hidden=\"true\"><span>\(ContentSizeCategory.allCases.first?.rawValue ?? "")</span>"
                + "<span>\(ContentSizeCategory.allCases.last?.rawValue ?? "")</span></p>",
            "<p id=\"sample\">\(sample)</p>",
            limits(contents),
            "</section>",
            "<section aria-labelledby=\"reading-heading\">",
            "<h2 id=\"reading-heading\">Reading</h2>",
            checkbox(id: "bold-text", label: "Bold Text", checked: index.legibilityWeight == .bold),
            checkbox(
                id: "text-spacing", label: "Wide spacing", checked: index.textSpacing == .wcag,
                hint: "More space between letters, words and lines, as WCAG 1.4.12 asks."),
            readingFonts(contents),
            "</section>",
            "<section aria-labelledby=\"desktop-heading\">",
            "<h2 id=\"desktop-heading\">Desktop</h2>",
            "<p id=\"desktop-note\">Asking which programs fontd writes…</p>",
            "<ul id=\"targets\"></ul>",
            "</section>",
            more(index),
            "</main>",
            "<script type=\"module\">",
            script,
            "</script>",
            "</body>",
            "</html>",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` HTML-escaped, each word with a hyphen or a slash in it (`--desktop`, `docs/DESIGN.md`,
    /// `read-only`) kept whole on its line: a browser may break a line after either, and a word so
    /// broken reads as two.
    static func words(_ text: String) -> String {
        text.split(separator: " ", omittingEmptySubsequences: false).map { word in
            let escaped = HTMLEscaping.text(String(word))
            return word.contains(where: { $0 == "-" || $0 == "/" }) ? "<span class=\"word\">\(escaped)</span>" : escaped
        }.joined(separator: " ")
    }

    /// What the slider says it is on: the category's name and its step (`xl, step 5 of 12`).
    static func valueText(_ category: ContentSizeCategory) -> String {
        let all = ContentSizeCategory.allCases
        return "\(category.rawValue), step \((all.firstIndex(of: category) ?? 0) + 1) of \(all.count)"
    }

    /// A checkbox with its label, and a hint it is described by.
    static func checkbox(id: String, label: String, checked: Bool, hint: String? = nil) -> String {
        let described = hint.map { _ in " aria-describedby=\"\(id)-hint\"" } ?? ""
        let line =
            "<p class=\"choice\"><input type=\"checkbox\" id=\"\(id)\"\(checked ? " checked" : "")\(described)> "
            + "<label for=\"\(id)\">\(label)</label></p>"
        return line + (hint.map { "\n<p class=\"hint\" id=\"\(id)-hint\">\($0)</p>" } ?? "")
    }

    /// The reader's bounds: the smallest and the largest category anything answers at, or none.
    static func limits(_ contents: Contents) -> String {
        func select(_ id: String, _ label: String, _ bound: CategoryBound) -> String {
            let options = [("", "none")] + ContentSizeCategory.allCases.map { ($0.rawValue, $0.rawValue) }
            let choices = options.map { value, name in
                "<option value=\"\(value)\"\(value == bound.rawValue ? " selected" : "")>\(name)</option>"
            }
            return "<p class=\"row\"><label for=\"\(id)\">\(label)</label> <select id=\"\(id)\">\(choices.joined())</select></p>"
        }
        return [
            "<fieldset id=\"limits\" aria-describedby=\"limits-hint\">",
            "<legend>Limits</legend>",
            "<p class=\"hint\" id=\"limits-hint\">No program goes below the smallest or above the largest.</p>",
            select("minimum-category", "Smallest", contents.minimumCategory),
            select("maximum-category", "Largest", contents.maximumCategory),
            "</fieldset>",
        ].joined(separator: "\n")
    }

    /// The reading font: none (each style's own family), or one installed family, each named in itself.
    static func readingFonts(_ contents: Contents) -> String {
        func choice(_ value: String, _ name: String, family: String?) -> String {
            let checked = value == contents.readingFont ? " checked" : ""
            let style = family.map { " style=\"font-family: \(HTMLEscaping.text(CSSEscaping.string($0))), sans-serif\"" } ?? ""
            return "<label class=\"choice\"><input type=\"radio\" name=\"reading-font\" value=\"\(HTMLEscaping.text(value))\"\(checked)> "
                + "<span class=\"fit\"\(style)>\(words(name))</span></label>"
        }
        var families = contents.families
        // A reading font no longer installed stays chosen, and is shown so.
        if !contents.readingFont.isEmpty && !families.contains(contents.readingFont) { families.append(contents.readingFont) }
        let choices = [choice("", "None: each style keeps its own font", family: nil)] + families.map { choice($0, $0, family: $0) }
        return (["<fieldset id=\"reading-font\">", "<legend>Reading font</legend>"] + choices + ["</fieldset>"]).joined(separator: "\n")
    }

    /// The server, the table, and the links a developer looks at first.
    static func more(_ index: ServiceIndex) -> String {
        let byPath = Dictionary(index.endpoints.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let links = firstLinks.compactMap { byPath[$0] }.map { endpoint in
            "<li class=\"fit\"><a href=\"\(HTMLEscaping.text(endpoint.example ?? endpoint.path))\">\(words(endpoint.path))</a>: "
                + "\(words(endpoint.summary))</li>"
        }
        return
            ([
                "<section aria-labelledby=\"more-heading\" class=\"small\">",
                "<h2 id=\"more-heading\">More</h2>",
                "<p class=\"fit\">fontd <span id=\"version\">\(words(index.version))</span>, "
                    + "style table “<span id=\"table\">\(words(index.table))</span>”.</p>",
                "<ul id=\"start\">",
            ] + links + [
                "</ul>",
                "<p class=\"fit\">"
                    + words(
                        "A web page follows the reader with two lines: link /css as a stylesheet, and import follow from /fontd.js. "
                            + "Ask here with Accept: application/json for every endpoint as JSON; the README.md and docs/DESIGN.md "
                            + "come with fontd’s source.") + "</p>",
                "</section>",
            ]).joined(separator: "\n")
    }
}
