import DynamicType

/// The preferences with a finite set of values packed in one integer, so that a scope's effective
/// preferences fit in an `Atomic` and compare without an allocation (docs/DESIGN.md §10 (Reader preferences)).
///
/// The layout is derived from the declarations, in `ReaderPreference.allCases` order: each preference
/// whose declaration lists its allowed values takes the bits their count needs and holds its value's
/// index among them (a value the declaration does not take packs as its initial one). A free-text
/// preference (the reading font: any family) has no bits here; whoever packs keeps it beside them.
public enum PackedValues {
    /// Where one finite preference sits in the integer.
    struct Field: Sendable {
        let preference: ReaderPreference
        /// Its raw values, in the order its declaration lists them (`none` read as its raw value, empty).
        let rawValues: [String]
        /// The index of the initial value among `rawValues`.
        let initialIndex: Int
        /// The lowest bit it takes.
        let shift: Int
        /// How many bits it takes: enough for `rawValues.count` indices.
        let width: Int

        var mask: UInt64 { (1 << UInt64(width)) - 1 }
    }

    /// The finite preferences' fields, lowest bits first.
    static let fields: [Field] = {
        var shift = 0
        return ReaderPreference.allCases.compactMap { preference in
            let declaration = preference.declaration
            guard !declaration.allowedValues.isEmpty else { return nil }
            var rawValues: [String] = []
            for value in declaration.allowedValues {
                let raw = declaration.isRawValue(value) ? value : ((try? declaration.parse(value)) ?? value)
                if !rawValues.contains(raw) { rawValues.append(raw) }
            }
            if !rawValues.contains(declaration.initialValue) { rawValues.append(declaration.initialValue) }
            let width = max(1, Int.bitWidth - (rawValues.count - 1).leadingZeroBitCount)
            defer { shift += width }
            return Field(
                preference: preference, rawValues: rawValues, initialIndex: rawValues.firstIndex(of: declaration.initialValue) ?? 0,
                shift: shift, width: width)
        }
    }()

    /// How many bits the finite preferences take: the bits above are free for whatever stands for the free-text ones.
    public static let bitCount = fields.last.map { $0.shift + $0.width } ?? 0

    /// The preferences that are packed: those with a finite set of values, in `allCases` order.
    public static var preferences: [ReaderPreference] { fields.map(\.preference) }

    /// `values`' finite preferences packed; the bits from `bitCount` up are zero.
    public static func pack(_ values: PerPreference<String>) -> UInt64 {
        var packed: UInt64 = 0
        for field in fields {
            let index = field.rawValues.firstIndex(of: values[field.preference]) ?? field.initialIndex
            packed |= UInt64(index) << UInt64(field.shift)
        }
        return packed
    }

    /// Sets the finite preferences of `values` to what `packed` holds (an index out of range: the
    /// initial value); the others stay. Builds nothing: the raw values are the layout's own strings.
    public static func unpack(_ packed: UInt64, into values: inout PerPreference<String>) {
        for field in fields {
            let index = Int(packed >> UInt64(field.shift) & field.mask)
            values[field.preference] =
                field.rawValues.indices.contains(index) ? field.rawValues[index] : field.rawValues[field.initialIndex]
        }
    }
}
