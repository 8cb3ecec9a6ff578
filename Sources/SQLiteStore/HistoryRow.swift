import DynamicType
import GRDB

/// One row of the `history` table: a change of one scope's own value at its position, with the
/// raw values of §3 (`xl`, `bold`; NULL: inherited) and the scope's path (`''` for the root).
struct HistoryRow: Codable, FetchableRecord, PersistableRecord {
    /// What changed; stored as its raw value.
    enum Kind: String, Codable {
        case category, legibilityWeight, textSpacing
    }

    static let databaseTableName = "history"

    var position: Int
    var sequence: Int
    var isEvent: Bool
    var scope: String
    var kind: Kind
    var value: String?
    var previous: String?

    private enum CodingKeys: String, CodingKey {
        case position, sequence, isEvent = "is_event", scope, kind, value, previous
    }

    init(_ entry: ScopeHistoryEntry) {
        position = entry.position
        sequence = entry.sequence
        isEvent = entry.isEvent
        scope = entry.scope.path
        switch entry.change {
        case .category(let category, let previous):
            (kind, value, self.previous) = (.category, category?.rawValue, previous?.rawValue)
        case .legibilityWeight(let weight, let previous):
            (kind, value, self.previous) = (.legibilityWeight, weight?.rawValue, previous?.rawValue)
        case .textSpacing(let spacing, let previous):
            (kind, value, self.previous) = (.textSpacing, spacing?.rawValue, previous?.rawValue)
        }
    }

    /// The row for a root change of a §4 state, at the position of its sequence; a snapshot is
    /// not a change and is refused.
    init(rootChange event: PreferenceEvent) throws(SQLiteStoreError) {
        let change: ScopeHistoryEntry.Change
        let sequence: Int
        switch event {
        case .categoryChanged(let changed):
            (change, sequence) = (.category(changed.category, previous: changed.previous), changed.sequence)
        case .legibilityWeightChanged(let changed):
            (change, sequence) = (.legibilityWeight(changed.legibilityWeight, previous: changed.previous), changed.sequence)
        case .textSpacingChanged(let changed):
            (change, sequence) = (.textSpacing(changed.textSpacing, previous: changed.previous), changed.sequence)
        case .snapshot, .fontsChanged: throw .notAChange(event.name)
        }
        self.init(ScopeHistoryEntry(position: sequence, sequence: sequence, isEvent: true, scope: .root, change: change))
    }

    /// The entry as the service replays it; a scope or a value this version does not know means
    /// the row was not written by fontd.
    func entry(path: String) throws(SQLiteStoreError) -> ScopeHistoryEntry {
        let entryScope: PreferenceScope
        if scope.isEmpty {
            entryScope = .root
        } else if let parsed = try? PreferenceScope(parsing: scope) {
            entryScope = parsed
        } else {
            throw .damaged(path, reason: "history entry \(position) names the scope '\(scope)', which is not a scope")
        }
        let change: ScopeHistoryEntry.Change = switch kind {
        case .category:
            .category(
                try .stored(value, path: path, in: "history entry \(position)'s category"),
                previous: try .stored(previous, path: path, in: "history entry \(position)'s previous category"))
        case .legibilityWeight:
            .legibilityWeight(
                try .stored(value, path: path, in: "history entry \(position)'s legibility weight"),
                previous: try .stored(previous, path: path, in: "history entry \(position)'s previous legibility weight"))
        case .textSpacing:
            .textSpacing(
                try .stored(value, path: path, in: "history entry \(position)'s text spacing"),
                previous: try .stored(previous, path: path, in: "history entry \(position)'s previous text spacing"))
        }
        return ScopeHistoryEntry(position: position, sequence: sequence, isEvent: isEvent, scope: entryScope, change: change)
    }
}
