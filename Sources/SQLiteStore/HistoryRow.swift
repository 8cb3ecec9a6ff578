import DynamicType
import GRDB
import ScopedPreferences

/// One row of the `history` table: a change of one scope's own value at its position, with the
/// preference's wire name as `kind`, the raw values (`xl`, `bold`; NULL: inherited) of §3 (Vocabulary) and the
/// scope's path (`''` for the root).
struct HistoryRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "history"

    var position: Int
    var sequence: Int
    var isEvent: Bool
    var scope: String
    var kind: String
    var value: String?
    var previous: String?

    private enum CodingKeys: String, CodingKey {
        case position, sequence
        case isEvent = "is_event"
        case scope, kind, value, previous
    }

    init(_ entry: ScopeHistoryEntry) {
        position = entry.position
        sequence = entry.sequence
        isEvent = entry.isEvent
        scope = entry.scope.path
        kind = entry.change.preference.wireName
        value = entry.change.value
        previous = entry.change.previous
    }

    /// The entry as the service replays it; a scope, a kind or a value this version does not
    /// know means the row was not written by fontd.
    func entry(path: String) throws(SQLiteStoreError) -> ScopeHistoryEntry {
        let entryScope: PreferenceScope
        if scope.isEmpty {
            entryScope = .root
        } else if let parsed = try? PreferenceScope(parsing: scope) {
            entryScope = parsed
        } else {
            throw .damaged(path, reason: "history entry \(position) names the scope '\(scope)', which is not a scope")
        }
        guard let preference = ReaderPreference(wireName: kind) else {
            throw .damaged(path, reason: "history entry \(position) is of the kind '\(kind)'")
        }
        for (raw, which) in [(value, ""), (previous, "previous ")] {
            if let raw, !preference.declaration.isRawValue(raw) {
                throw .damaged(
                    path,
                    reason: "history entry \(position)'s \(which)\(preference.declaration.noun) holds '\(raw)', which fontd does not know")
            }
        }
        return ScopeHistoryEntry(
            position: position, sequence: sequence, isEvent: isEvent, scope: entryScope,
            change: ScopeHistoryEntry.Change(preference, value: value, previous: previous))
    }
}
