import DynamicType

/// One style at one category and legibility, as the web outputs need it: the table's entry
/// for its fallback families, the font resolved for it, and what an `@font-face` names.
public struct WebStyle: Hashable, Sendable {
    /// The table's entry: the style's name and its fontconfig family list, used as fallbacks.
    public var definition: TextStyleDefinition
    /// The font resolved at the block's category and legibility weight.
    public var font: ResolvedFont
    /// The face's full name (OpenType name ID 4), for `local("…")`.
    public var fullName: String
    /// The lowercase hex SHA-256 of the face's file; `nil` when the file may not be served,
    /// and then the `@font-face` has no `url()`.
    public var fileHash: String?
    /// The face measured as Capsize measures it (docs/DESIGN.md §32 (Capsize and metrics-exact web)), when a
    /// trim or a fallback was asked for; nil otherwise, and no trim or fallback face is written.
    public var capsize: CapsizeMetrics?
    /// The web font this style's installed face stands in for, when `fallbackFor` was asked.
    public var webFont: WebFont?

    /// A web font a page loads itself, which the installed face is adjusted to stand in for.
    public struct WebFont: Hashable, Sendable {
        /// The family the page's `@font-face` names (`fallbackFor=`).
        public var family: String
        /// The web font's face for this style, measured as Capsize measures it.
        public var metrics: CapsizeMetrics

        public init(family: String, metrics: CapsizeMetrics) {
            self.family = family
            self.metrics = metrics
        }
    }

    /// The metrics the trims are computed from: the web font's when there is one (the face the
    /// page means to show), else the installed face's.
    public var trimMetrics: CapsizeMetrics? { webFont?.metrics ?? capsize }

    /// Capsize's trims at the style's size and line height; nil without metrics.
    public var trim: CapsizeTrim? {
        trimMetrics.map { CapsizeTrim(metrics: $0, fontSize: font.matchedFace.pointSize, lineHeight: font.metrics.lineHeight) }
    }

    /// A style as the web outputs take it; `fileHash` `nil` keeps the face's file off the web.
    public init(
        definition: TextStyleDefinition, font: ResolvedFont, fullName: String, fileHash: String?, capsize: CapsizeMetrics? = nil,
        webFont: WebFont? = nil
    ) {
        self.definition = definition
        self.font = font
        self.fullName = fullName
        self.fileHash = fileHash
        self.capsize = capsize
        self.webFont = webFont
    }
}
