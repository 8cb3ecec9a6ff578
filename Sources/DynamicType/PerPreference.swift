/// One value for each reader preference (docs/DESIGN.md §10 (Reader preferences)), in `ReaderPreference.allCases`
/// order: a scope's own values, its marks, the effective values.
public struct PerPreference<Value: Hashable & Sendable>: Hashable, Sendable {
    private var slots: [Value]

    /// `value` for every preference.
    public init(repeating value: Value) {
        slots = Array(repeating: value, count: ReaderPreference.allCases.count)
    }

    /// `value(preference)` for each preference.
    public init(_ value: (ReaderPreference) throws -> Value) rethrows {
        slots = try ReaderPreference.allCases.map(value)
    }

    public subscript(preference: ReaderPreference) -> Value {
        get { slots[preference.ordinal] }
        set { slots[preference.ordinal] = newValue }
    }

    /// The preferences whose value passes `isIncluded`, in `allCases` order.
    public func preferences(where isIncluded: (Value) -> Bool) -> [ReaderPreference] {
        ReaderPreference.allCases.filter { isIncluded(self[$0]) }
    }
}

extension PerPreference where Value == String {
    /// `preference`'s raw value typed as a `Typed`; `fallback` when it is not one of `Typed`'s raw values.
    /// Setting stores the new value's raw value.
    public subscript<Typed: ReaderValue>(preference: ReaderPreference, else fallback: Typed) -> Typed {
        get { Typed(rawValue: self[preference]) ?? fallback }
        set { self[preference] = newValue.rawValue }
    }
}
