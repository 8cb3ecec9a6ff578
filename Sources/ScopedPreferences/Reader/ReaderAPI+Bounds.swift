import DynamicType

extension ReaderAPI {
    /// Refuses a change of `scope`'s bounds that would widen an ancestor's, or leave its minimum
    /// above its maximum (docs/DESIGN.md §23 (Reader scopes and scoped tokens)): a scope's bounds only narrow.
    ///
    /// Checked against the tree as the change finds it; the tightest bounds on the path are the
    /// ones answers clamp into, so an ancestor narrowed later still wins.
    func checkBounds(_ settings: PerPreference<ScopeTree.Setting>, at scope: PreferenceScope) throws(ReaderError) {
        let inherited = scope.parent.map(hub.preferences(of:)) ?? .initial
        let current = hub.preferences(of: scope)
        let lower = ReaderPreference.minimumCategory
        let upper = ReaderPreference.maximumCategory
        let categories = ContentSizeCategory.allCases
        for preference in [lower, upper] {
            guard case .set(let raw) = settings[preference], let value = CategoryBound(rawValue: raw)?.category else { continue }
            let allowed = inherited.range
            guard allowed.clamp(value) != value else { continue }
            // The ancestor bound the value passes: the same end when it widens it, else the other end.
            let passed = allowed.minimum.map { value < $0 } == true ? lower : upper
            let passedBound = passed == lower ? allowed.minimum : allowed.maximum
            let holder = scopeSetting(passed, above: scope)
            throw .outOfBounds(
                setting: "\(preference.wireName) \(value.rawValue)",
                bound: "\(passed.wireName) \(passedBound?.rawValue ?? "none") of \(holder)",
                reason: "a scope's bounds only narrow its ancestors'; \(scope.path)'s \(preference.wireName) may be "
                    + "\((allowed.minimum ?? categories[0]).rawValue) to \((allowed.maximum ?? categories[categories.count - 1]).rawValue), or none to inherit"
            )
        }
        let minimum = bound(settings[lower], lower, current: current.minimumCategory, inherited: inherited.minimumCategory)
        let maximum = bound(settings[upper], upper, current: current.maximumCategory, inherited: inherited.maximumCategory)
        if let minimum, let maximum, minimum > maximum {
            throw .outOfBounds(
                setting: "\(lower.wireName) \(minimum.rawValue)", bound: "\(upper.wireName) \(maximum.rawValue)",
                reason:
                    "\(scope.isRoot ? "the root scope" : scope.path)'s minimum would be above its maximum; lower the one or raise the other"
            )
        }
    }

    /// The scope's effective bound after `setting`: its own, if any, tightened by the inherited one.
    private func bound(
        _ setting: ScopeTree.Setting, _ preference: ReaderPreference, current: CategoryBound, inherited: CategoryBound
    ) -> ContentSizeCategory? {
        let clamp = preference.declaration.clamp ?? .upper
        return switch setting {
        case .keep: current.category
        case .clear: inherited.category
        case .set(let raw): CategoryBound(rawValue: clamp.tighter(inherited.rawValue, raw))?.category
        }
    }

    /// The nearest scope above `scope` that sets `preference` itself (the root when none below it does), as a message names it.
    private func scopeSetting(_ preference: ReaderPreference, above scope: PreferenceScope) -> String {
        var current = scope.parent
        while let ancestor = current, !ancestor.isRoot, hub.answer(for: ancestor).inherited?.contains(preference.wireName) != false {
            current = ancestor.parent
        }
        return current.map { $0.isRoot ? "the root scope" : "scope \($0.path)" } ?? "the root scope"
    }
}
