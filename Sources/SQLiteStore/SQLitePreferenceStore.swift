import DynamicType
import Foundation
import GRDB
import GRDBSQLite
import ScopedPreferences
import Synchronization

/// The scopes' preferences and their history (docs/DESIGN.md §23 (Reader scopes and scoped tokens)) in an SQLite database (WAL,
/// synchronous = FULL), through GRDB.
///
/// One store is one file, held with an exclusive lock from `open` to `close()` so that one
/// fontd at a time owns it. Every commit is durable when it returns: in WAL mode with
/// `synchronous = FULL`, SQLite fsyncs the log at each commit (GRDB's WAL default, `NORMAL`,
/// does not). The store keeps what it is given: which older entries to drop is the service's
/// decision, carried by each commit.
///
/// A `DatabaseQueue` (one connection) rather than a `DatabasePool`: writes are one at a time
/// anyway, the store is read once as the service starts, and one connection means the
/// `synchronous` setting read back is the one every commit runs under.
///
/// A full disk (docs/DESIGN.md §12 (The store and the state file)) is a refusal, `.diskFull`, never a wedge: the log is checkpointed
/// often enough that it never takes the room its own checkpoint needs (`autocheckpointPages`), a
/// write that finds the disk full is tried once more after a `TRUNCATE` checkpoint, and the next
/// write tries again by itself. A write-ahead log removed or replaced under the store stops its
/// writes (`.writeAheadLogReplaced`) before one is acknowledged that a restart would not find.
///
/// Any thread may call it; a mutex makes the calls, and `close()`, one at a time.
public final class SQLitePreferenceStore: Sendable {
    /// The database file.
    public let path: String
    /// Whether the file did not exist, or held no schema, before this open: a state file may
    /// be imported into it.
    public let wasCreated: Bool
    /// Whether the store is held in SQLite's exclusive locking mode, without the shared-memory
    /// index beside it (`PATH-shm`): the open fell back to it because that index could not be
    /// made (a full disk). No other program can then read the store while fontd holds it.
    public let isExclusive: Bool

    private struct Connection {
        let database: DatabaseQueue
        let lock: StoreFileLock
        /// The write-ahead log as the store was opened; nil when there was none to record.
        let log: WriteAheadLogIdentity?
        /// Set once the log is found removed or replaced: every later write is refused with it.
        var refusal: SQLiteStoreError?
    }

    /// Nil once closed.
    private let connection: Mutex<Connection?>

    /// The fewest log pages after which a commit checkpoints: 64 KiB of log.
    static let minimumAutocheckpointPages = 16

    /// Log pages after which a commit checkpoints, for a store in `directory`: SQLite's 1000
    /// (4 MiB) where the disk has room for four such logs, else a quarter of the free room, at
    /// least `minimumAutocheckpointPages`. With SQLite's 1000 on a small disk the log filled the
    /// disk before any checkpoint, and a checkpoint needs room in the file before it can empty the
    /// log: every write failed, restarts included. A smaller log costs a checkpoint (an fsync of
    /// the file) every few commits, so it is kept for disks with little room.
    static func autocheckpointPages(directory: String) -> Int {
        var status = statvfs()
        guard statvfs(directory.isEmpty ? "." : directory, &status) == 0 else { return minimumAutocheckpointPages }
        let freePages = Int(clamping: UInt64(status.f_bavail).multipliedReportingOverflow(by: UInt64(status.f_frsize)).partialValue / 4096)
        return min(1000, max(minimumAutocheckpointPages, freePages / 4))
    }

    private init(path: String, wasCreated: Bool, isExclusive: Bool, connection: Connection) {
        self.path = path
        self.wasCreated = wasCreated
        self.isExclusive = isExclusive
        self.connection = Mutex(connection)
    }

    deinit { close() }

    /// Opens the store at `path`, creating it (and its directory, mode 0700) when missing; a
    /// symbolic link at `path` is refused with `.symbolicLink`, and nothing is made where it points.
    ///
    /// A file that is not a fontd store is refused with `.damaged` and left exactly as it was;
    /// a store another open holds is refused with `.locked` at once. A store an older fontd
    /// wrote (migration `v1`, the root scope only) is migrated.
    public static func open(path: String) throws(SQLiteStoreError) -> SQLitePreferenceStore {
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

        let database: DatabaseQueue
        var isExclusive = false
        do {
            database = try connect(path: path, exclusive: false)
        } catch let error as DatabaseError where needsExclusiveMode(error) {
            do { database = try connect(path: path, exclusive: true) } catch { throw .from(error, path: path) }
            isExclusive = true
        } catch {
            throw .from(error, path: path)
        }
        do {
            // GRDB passes SQLite no open flags of ours (no SQLITE_OPEN_NOFOLLOW): the lock's
            // O_NOFOLLOW refused a link, and this refuses one put there since.
            guard lock.isFile(at: path) else { throw SQLiteStoreError.symbolicLink(path) }
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
                throw SQLiteStoreError.sqlite(
                    path, reason: "PRAGMA synchronous reads back \(synchronous.map(String.init) ?? "nothing"), not 2 (FULL)")
            }
            let connection = Connection(database: database, lock: lock, log: WriteAheadLogIdentity(storePath: path))
            return SQLitePreferenceStore(path: path, wasCreated: isNew, isExclusive: isExclusive, connection: connection)
        } catch {
            // Closed before the lock goes with `lock`, so no other open overlaps this connection.
            try? database.close()
            throw .from(error, path: path)
        }
    }

    /// A connection to the file at `path`, read once (which makes the WAL index, when the file
    /// is in WAL mode); `exclusive` for SQLite's exclusive locking mode, which keeps that index
    /// in memory instead of in `PATH-shm`.
    private static func connect(path: String, exclusive: Bool) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.label = "fontd.store"
        // Only an SQLite program other than fontd (the lock keeps fontd out) can hold the file busy.
        configuration.busyMode = .timeout(5)
        // synchronous is a setting of the connection, set before anything is written. The
        // journal mode stays GRDB's `.default`: its `.wal` would switch the file to WAL (writing
        // its header) before the file is known to be a fontd store, and set synchronous = NORMAL.
        // The locking mode must be set before the first access to a WAL file to spare its index.
        configuration.prepareDatabase { db in
            if exclusive { try db.execute(sql: "PRAGMA locking_mode = EXCLUSIVE") }
            try db.execute(sql: "PRAGMA synchronous = FULL")
            try db.execute(
                sql: "PRAGMA wal_autocheckpoint = \(autocheckpointPages(directory: (path as NSString).deletingLastPathComponent))")
        }
        let database = try DatabaseQueue(path: path, configuration: configuration)
        do {
            _ = try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") }
        } catch {
            try? database.close()
            throw error
        }
        return database
    }

    /// Whether an open failed because SQLite's shared-memory index (`PATH-shm`) could not be made
    /// or grown, which a full disk does to a store in WAL mode: reads need that index, and the
    /// exclusive locking mode keeps it in memory, so a store on a full disk still opens and serves.
    private static func needsExclusiveMode(_ error: DatabaseError) -> Bool {
        switch error.extendedResultCode {
        case .SQLITE_FULL, .SQLITE_IOERR_SHMSIZE, .SQLITE_IOERR_SHMOPEN, .SQLITE_IOERR_SHMMAP: true
        default: false
        }
    }

    /// Everything the store holds: the root scope first, then every other scope with a value of
    /// its own by path, the kept history by position, the dropped-through sequences, the
    /// store's sequence and position.
    ///
    /// - Throws: `.damaged` for a row fontd would not have written (a value or scope it does
    ///   not know, a scope with no value of its own).
    public func load() throws(SQLiteStoreError) -> StoredScopes {
        let path = path
        return try withDatabase { database in
            try database.read { db in
                let row = try RootRow.fetch(db, path: path)
                let others = try ScopeRow.order(Column("scope")).fetchAll(db)
                let history = try HistoryRow.order(Column("position")).fetchAll(db)
                var droppedThrough: [PreferenceScope: Int] = [:]
                for dropped in try Row.fetchAll(db, sql: "SELECT scope, through_sequence FROM dropped_history") {
                    let (name, sequence): (String, Int) = (dropped["scope"], dropped["through_sequence"])
                    guard let scope = name.isEmpty ? .root : try? PreferenceScope(parsing: name) else {
                        throw SQLiteStoreError.damaged(
                            path, reason: "its dropped_history table names the scope '\(name)', which is not a scope")
                    }
                    droppedThrough[scope] = sequence
                }
                return StoredScopes(
                    sequence: row.sequence, position: row.position,
                    scopes: try [row.root(path: path)] + others.map { row throws(SQLiteStoreError) in try row.record(path: path) },
                    history: try history.map { row throws(SQLiteStoreError) in try row.entry(path: path) },
                    droppedThrough: droppedThrough)
            }
        }
    }

    /// Keeps `commit` in one transaction, durable when this returns: its entries appended, its
    /// scopes written (the root's values in the preferences row, another scope upserted, or
    /// deleted when it holds no value of its own), the store's sequence and position advanced,
    /// and its drops made. Nothing is written when the commit is refused.
    ///
    /// - Throws: `.positionOutOfOrder` when the entries do not follow the stored position one
    ///   by one (first, so a commit behind in both is this); `.sequenceBehind` for a sequence lower than the stored one; `.invalidCommit`
    ///   for a root value cleared or an entry whose sequence is beyond the commit's.
    public func commit(_ commit: ScopeCommit) throws(SQLiteStoreError) {
        for entry in commit.entries where entry.sequence > commit.sequence {
            throw .invalidCommit("history entry \(entry.position) has sequence \(entry.sequence), beyond the commit's \(commit.sequence)")
        }
        let path = path
        try write { db in
            var row = try RootRow.fetch(db, path: path)
            for entry in commit.entries {
                let (next, overflow) = row.position.addingReportingOverflow(1)
                guard !overflow, entry.position == next else {
                    throw SQLiteStoreError.positionOutOfOrder(expected: next, got: entry.position)
                }
                try HistoryRow(entry).insert(db)
                row.position = next
            }
            // After the positions: a commit behind in both is one another writer got ahead of, which
            // the caller catches up on; nothing written above is kept when this throws.
            guard commit.sequence >= row.sequence else { throw SQLiteStoreError.sequenceBehind(stored: row.sequence, got: commit.sequence) }
            for record in commit.scopes {
                if record.scope.isRoot {
                    try row.setRoot(record)
                } else if record.isEmpty {
                    try ScopeRow.deleteOne(db, key: record.scope.path)
                } else {
                    try ScopeRow(record).upsert(db)
                }
            }
            row.sequence = commit.sequence
            try row.update(db)
            for drop in commit.drops {
                try db.execute(
                    sql: "DELETE FROM history WHERE scope = ? AND position <= ?", arguments: [drop.scope.path, drop.throughPosition])
                try db.execute(
                    sql: """
                        INSERT INTO dropped_history (scope, through_sequence) VALUES (?, ?)
                        ON CONFLICT (scope) DO UPDATE SET through_sequence = MAX(through_sequence, excluded.through_sequence)
                        """,
                    arguments: [drop.scope.path, drop.throughSequence])
            }
        }
    }

    /// Every revocation of scoped tokens kept, by scope.
    ///
    /// - Throws: `.damaged` for a row that names no scope.
    public func revocations() throws(SQLiteStoreError) -> [TokenRevocation] {
        let path = path
        return try withDatabase { database in
            try database.read { db in
                try Row.fetchAll(db, sql: "SELECT scope, revoked_before FROM revocations ORDER BY scope").map { row in
                    let (name, before): (String, Int) = (row["scope"], row["revoked_before"])
                    guard let scope = try? PreferenceScope(parsing: name) else {
                        throw SQLiteStoreError.damaged(
                            path, reason: "its revocations table names the scope '\(name)', which is not a scope")
                    }
                    return TokenRevocation(scope: scope, revokedBefore: before)
                }
            }
        }
    }

    /// Keeps `revocation` durably, unless a later one of its scope is kept already.
    public func revoke(_ revocation: TokenRevocation) throws(SQLiteStoreError) {
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO revocations (scope, revoked_before) VALUES (?, ?)
                    ON CONFLICT (scope) DO UPDATE SET revoked_before = MAX(revoked_before, excluded.revoked_before)
                    """,
                arguments: [revocation.scope.path, revocation.revokedBefore])
        }
    }

    /// Puts a state — the root scope, sequence and history of a state file (§12 (The store and the state file)), as
    /// `StateFileStorage.load()` reads it — into a store that holds nothing yet, in one transaction: each change
    /// becomes a root entry at the position of its sequence, the root's marks the newest change of each kind, and a
    /// history that does not start at 1 is recorded as dropped before its first change.
    ///
    /// The state must follow the state file's rules (the root scope only; changes of it only, each an event at the
    /// position of its sequence; consecutive sequences, the last one the state's sequence; none at sequence 0), so
    /// whatever a state file reader accepts can be imported.
    public func importState(_ state: StoredScopes) throws(SQLiteStoreError) {
        try Self.checkImport(state)
        let rows = state.history.map(HistoryRow.init)
        let path = path
        try write { db in
            let current = try RootRow.fetch(db, path: path)
            guard current.sequence == 0, current.position == 0, try HistoryRow.fetchCount(db) == 0, try ScopeRow.fetchCount(db) == 0 else {
                throw SQLiteStoreError.notEmpty(path)
            }
            for row in rows { try row.insert(db) }
            var root = current
            let record = state.scopes.first ?? .initialRoot
            root.values = PerPreference { record.values[$0] ?? $0.declaration.initialValue }
            root.marks = PerPreference { preference in rows.last { $0.kind == preference.wireName }?.sequence ?? 0 }
            root.sequence = state.sequence
            root.position = rows.last?.position ?? 0
            try root.update(db)
            if let first = rows.first, first.sequence > 1 {
                try db.execute(sql: "INSERT INTO dropped_history (scope, through_sequence) VALUES ('', ?)", arguments: [first.sequence - 1])
            }
        }
    }

    /// Refuses a state that a state file reader would refuse.
    private static func checkImport(_ state: StoredScopes) throws(SQLiteStoreError) {
        if let scope = state.scopes.first(where: { !$0.scope.isRoot })?.scope {
            throw .invalidImport("it holds the scope '\(scope.path)'; a state file holds the root scope only")
        }
        if let entry = state.history.first(where: { !$0.scope.isRoot || !$0.isEvent || $0.position != $0.sequence }) {
            throw .invalidImport(
                "its entry at position \(entry.position) is not a change of the root announced at that position, as a state file's are")
        }
        guard let last = state.history.last else {
            guard state.sequence == 0 else {
                throw .invalidImport("the sequence is \(state.sequence) but the history is empty")
            }
            return
        }
        let sequences = state.history.map(\.sequence)
        guard let first = sequences.first, first >= 1 else {
            throw .invalidImport("the first change's sequence is \(sequences.first ?? 0); sequences start at 1")
        }
        for (earlier, later) in zip(sequences, sequences.dropFirst()) where earlier == Int.max || later != earlier + 1 {
            throw .invalidImport("change \(later) follows change \(earlier)")
        }
        guard last.sequence == state.sequence else {
            throw .invalidImport("the last change is \(last.sequence) but the sequence is \(state.sequence)")
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
        try withConnection { connection in try body(connection.database) }
    }

    /// Runs `body` on the open connection, one call at a time, with its errors as the store's.
    private func withConnection<T: Sendable>(_ body: (inout Connection) throws -> T) throws(SQLiteStoreError) -> T {
        do {
            return try connection.withLock { connection throws -> T in
                guard var open = connection else { throw SQLiteStoreError.closed(path) }
                defer { connection = open }
                return try body(&open)
            }
        } catch {
            throw .from(error, path: path)
        }
    }

    /// Runs `body` in one transaction, committed and on disk when this returns, and only while the
    /// write-ahead log is the one the store opened: checked before the write, which is then not
    /// made, and after it, before the caller acknowledges it.
    ///
    /// A write that finds the disk full is tried once more after a `TRUNCATE` checkpoint, which
    /// moves the log into the file and frees the log's room; if the disk is still full it is
    /// `.diskFull`, and the next write tries again (nothing is remembered).
    private func write(_ body: (Database) throws -> Void) throws(SQLiteStoreError) {
        let path = path
        try withConnection { connection in
            if let refusal = connection.refusal { throw refusal }
            try Self.checkLog(&connection, path: path)
            try connection.database.writeWithoutTransaction { db in
                do {
                    try db.inTransaction {
                        try body(db)
                        return .commit
                    }
                } catch  where SQLiteStoreError.isDiskFull(error, systemErrno: sqlite3_system_errno(db.sqliteConnection)) {
                    // A disk that filled once may fill again: the log is kept small from now on.
                    try? db.execute(sql: "PRAGMA wal_autocheckpoint = \(Self.minimumAutocheckpointPages)")
                    try? db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
                    do {
                        try db.inTransaction {
                            try body(db)
                            return .commit
                        }
                    } catch {
                        throw SQLiteStoreError.from(error, path: path, systemErrno: sqlite3_system_errno(db.sqliteConnection))
                    }
                }
            }
            try Self.checkLog(&connection, path: path)
        }
    }

    /// Throws, and refuses every later write, when the file at `PATH-wal` is no longer the log
    /// SQLite writes to (docs/DESIGN.md §12 (The store and the state file)). What SQLite holds in its log is first copied into
    /// the store file by a `TRUNCATE` checkpoint, which reads the log through SQLite's own
    /// descriptor: the changes acknowledged before survive a crash that follows.
    private static func checkLog(_ connection: inout Connection, path: String) throws(SQLiteStoreError) {
        guard let log = connection.log, !log.isInPlace else { return }
        let kept =
            (try? connection.database.writeWithoutTransaction { db in
                try Int.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)") == 0
            }) ?? false
        let refusal = SQLiteStoreError.writeAheadLogReplaced(path, kept: kept)
        connection.refusal = refusal
        throw refusal
    }
}
