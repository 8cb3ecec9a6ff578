extension Preferences {
    /// The answer for a scope whose effective preferences are `values` (raw values, "" for none),
    /// clamped into its bounds: each preference the bounds clamp (`isClampedByBounds`) carries the
    /// clamped category, and `requestedCategory` the reader's own while the scope is bounded.
    ///
    /// No preference is named here, so a new one needs no edit of it (docs/DESIGN.md §10 (Reader preferences)).
    public init(
        scope: String?, values: PerPreference<String>, clampedTo category: ContentSizeCategory, requestedCategory: ContentSizeCategory?,
        sequence: Int, fontGeneration: String? = nil, inherited: [String]? = nil
    ) {
        var fields = values
        for preference in ReaderPreference.allCases where preference.declaration.isClampedByBounds {
            fields[preference] = category.rawValue
        }
        self.init(
            scope: scope, fields: fields, requestedCategory: requestedCategory, sequence: sequence, fontGeneration: fontGeneration,
            inherited: inherited)
    }
}
