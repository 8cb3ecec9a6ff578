import DynamicType

extension Preferences {
    /// Applies one change: it must carry the next sequence and, as its `previous`, the value it
    /// replaces — so the stored history stays a chain the event stream can replay.
    mutating func apply(_ change: PreferenceEvent) throws(SQLiteStoreError) {
        let (next, overflow) = sequence.addingReportingOverflow(1)
        guard !overflow, change.sequence == next else { throw .outOfOrder(expected: next, got: change.sequence) }
        switch change {
        case .categoryChanged(let change):
            guard change.previous == category else {
                throw .previousMismatch(sequence: change.sequence, expected: category.rawValue, got: change.previous.rawValue)
            }
            category = change.category
        case .legibilityWeightChanged(let change):
            guard change.previous == legibilityWeight else {
                throw .previousMismatch(sequence: change.sequence, expected: legibilityWeight.rawValue, got: change.previous.rawValue)
            }
            legibilityWeight = change.legibilityWeight
        case .snapshot:
            throw .notAChange(change.name)
        }
        sequence = next
    }
}
