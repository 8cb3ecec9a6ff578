import DynamicType
import Foundation
import GRDB
import Synchronization

/// The reader's preferences and their history in an SQLite database (WAL, synchronous = FULL),
/// through GRDB.
///
/// One store is one file, held with an exclusive lock from `open` to `close()` so that one
/// fontd at a time owns it. Every commit is durable when it returns: in WAL mode with
/// `synchronous = FULL`, SQLite fsyncs the log at each commit (GRDB's WAL default, `NORMAL`,
/// does not). The newest `keptChanges` changes are kept; older ones are pruned in the commit
/// that passes the bound.
///
/// A `DatabaseQueue` (one connection) rather than a `DatabasePool`: writes are one at a time
/// anyway, reads are a row and a range of the history, and one connection means the
/// `synchronous` setting read back is the one every commit runs under.
///
/// Any thread may call it; a mutex makes the calls, and `close()`, one at a time.
public final class SQLitePreferenceStore: Sendable {
    /// How many changes a store keeps unless told otherwise (docs/DESIGN.md §10: at least 100,000 in all).
    public static let defaultKeptChanges = 100_000

    /// The database file.
    public let path: String
    /// Whether the file did not exist, or held no schema, before this open: a state file may
    /// be imported into it.
    public let wasCreated: Bool
    /// How many of the newest changes are kept.
    public let keptChanges: Int

    private struct Connection {
        let database: DatabaseQueue
        let lock: StoreFileLock
    }

    /// Nil once closed.
    private let connection: Mutex<Connection?>

    private init(path: String, wasCreated: Bool, keptChanges: Int, connection: Connection) {
        self.path = path
        self.wasCreated = wasCreated
        self.keptChanges = keptChanges
        self.connection = Mutex(connection)
    }

    deinit { close() }

    /// Opens the store at `path`, creating it (and its directory, mode 0700) when missing.
    ///
    /// A file that is not a fontd store is refused with `.damaged` and left exactly as it was;
    /// a store another open holds is refused with `.locked` at once.
    ///
    /// - Parameter keptChanges: how many of the newest changes to keep (at least 1).
    public static func open(path: String, keptChanges: Int = defaultKeptChanges) throws(SQLiteStoreError) -> SQLitePreferenceStore {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            do {
                try FileManager.default.createDirectory(
                    atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw .unwritable(path, reason: "its directory \(directory) cannot be made (\(error.localizedDescription))")
            }
        }
        let lock = try StoreFileLock(path: path)
        // SQLite refuses such a file too (SQLITE_NOTADB), but looking first means a file that
        // is not a database never reaches a read-write connection, and the reason is plain.
        let header = try lock.prefix(16)
        guard header.isEmpty || header == Array("SQLite format 3\0".utf8) else {
            throw .damaged(path, reason: "it is not an SQLite database")
        }

        var configuration = Configuration()
        configuration.label = "fontd.store"
        // Only an SQLite program other than fontd (the lock keeps fontd out) can hold the file busy.
        configuration.busyMode = .timeout(5)
        // synchronous is a setting of the connection, set before anything is written. The
        // journal mode stays GRDB's `.default`: its `.wal` would switch the file to WAL (writing
        // its header) before the file is known to be a fontd store, and set synchronous = NORMAL.
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
        let database: DatabaseQueue
        do { database = try DatabaseQueue(path: path, configuration: configuration) } catch { throw .from(error, path: path) }
        do {
            let isNew = try database.read { db in try StoreSchema.isNew(db, path: path) }
            try database.writeWithoutTransaction { db in
                let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
                guard mode == "wal" else {
                    throw SQLiteStoreError.unwritable(path, reason: "SQLite keeps its journal mode at \(mode ?? "nothing") instead of WAL")
                }
            }
            try StoreSchema.migrator.migrate(database)
            let synchronous = try database.read { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") }
            guard synchronous == 2 else {
                throw SQLiteStoreError.sqlite(path, reason: "PRAGMA synchronous reads back \(synchronous.map(String.init) ?? "nothing"), not 2 (FULL)")
            }
            return SQLitePreferenceStore(
                path: path, wasCreated: isNew, keptChanges: max(1, keptChanges), connection: Connection(database: database, lock: lock))
        } catch {
            // Closed before the lock goes with `lock`, so no other open overlaps this connection.
            try? database.close()
            throw .from(error, path: path)
        }
    }

    /// The current preferences with their sequence, and the newest `historyLimit` changes,
    /// oldest first.
    public func load(historyLimit: Int) throws(SQLiteStoreError) -> StoredPreferences {
        let path = path
        return try withDatabase { database in
            try database.read { db in
                let preferences = try CurrentPreferencesRecord.fetch(db, path: path)
                let newest = try ChangeRecord.order(Column("sequence").desc).limit(max(0, historyLimit)).fetchAll(db)
                return StoredPreferences(preferences: preferences, history: try newest.reversed().map { try $0.event(path: path) })
            }
        }
    }

    /// Appends `changes` and makes their values current, in one transaction, durable when this
    /// returns. Nothing is written when any change is refused: a snapshot, a sequence that
    /// does not follow the stored one, a `previous` that is not the stored value.
    public func commit(_ changes: [PreferenceEvent]) throws(SQLiteStoreError) {
        let records = try changes.map { change throws(SQLiteStoreError) in try ChangeRecord(change) }
        guard !records.isEmpty else { return }
        let (path, keptChanges) = (path, keptChanges)
        try withDatabase { database in
            try database.write { db in
                var preferences = try CurrentPreferencesRecord.fetch(db, path: path)
                for (change, record) in zip(changes, records) {
                    try preferences.apply(change)
                    try record.insert(db)
                }
                try CurrentPreferencesRecord(preferences).update(db)
                // Sequences are consecutive, so this keeps exactly the newest `keptChanges`.
                try db.execute(sql: "DELETE FROM changes WHERE sequence <= ?", arguments: [preferences.sequence - keptChanges])
            }
        }
    }

    /// Every kept change after `sequence`, oldest first; nil when they cannot all be told
    /// (`sequence` is older than the oldest kept change's predecessor, or from the future), so
    /// the subscriber gets a snapshot instead (docs/DESIGN.md §11).
    public func changes(after sequence: Int) throws(SQLiteStoreError) -> [PreferenceEvent]? {
        let path = path
        return try withDatabase { database in
            try database.read { db -> [PreferenceEvent]? in
                let current = try CurrentPreferencesRecord.fetch(db, path: path).sequence
                let oldest = try Int.fetchOne(db, sql: "SELECT MIN(sequence) FROM changes") ?? current + 1
                guard sequence >= oldest - 1, sequence <= current else { return nil }
                return try ChangeRecord.filter(Column("sequence") > sequence).order(Column("sequence")).fetchAll(db)
                    .map { try $0.event(path: path) }
            }
        }
    }

    /// Puts a state — a §12 state file's preferences, sequence and history — into a store that
    /// has no change yet, in one transaction; the newest `keptChanges` of its history are kept.
    ///
    /// The history must follow the state file's rules (changes only, consecutive sequences
    /// from 1, the last one the state's sequence; none at sequence 0), so whatever a state file
    /// reader accepts can be imported.
    public func importState(_ state: StoredPreferences) throws(SQLiteStoreError) {
        let records = try state.history.map { change throws(SQLiteStoreError) in try ChangeRecord(change) }
        try Self.checkImport(state)
        let (path, kept) = (path, Array(records.suffix(keptChanges)))
        try withDatabase { database in
            try database.write { db in
                let current = try CurrentPreferencesRecord.fetch(db, path: path)
                guard current.sequence == 0, try ChangeRecord.fetchCount(db) == 0 else { throw SQLiteStoreError.notEmpty(path) }
                for record in kept { try record.insert(db) }
                try CurrentPreferencesRecord(state.preferences).update(db)
            }
        }
    }

    /// Refuses a history that a state file reader would refuse.
    private static func checkImport(_ state: StoredPreferences) throws(SQLiteStoreError) {
        guard let last = state.history.last else {
            guard state.preferences.sequence == 0 else {
                throw .invalidImport("the sequence is \(state.preferences.sequence) but the history is empty")
            }
            return
        }
        guard let first = state.history.first, first.sequence >= 1 else {
            throw .invalidImport("the first change's sequence is \(state.history.first?.sequence ?? 0); sequences start at 1")
        }
        for (earlier, later) in zip(state.history, state.history.dropFirst()) where earlier.sequence == Int.max || later.sequence != earlier.sequence + 1 {
            throw .invalidImport("change \(later.sequence) follows change \(earlier.sequence)")
        }
        guard last.sequence == state.preferences.sequence else {
            throw .invalidImport("the last change is \(last.sequence) but the sequence is \(state.preferences.sequence)")
        }
    }

    /// A pragma's value as SQLite reads it back (`PRAGMA synchronous` is `2` for FULL,
    /// `PRAGMA journal_mode` is `wal`); for tests and diagnostics.
    public func pragma(_ name: String) throws(SQLiteStoreError) -> String {
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "_") }) else { throw .invalidPragma(name) }
        return try withDatabase { database in
            try database.read { db in
                switch try DatabaseValue.fetchOne(db, sql: "PRAGMA \(name)")?.storage {
                case .int64(let value)?: String(value)
                case .double(let value)?: String(value)
                case .string(let value)?: value
                case .blob(let value)?: "\(value.count) bytes"
                case .null?, nil: ""
                }
            }
        }
    }

    /// Closes the database, then releases the lock, so another open may follow; calls after
    /// this throw `.closed`. Closing again does nothing.
    public func close() {
        let connection = connection.withLock { connection in
            defer { connection = nil }
            return connection
        }
        guard let connection else { return }
        try? connection.database.close()
        connection.lock.release()
    }

    /// Runs `body` on the open database, one call at a time, with its errors as the store's.
    private func withDatabase<T: Sendable>(_ body: (DatabaseQueue) throws -> T) throws(SQLiteStoreError) -> T {
        do {
            return try connection.withLock { connection throws -> T in
                guard let connection else { throw SQLiteStoreError.closed(path) }
                return try body(connection.database)
            }
        } catch {
            throw .from(error, path: path)
        }
    }
}
