import DynamicType
import GRDB

/// One row of the `changes` table: a change of the category or of the legibility weight, by
/// its sequence, with the raw values of §3 (`xl`, `bold`).
struct ChangeRecord: Codable, FetchableRecord, PersistableRecord {
    /// What changed; stored as its raw value.
    enum Kind: String, Codable {
        case category, legibilityWeight
    }

    static let databaseTableName = "changes"

    var sequence: Int
    var kind: Kind
    var value: String
    var previous: String

    /// The row for a change; a snapshot is not a change and is refused.
    init(_ event: PreferenceEvent) throws(SQLiteStoreError) {
        switch event {
        case .categoryChanged(let change):
            self.init(sequence: change.sequence, kind: .category, value: change.category.rawValue, previous: change.previous.rawValue)
        case .legibilityWeightChanged(let change):
            self.init(
                sequence: change.sequence, kind: .legibilityWeight,
                value: change.legibilityWeight.rawValue, previous: change.previous.rawValue)
        case .snapshot:
            throw .notAChange(event.name)
        }
    }

    init(sequence: Int, kind: Kind, value: String, previous: String) {
        self.sequence = sequence
        self.kind = kind
        self.value = value
        self.previous = previous
    }

    /// The change as the event stream tells it; a value this version does not know means the
    /// row was not written by fontd.
    func event(path: String) throws(SQLiteStoreError) -> PreferenceEvent {
        switch kind {
        case .category:
            guard let category = ContentSizeCategory(rawValue: value), let previous = ContentSizeCategory(rawValue: previous) else {
                throw .damaged(path, reason: "change \(sequence) names the category '\(value)' after '\(previous)'")
            }
            return .categoryChanged(CategoryChange(category: category, previous: previous, sequence: sequence))
        case .legibilityWeight:
            guard let weight = LegibilityWeight(rawValue: value), let previous = LegibilityWeight(rawValue: previous) else {
                throw .damaged(path, reason: "change \(sequence) names the legibility weight '\(value)' after '\(previous)'")
            }
            return .legibilityWeightChanged(LegibilityWeightChange(legibilityWeight: weight, previous: previous, sequence: sequence))
        }
    }
}
