/// foot (docs/DESIGN.md §31 (Terminals and editors)): `font=` with `:size=` in `fontd.ini`, which
/// the reader's `foot.ini` includes at its end. A running foot never reads its configuration
/// again, so the outcome is `.restart`: the size applies at the next start. foot reads top to
/// bottom, the last `font=` winning: the first font's `size=` in the reader's own `font=` is the
/// base (docs/DESIGN.md §34 (The reader's own sizes)), and a `font=` of theirs below the include
/// moves it to the end.
public struct Foot: TerminalProgram {
    public static let name = "foot"
    /// foot.ini(5): `font=monospace:size=8` by default, in points.
    static let fontSize = TerminalSize("size", programDefault: 8)
    public static let sizes = [fontSize]
    let folder: ConfigurationFolder
    let environment: [String: String]

    public init(environment: [String: String]) throws(TerminalTargetError) {
        self.environment = environment
        folder = try ConfigurationFolder("foot", environment: environment)
    }

    /// fontd's file.
    public var fontdFile: String { folder.file("fontd.ini") }
    /// The reader's file, which includes fontd's.
    public var readerFile: String { folder.file("foot.ini") }

    public var isPresent: Bool { ConfigurationFolder.isOnPath("foot", environment: environment) || folder.exists }
    public var isConfigured: Bool { folder.exists }

    /// `include` is a key of `[main]`, so the block reopens that section (foot allows it); foot
    /// wants an absolute path.
    private var include: IncludeBlock {
        IncludeBlock(
            comment: "# The reader's text size, from fontd (fontd desktop exclude foot removes these lines)",
            line: "[main]\ninclude=\(fontdFile)")
    }

    /// The `size=` of the first font of the reader's own `font=` (one sized in pixels has none).
    public func found() throws(TerminalTargetError) -> [String: TerminalSize.Found] {
        let first = try readerOwnFonts()?.split(separator: ",").first
        let size = first?.split(separator: ":").lazy.map { $0.trimmed(of: " \t") }.first { $0.hasPrefix("size=") }
        return [Self.fontSize.name: TerminalSize.Found(value: size.flatMap { Double($0.dropFirst("size=".count)) })]
    }

    public func apply(_ sizes: TerminalSizes) throws(TerminalTargetError) -> TerminalOutcome {
        let size = sizes[Self.fontSize]
        let fonts = try readerOwnFonts() ?? size.family
        let text = "# Written by fontd: the reader's text size.\n[main]\nfont=\(Self.fonts(fonts, sized: size.shortest))\n"
        let wrote = try folder.write(text, to: fontdFile)
        // The block ends in [main], so a `font=` after it before another section is main's.
        let included = try include.include(in: readerFile, of: folder) { after in
            Self.readerFonts(Array(after.map { FileBytes.text($0) }.joined(separator: "\n").utf8)) != nil
        }
        guard wrote || included else { return .unchanged }
        return .restart("font size \(size.shortest); foot applies it at the next start (a running foot cannot change)")
    }

    public func exclude() throws(TerminalTargetError) {
        try include.exclude(from: readerFile, of: folder)
        try folder.remove(fontdFile)
    }

    /// The reader's own `font=` in `foot.ini`, fontd's block left out.
    private func readerOwnFonts() throws(TerminalTargetError) -> String? {
        try ConfigurationFolder.read(readerFile).flatMap { Self.readerFonts(Array(include.readerLines($0).joined(separator: "\n").utf8)) }
    }

    /// The value of the reader's own `font=` in `[main]` (the section before any header is main too).
    static func readerFonts(_ bytes: [UInt8]) -> String? {
        var section = "main"
        var fonts: String?
        // Lines end at LF, a CR before it being part of the ending (docs/DESIGN.md §35 (Editing a reader's file)).
        for raw in FileBytes.lines(bytes) {
            let text = FileBytes.text(raw)
            let line = text.drop { $0 == " " || $0 == "\t" }
            if line.hasPrefix("[") {
                section = String(line.dropFirst().prefix { $0 != "]" })
            } else if section == "main", let equals = line.firstIndex(of: "="),
                line[..<equals].trimmed(of: " \t") == "font"
            {
                fonts = String(line[line.index(after: equals)...]).trimmed(of: " \t")
            }
        }
        return fonts.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Each comma-separated font of `fonts` with its `size`/`pixelsize` attribute replaced by `size=points`.
    static func fonts(_ fonts: String, sized points: String) -> String {
        fonts.split(separator: ",").map { font in
            let attributes = font.split(separator: ":").map { $0.trimmed(of: " \t") }
            let kept = attributes.filter { !$0.hasPrefix("size=") && !$0.hasPrefix("pixelsize=") }
            return (kept + ["size=\(points)"]).joined(separator: ":")
        }.joined(separator: ",")
    }
}

extension StringProtocol {
    /// The text without `characters` at either end.
    func trimmed(of characters: String) -> String {
        var text = Substring(self)
        while let first = text.first, characters.contains(first) { text = text.dropFirst() }
        while let last = text.last, characters.contains(last) { text = text.dropLast() }
        return String(text)
    }
}
