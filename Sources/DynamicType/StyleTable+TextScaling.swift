extension StyleTable {
    /// Each category's text-scaling ratio: the `body` size at it ÷ the `body` size at `l`, exact
    /// (docs/DESIGN.md §26 (The desktop bridge), The desktop bridge); nil when the table has no `body`.
    ///
    /// What GNOME's `text-scaling-factor` is compared with, and what a stylesheet writes as
    /// `--fontd-scale`.
    public var textScalingRatios: CategoryTable<Double>? {
        guard let body = try? definition(of: .body) else { return nil }
        let base = body.size(at: .default).size
        return CategoryTable { body.size(at: $0).size / base }
    }
}
