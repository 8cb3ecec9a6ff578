import DynamicType

/// One scope's own preferences as a store keeps them (docs/DESIGN.md §23 (Reader scopes and scoped tokens)): the values it set
/// itself (raw values; nil: inherited from its parent) and, per preference, a mark from which the
/// id of the newest change that affected it is told.
///
/// The mark of a preference is the id of the newest change that affected the scope's
/// effective value as of the scope's own last change of it. While the scope has its own value
/// nothing above it can affect that preference, so the mark is the answer; while it inherits,
/// the answer is the larger of the mark and its parent's answer.
public struct ScopeRecord: Hashable, Sendable {
    public var scope: PreferenceScope
    /// The scope's own values as raw values (`xl`, `bold`); nil where it inherits.
    public var values: PerPreference<String?>
    public var marks: PerPreference<Int>

    /// A record of `scope`'s own `values` and `marks`; the root's values it does not give are
    /// the initial ones (the root has every value, and records made before a preference existed
    /// name none for it).
    public init(
        scope: PreferenceScope, values: PerPreference<String?> = .init(repeating: nil), marks: PerPreference<Int> = .init(repeating: 0)
    ) {
        self.scope = scope
        self.values = scope.isRoot ? PerPreference { values[$0] ?? $0.declaration.initialValue } : values
        self.marks = marks
    }

    /// Whether the scope holds no value of its own: a store deletes such a scope (the root excepted).
    public var isEmpty: Bool { values.preferences { $0 != nil }.isEmpty }

    /// The root scope as it starts: every preference's initial value, no change yet.
    public static let initialRoot = ScopeRecord(scope: .root)
}
