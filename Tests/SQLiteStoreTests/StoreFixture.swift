import DynamicType
import Foundation
import GRDB
import SQLiteStore
import ScopedPreferences

/// A store path in a temporary directory of its own (removed by `remove()`), and the changes
/// the tests commit.
///
/// The store suites are serialized: each test blocks a thread of the test process's small
/// concurrency pool on fsyncs, and many at once starve the event-stream tests' tasks of it.
struct StoreFixture {
    let directory: URL
    /// `fontd.sqlite` inside a directory that does not exist yet: `open` makes it.
    let path: String

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("fontd-store-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        path = directory.appendingPathComponent("state/fontd.sqlite").path
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }

    /// Makes the store with `count` root category changes (`rootCategoryCommit`) and closes it.
    func makeStore(withRootChanges count: Int) throws {
        let store = try SQLitePreferenceStore.open(path: path)
        defer { store.close() }
        try store.commit(Self.rootCategoryCommit(count))
    }

    /// The file's bytes now.
    func bytes() throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    /// Runs `body` in a write transaction of a plain GRDB connection to the store's file, as
    /// another program would: the store's lock is a `flock`, which SQLite's own locks ignore.
    func writeBehindTheStoresBack(_ body: (Database) throws -> Void) throws {
        let database = try DatabaseQueue(path: path)
        try database.write(body)
        try database.close()
    }

    /// Makes the store an older fontd left: only the `v1` migration, as it was written, and
    /// `changes` as its rows, which must end at `sequence`.
    func makeVersion1Store(
        category: ContentSizeCategory, legibilityWeight: LegibilityWeight, sequence: Int, changes: [PreferenceEvent]
    ) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let database = try DatabaseQueue(path: path)
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE preferences (
                        id INTEGER PRIMARY KEY CHECK (id = 1),
                        category TEXT NOT NULL,
                        legibility_weight TEXT NOT NULL,
                        sequence INTEGER NOT NULL CHECK (sequence >= 0)
                    ) STRICT;
                    INSERT INTO preferences (id, category, legibility_weight, sequence) VALUES (1, 'l', 'regular', 0);
                    CREATE TABLE changes (
                        sequence INTEGER PRIMARY KEY CHECK (sequence >= 1),
                        kind TEXT NOT NULL CHECK (kind IN ('category', 'legibilityWeight')),
                        value TEXT NOT NULL,
                        previous TEXT NOT NULL
                    ) STRICT;
                    """)
        }
        try migrator.migrate(database)
        try database.write { db in
            for change in changes {
                let (kind, value, previous) =
                    switch change {
                    case .categoryChanged(let change): ("category", change.value.rawValue, change.previous.rawValue)
                    case .legibilityWeightChanged(let change):
                        ("legibilityWeight", change.value.rawValue, change.previous.rawValue)
                    default: ("snapshot", "", "")  // the first store knew only these two
                    }
                try db.execute(
                    sql: "INSERT INTO changes (sequence, kind, value, previous) VALUES (?, ?, ?, ?)",
                    arguments: [change.sequence, kind, value, previous])
            }
            try db.execute(
                sql: "UPDATE preferences SET category = ?, legibility_weight = ?, sequence = ?",
                arguments: [category.rawValue, legibilityWeight.rawValue, sequence])
        }
        try database.close()
    }

    static func scope(_ path: String) throws -> PreferenceScope { try PreferenceScope(parsing: path) }

    /// An entry of `scope` that is an event, its id its position unless told.
    static func entry(
        _ position: Int, sequence: Int? = nil, isEvent: Bool = true, _ scope: PreferenceScope, _ change: ScopeHistoryEntry.Change
    ) -> ScopeHistoryEntry {
        ScopeHistoryEntry(position: position, sequence: sequence ?? position, isEvent: isEvent, scope: scope, change: change)
    }

    /// An entry of the root scope that is an event, its id its position unless told.
    static func entry(_ position: Int, sequence: Int? = nil, isEvent: Bool = true, _ change: ScopeHistoryEntry.Change) -> ScopeHistoryEntry
    {
        entry(position, sequence: sequence, isEvent: isEvent, .root, change)
    }

    /// One commit of `count` root category changes from `l` (position and sequence `1...count`),
    /// each to a category other than the one before, with the root as they leave it.
    static func rootCategoryCommit(_ count: Int) -> ScopeCommit {
        var root = ScopeRecord.initialRoot
        var entries: [ScopeHistoryEntry] = []
        for case .categoryChanged(let changed) in categoryChanges(count) {
            root.category = changed.value
            root.categoryMark = changed.sequence
            entries.append(entry(changed.sequence, .category(changed.value, previous: changed.previous)))
        }
        return ScopeCommit(entries: entries, scopes: [root], sequence: count)
    }

    static func category(_ sequence: Int, _ category: ContentSizeCategory, from previous: ContentSizeCategory) -> PreferenceEvent {
        .categoryChanged(PreferenceChange(value: category, previous: previous, sequence: sequence))
    }

    static func weight(_ sequence: Int, _ weight: LegibilityWeight, from previous: LegibilityWeight) -> PreferenceEvent {
        .legibilityWeightChanged(PreferenceChange(value: weight, previous: previous, sequence: sequence))
    }

    /// The history entries of root changes, each at the position of its id.
    static func entries(_ events: [PreferenceEvent]) -> [ScopeHistoryEntry] {
        events.compactMap { event in
            event.change.map { change in
                entry(
                    change.payload.sequence,
                    ScopeHistoryEntry.Change(
                        change.preference, value: change.payload.rawValues.value, previous: change.payload.rawValues.previous))
            }
        }
    }

    /// Changes `1...count` from `l`, each a category change to a category other than the one before.
    static func categoryChanges(_ count: Int) -> [PreferenceEvent] {
        let cycle = ContentSizeCategory.allCases
        var previous = ContentSizeCategory.large
        return (1...count).map { sequence in
            var next = cycle[sequence % cycle.count]
            if next == previous { next = cycle[(sequence + 1) % cycle.count] }
            defer { previous = next }
            return category(sequence, next, from: previous)
        }
    }

    /// A state like the state file's example (§12 (The store and the state file)) grown to seven changes: xl / bold
    /// at sequence 7, as `StateFileStorage.load()` reads one (the root without marks: the import sets them).
    static let importedState = StoredScopes(
        sequence: 7, position: 7, scopes: [ScopeRecord(scope: .root, category: .extraLarge, legibilityWeight: .bold)],
        history: importedScopes.history)

    /// `importedState` as the store holds it: root entries at the positions of their sequences,
    /// the marks the newest change of each kind.
    static let importedScopes = StoredScopes(
        sequence: 7, position: 7,
        scopes: [ScopeRecord(scope: .root, category: .extraLarge, legibilityWeight: .bold, categoryMark: 7, legibilityWeightMark: 6)],
        history: [
            Self.entry(1, .category(.extraLarge, previous: .large)),
            Self.entry(2, .legibilityWeight(.bold, previous: .regular)),
            Self.entry(3, .category(.accessibilityMedium, previous: .extraLarge)),
            Self.entry(4, .category(.small, previous: .accessibilityMedium)),
            Self.entry(5, .legibilityWeight(.regular, previous: .bold)),
            Self.entry(6, .legibilityWeight(.bold, previous: .regular)),
            Self.entry(7, .category(.extraLarge, previous: .small)),
        ])
}
