/// How much history a tree keeps (docs/DESIGN.md §23 (Reader scopes and scoped tokens), "Quotas"): the newest `window` entries of
/// the whole store, and for each scope with a value of its own its newest `perScope` even when
/// older — but never more than `window` such older entries in all, so at most 2 × `window`
/// entries whatever the number of scopes.
public struct Retention: Sendable {
    public var window: Int
    public var perScope: Int

    public init(window: Int = 100_000, perScope: Int = 1024) {
        self.window = max(1, window)
        self.perScope = max(1, perScope)
    }
}

/// How many scopes other than the root may have values of their own: in all (`--max-scopes`)
/// and per reader (`--max-scopes-per-reader`).
public struct ScopeLimits: Sendable {
    public var maximumScopes: Int
    public var maximumScopesPerReader: Int

    public init(maximumScopes: Int = 1_000_000, maximumScopesPerReader: Int = 64) {
        self.maximumScopes = maximumScopes
        self.maximumScopesPerReader = maximumScopesPerReader
    }
}
