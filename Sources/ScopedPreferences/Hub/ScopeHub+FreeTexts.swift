import DynamicType

extension ScopeHub {
    /// The values of the free-text preferences (the reading font) the root has had, by an id that
    /// stands for them in `packedRoot` above the packed finite values (docs/DESIGN.md §10 (Reader preferences)).
    ///
    /// Id 0 is their initial values (no reading font), which needs no lookup; any other is given once
    /// and never again, so two equal packed roots are equal preferences. Guarded by the hub's lock.
    struct FreeTexts: Sendable {
        /// The preferences kept here: those `PackedValues` has no bits for, in `allCases` order.
        static let preferences = ReaderPreference.allCases.filter { !PackedValues.preferences.contains($0) }
        /// How many sets of values are kept: the root's free-text values change as often as a reader
        /// picks another font — a few, ever. Past it the older half is forgotten.
        static let capacity = 4096

        private var known: [(id: UInt64, values: [String])] = []
        private var nextID: UInt64 = 1

        /// The id of `values`' free-text values, given now when they are new.
        mutating func id(of values: PerPreference<String>) -> UInt64 {
            let texts = Self.preferences.map { values[$0] }
            if texts == Self.preferences.map(\.declaration.initialValue) { return 0 }
            if let entry = known.first(where: { $0.values == texts }) { return entry.id }
            if known.count >= Self.capacity { known.removeFirst(Self.capacity / 2) }
            defer { nextID += 1 }
            known.append((nextID, texts))
            return nextID
        }

        /// Sets the free-text preferences of `values` to those `id` stands for (nothing for 0, or an id forgotten).
        func fill(_ values: inout PerPreference<String>, from id: UInt64) {
            guard id != 0, let texts = known.first(where: { $0.id == id })?.values else { return }
            for (preference, text) in zip(Self.preferences, texts) { values[preference] = text }
        }
    }
}
