/// The reader chose another reading font, or none (docs/DESIGN.md §33 (The reading font)).
///
/// The data of a `readingFontDidChange` event:
/// `{"readingFont": "OpenDyslexic", "previous": null, "sequence": 45}`.
public struct ReadingFontChange: Hashable, Sendable, Codable {
    /// The scope (docs/DESIGN.md §23 (Reader scopes and scoped tokens)) whose preference this is; nil for the root scope.
    public var scope: String?
    public var readingFont: ReadingFont
    public var previous: ReadingFont
    public var sequence: Int

    public init(scope: String? = nil, readingFont: ReadingFont, previous: ReadingFont, sequence: Int) {
        self.scope = scope
        self.readingFont = readingFont
        self.previous = previous
        self.sequence = sequence
    }
}

extension ReadingFontChange: ReaderChange {
    public init(scope: String?, value: ReadingFont, previous: ReadingFont, sequence: Int) {
        self.init(scope: scope, readingFont: value, previous: previous, sequence: sequence)
    }

    public var value: ReadingFont { readingFont }
}
