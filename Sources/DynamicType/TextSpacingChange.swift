/// The reader turned WCAG text spacing on or off.
///
/// The data of a `textSpacingDidChange` event:
/// `{"textSpacing": "wcag", "previous": "default", "sequence": 44}`.
public struct TextSpacingChange: Hashable, Sendable, Codable {
    /// The scope (docs/DESIGN.md §23 (Reader scopes and scoped tokens)) whose preference this is; nil for the root scope.
    public var scope: String?
    public var textSpacing: TextSpacing
    public var previous: TextSpacing
    public var sequence: Int

    public init(scope: String? = nil, textSpacing: TextSpacing, previous: TextSpacing, sequence: Int) {
        self.scope = scope
        self.textSpacing = textSpacing
        self.previous = previous
        self.sequence = sequence
    }
}

extension TextSpacingChange: ReaderChange {
    public init(scope: String?, value: TextSpacing, previous: TextSpacing, sequence: Int) {
        self.init(scope: scope, textSpacing: value, previous: previous, sequence: sequence)
    }

    public var value: TextSpacing { textSpacing }
}
