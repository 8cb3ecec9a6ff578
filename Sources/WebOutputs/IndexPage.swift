import DynamicType

/// `GET /` for a browser (docs/DESIGN.md §7 (HTTP endpoints), §22 (The web)): what this server is, the reader's category now,
/// links to what a newcomer looks at first (the specimen, the stylesheet, the design tokens, the
/// fonts, the preferences), how a page follows the reader, and every endpoint in one line.
///
/// Self-contained: no script, inline styles, links only to this server. Everything from the
/// server's table is HTML-escaped (`HTMLEscaping`).
public enum IndexPage {
    /// The paths a newcomer looks at first, in the order the page lists them.
    public static let firstLinks = ["/specimen", "/css", "/tokens", "/fonts", "/preferences"]

    /// The page for `index`.
    public static func html(_ index: ServiceIndex) -> String {
        let version = HTMLEscaping.text(index.version)
        let byPath = Dictionary(index.endpoints.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let first = firstLinks.compactMap { byPath[$0] }.map { endpoint in
            "<li>\(link(endpoint)): \(HTMLEscaping.text(endpoint.summary))</li>"
        }
        let rows = index.endpoints.map { endpoint in
            "<tr><td>\(link(endpoint))</td><td>\(HTMLEscaping.text(endpoint.methods.joined(separator: ", ")))</td>"
                + "<td>\(HTMLEscaping.text(endpoint.summary))</td></tr>"
        }
        let lines =
            [
                "<!doctype html>",
                "<html lang=\"en\" data-text-size=\"\(index.category.rawValue)\">",
                "<head>",
                "<meta charset=\"utf-8\">",
                "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
                "<title>fontd \(version)</title>",
                "<style>",
                HTMLEscaping.styleElementContent(pageStyle),
                "</style>",
                "</head>",
                "<body>",
                "<main>",
                "<h1>fontd \(version)</h1>",
                "<p>Dynamic Type for Linux: the reader chooses a text size once, and every program and page "
                    + "that asks here gets text styles resolved into measured fonts for it.</p>",
                "<p id=\"reader\">The reader’s category is <b id=\"category\">\(index.category.rawValue)</b> "
                    + "(legibility weight \(index.legibilityWeight.rawValue), text spacing \(index.textSpacing.rawValue)); "
                    + "the style table is “\(HTMLEscaping.text(index.table))”.</p>",
                "<h2>Start here</h2>",
                "<ul id=\"start\">",
            ] + first + [
                "</ul>",
                "<p>A web page follows the reader with two lines: link <code>/css</code> as a stylesheet, then "
                    + "<code>&lt;script type=\"module\"&gt;import { follow } from \"/fontd.js\"; follow();&lt;/script&gt;</code> "
                    + "(with this server’s address before the paths on another site).</p>",
                "<h2>Every endpoint</h2>",
                "<table id=\"endpoints\">",
                "<thead><tr><th>path</th><th>methods</th><th>what it answers</th></tr></thead>",
                "<tbody>",
            ] + rows + [
                "</tbody>",
                "</table>",
                "<h2>Documentation</h2>",
                "<p>Ask <code>Accept: application/json</code> here for this list as JSON. The README "
                    + "(<code>README.md</code>) and the design (<code>docs/DESIGN.md</code>) come with fontd’s source; "
                    + "<code>fontd --help</code> lists the commands.</p>",
                "</main>",
                "</body>",
                "</html>",
            ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The endpoint's path, a link to its example where it has one.
    static func link(_ endpoint: ServiceIndex.Endpoint) -> String {
        let path = "<code>\(HTMLEscaping.text(endpoint.path))</code>"
        guard let example = endpoint.example else { return path }
        return "<a href=\"\(HTMLEscaping.text(example))\">\(path)</a>"
    }

    /// Sizes in `rem`, so the page grows with the browser's own text size; long paths wrap.
    static let pageStyle = """
        body { margin: 1rem; font: 1rem/1.45 sans-serif; color: #222; background: #fff; overflow-wrap: anywhere; }
        main { max-width: 46rem; }
        h1 { font-size: 1.75rem; margin: 0 0 0.5rem; }
        h2 { font-size: 1.25rem; margin: 1.5rem 0 0.5rem; }
        code { font-family: monospace; }
        table { border-collapse: collapse; }
        th, td { text-align: left; vertical-align: top; padding: 0.25rem 0.75rem 0.25rem 0; border-bottom: 1px solid #ddd; }
        """
}
