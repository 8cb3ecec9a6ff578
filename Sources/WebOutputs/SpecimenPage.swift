import DynamicType

/// `GET /specimen` (docs/DESIGN.md §22 (The web)): every style of the table at one category, each line set
/// in its resolved face and size, with its numbers, and hairlines at the ascender, cap height,
/// x-height, baseline and descender drawn from its metrics, so a reader sees that they fit the
/// glyphs.
///
/// Self-contained: its styles are inline, its only requests go to the server that sent it (the
/// faces' files, and `fontd.js` when it follows the reader). Everything from a table or a font is
/// escaped for where it lands (`HTMLEscaping`, `CSSEscaping`).
///
/// A page asked for with `scope=` and `access_token=` (docs/DESIGN.md §23 (Reader scopes and scoped tokens)) keeps them: its script
/// reads them from its own address, so the server writes them nowhere into the page.
public enum SpecimenPage {
    /// The word each style is set in: a capital, round and straight lowercase, an ascender and a descender.
    public static let sample = "Handgloves"

    /// The page for `block`. `preview` is true when the category was asked for in the query (the
    /// page then stays at it); otherwise the page follows the reader live through `fontd.js`. With
    /// a `trim` (docs/DESIGN.md §32 (Capsize and metrics-exact web)), each style also shows its line
    /// trimmed to the cap height and baseline on a tinted box; without, the page is as before.
    public static func html(table: String, block: WebBlock, preview: Bool, trim: CSSTrim = .standard) -> String {
        let category = block.category.rawValue
        let legibility = block.legibilityWeight.rawValue
        let faces = FontFaceRule.distinct(in: block.styles).map { $0.css(fontFileBase: "") }
        var lines = [
            "<!doctype html>",
            "<html lang=\"en\" data-text-size=\"\(category)\"\(block.legibilityWeight == .bold ? " data-bold-text" : "")>",
            "<head>",
            "<meta charset=\"utf-8\">",
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
            "<title>fontd specimen: \(HTMLEscaping.text(table)) at \(category)</title>",
            "<style>",
            HTMLEscaping.styleElementContent(
                (faces + [pageStyle, chromeStyle(block)] + trimmedStyle(block, trim: trim)).joined(separator: "\n")),
            "</style>",
            "</head>",
            "<body>",
            "<header>",
            "<h1>fontd specimen</h1>",
            "<p id=\"status\">Table “\(HTMLEscaping.text(table))”, category <b id=\"category\">\(category)</b>, "
                + "legibility <b id=\"legibility\">\(legibility)</b>: "
                + (preview ? "a preview (the reader’s own size is not changed)." : "following the reader.") + "</p>",
            navigation(current: preview ? block.category : nil),
            legend,
            "</header>",
            "<main id=\"specimen\">",
        ]
        lines += block.styles.map { section($0, trimmed: trim != .none) }
        lines += ["</main>", script(following: !preview, trim: trim), "</body>", "</html>"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// One style: its name, its numbers, and its sample line over its hairlines.
    static func section(_ style: WebStyle, trimmed: Bool = false) -> String {
        let font = style.font
        let face = font.matchedFace
        let metrics = font.metrics
        let values = StyleValues(style)
        let name = HTMLEscaping.text(style.definition.style.rawValue)
        let numbers = [
            "\(RoundedNumber(face.pointSize)) / \(RoundedNumber(metrics.lineHeight)) px",
            "weight \(RoundedNumber(face.weight.rawValue))",
            "tracking \(RoundedNumber(metrics.tracking)) px",
            "\(HTMLEscaping.text(face.family)) \(HTMLEscaping.text(face.face))",
            face.fallback ? "a fallback" : "no fallback",
        ].joined(separator: " · ")
        // Offsets from the baseline, downwards positive, as the browser lays the line out.
        let hairlines = [
            ("ascender", -metrics.ascender), ("cap-height", -metrics.capHeight), ("x-height", -metrics.xHeight),
            ("baseline", 0), ("descender", -metrics.descender),
        ].map { "<i class=\"hairline \($0.0)\" style=\"top: \(CSSUnit.px.length($0.1))\"></i>" }.joined()
        var declarations = "font: \(values.font); letter-spacing: \(values.letterSpacing);"
        if face.width != .normal { declarations += " font-stretch: \(values.fontStretch);" }
        if !(font.variations ?? [:]).isEmpty { declarations += " font-variation-settings: \(values.fontVariationSettings);" }
        if font.metrics.wordSpacing != nil { declarations += " word-spacing: \(values.wordSpacing);" }
        return """
            <section class="style" data-style="\(name)">
            <h2>\(name)</h2>
            <p class="numbers">\(numbers)</p>
            <div class="sample" style="\(HTMLEscaping.text(declarations))"><span class="origin">\(hairlines)</span>\(sample)</div>
            \(trimmed && style.trim != nil ? "<div class=\"trimmed\" data-style=\"\(name)\" style=\"\(HTMLEscaping.text(declarations))\">\(sample)</div>\n" : "")</section>
            """
    }

    /// The trimmed boxes' rules: a tint, and per style Capsize's margins (`text-box` where the
    /// browser has it, with `trim=text-box`), as the stylesheet writes them.
    static func trimmedStyle(_ block: WebBlock, trim: CSSTrim) -> [String] {
        guard trim != .none else { return [] }
        let box = "trim-both cap alphabetic"
        var rules = [".trimmed { background: #dde8ff; margin: 0.5em 0 0; }"]
        for style in block.styles {
            guard let values = style.trim else { continue }
            let selector = ".trimmed[data-style=\(CSSEscaping.string(style.definition.style.rawValue))]"
            let margins =
                "\(selector)::before { content: \"\"; margin-bottom: \(formatNumber(values.capHeightTrim))em; display: table; } "
                + "\(selector)::after { content: \"\"; margin-top: \(formatNumber(values.baselineTrim))em; display: table; }"
            rules.append(
                trim == .textBox
                    ? "@supports (text-box: \(box)) { \(selector) { text-box: \(box); } } @supports not (text-box: \(box)) { \(margins) }"
                    : margins)
        }
        return rules
    }

    /// The 12-stop control: a link per category (a query, not a change of the reader's
    /// preferences), and one back to following the reader.
    static func navigation(current: ContentSizeCategory?) -> String {
        let stops = ContentSizeCategory.allCases.map { category in
            let mark = category == current ? " aria-current=\"page\"" : ""
            return "<a href=\"/specimen?category=\(category.rawValue)\"\(mark)>\(category.rawValue)</a>"
        }
        let follow = "<a href=\"/specimen\"\(current == nil ? " aria-current=\"page\"" : "")>follow the reader</a>"
        return "<nav aria-label=\"Preview a category\">" + (stops + [follow]).joined(separator: " ") + "</nav>"
    }

    static let legend = """
        <p class="legend"><span class="key ascender">ascender</span> <span class="key cap-height">cap height</span> \
        <span class="key x-height">x-height</span> <span class="key baseline">baseline</span> <span class="key descender">descender</span></p>
        """

    /// The page's own rules. A sample line is its own stacking context, with the hairlines behind
    /// its glyphs; `.origin` is an empty inline block on the line's baseline, so the hairlines
    /// are placed from the baseline the browser actually uses. A line too long for the window
    /// wraps rather than being cut off, and the hairlines span the sample's width (`cqw`), never
    /// past the window.
    static let pageStyle = """
        body { margin: 16px; color: #222; background: #fff; overflow-wrap: anywhere; }
        h1, h2 { margin: 0 0 0.25em; }
        nav a { display: inline-block; padding: 0.1em 0.35em; margin: 0 0.15em 0.25em 0; border: 1px solid #bbb; border-radius: 0.25em; color: #124; text-decoration: none; }
        nav a[aria-current] { background: #124; color: #fff; }
        .numbers { color: #555; margin: 2px 0 4px; }
        .style { margin: 0 0 1.2em; }
        .sample { position: relative; z-index: 0; container-type: inline-size; color: #000; }
        .origin { display: inline-block; position: relative; width: 0; height: 0; vertical-align: baseline; }
        .hairline { position: absolute; left: 0; width: 100cqw; height: 0; border-top: 1px solid; z-index: -1; }
        .key { border-top: 2px solid; padding-top: 2px; margin-right: 0.5em; display: inline-block; }
        .ascender { border-color: #39f; } .cap-height { border-color: #e33; } .x-height { border-color: #2a2; }
        .baseline { border-color: #999; } .descender { border-color: #c6c; }
        """

    /// The page's own text — its title, the styles' names, the numbers, the links — set in the
    /// table's own styles at the page's category (`largeTitle`, `headline`, `body`, `footnote`), so
    /// the page grows with the sizes it shows rather than staying small at `ax3` (docs/DESIGN.md
    /// §22 (The web)). For a role the table has no style for, the page's base size grows as the table's
    /// first style does from `l`.
    static func chromeStyle(_ block: WebBlock) -> String {
        let growth =
            block.styles.first.map { style in
                style.definition.sizes[block.category].size / style.definition.sizes[.large].size
            } ?? 1
        func role(_ names: [String], weight: Int, basePixels: Double, family: String) -> (font: String, size: String, lineHeight: String) {
            if let style = names.lazy.compactMap({ name in block.styles.first { $0.definition.style.rawValue == name } }).first {
                let values = StyleValues(style)
                return (values.font, values.fontSize, values.lineHeight)
            }
            let size = formatNumber(basePixels * growth) + "px"
            let lineHeight = formatNumber((basePixels * growth * 1.35).rounded()) + "px"
            return ("\(weight) \(size)/\(lineHeight) \(family)", size, lineHeight)
        }
        let text = role(["body"], weight: 400, basePixels: 17, family: "sans-serif")
        let title = role(["largeTitle", "title1"], weight: 400, basePixels: 34, family: "sans-serif")
        let heading = role(["headline"], weight: 600, basePixels: 17, family: "sans-serif")
        let small = role(["footnote", "caption1"], weight: 400, basePixels: 13, family: "monospace")
        return """
            body { font: \(text.font); }
            h1 { font: \(title.font); }
            h2 { font: \(heading.font); }
            .numbers, .key { font: \(small.size)/\(small.lineHeight) monospace; }
            """
    }

    /// The page's script. It carries the page's own `scope` and `access_token` (read from its
    /// address, never written into the page by the server) to the 12-stop control's links; when
    /// `following`, it also follows that scope through `fontd.js` and, on every change, asks for
    /// the page again at the new preferences and puts in the new faces, numbers and lines.
    static func script(following: Bool, trim: CSSTrim = .standard) -> String {
        var lines = ["<script type=\"module\">"]
        if following { lines.append(#"import { follow } from "/fontd.js";"#) }
        lines.append(carryScope)
        // The trim rides along with the links and the page's own requests, as the scope does.
        if trim != .none { lines.append("carried.set(\"trim\", \"\(trim.rawValue)\");") }
        if following { lines.append(followChanges) }
        lines.append("</script>")
        return lines.joined(separator: "\n")
    }

    static let carryScope = """
        const own = new URLSearchParams(location.search);
        const carried = new URLSearchParams();
        for (const name of ["scope", "access_token", "minimumCategory", "maximumCategory"]) if (own.has(name)) carried.set(name, own.get(name));
        const withCarried = (query) => { for (const [name, value] of carried) query.set(name, value); return query; };
        if (String(carried)) for (const link of document.querySelectorAll("nav a")) {
          const url = new URL(link.href);
          link.href = url.pathname + "?" + withCarried(url.searchParams);
        }
        """

    static let followChanges = """
        follow({ scope: carried.get("scope"), token: carried.get("access_token") });
        document.addEventListener("fontd:change", async (event) => {
          const { category, legibilityWeight, textSpacing } = event.detail;
          const query = new URLSearchParams({ category, legibility: legibilityWeight, textSpacing });
          const answer = await fetch(`/specimen?${withCarried(query)}`);
          if (!answer.ok) return;
          const next = new DOMParser().parseFromString(await answer.text(), "text/html");
          document.querySelector("style").textContent = next.querySelector("style").textContent;
          document.getElementById("specimen").replaceWith(next.getElementById("specimen"));
          document.getElementById("category").textContent = category;
          document.getElementById("legibility").textContent = legibilityWeight;
        });
        """
}
