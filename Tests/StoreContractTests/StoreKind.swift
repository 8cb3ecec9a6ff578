import DynamicType
import FontdTestSupport
import Foundation
import GRDB
import Logging
import PostgresStore
import PostgresTestSupport
import SQLiteStore
import ScopedPreferences
import Testing

/// The stores that keep the `PreferenceStorage` contract, for the contract suite's arguments.
enum StoreKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite, postgres

    var testDescription: String { rawValue }
}

/// How a store refused a commit, whichever store it is.
enum Refusal: Equatable {
    case positionOutOfOrder(expected: Int, got: Int)
    case sequenceBehind(stored: Int, got: Int)
    case invalidCommit
    /// Any other error: the test fails on it.
    case other(String)

    init(_ error: any Error) {
        switch error {
        case SQLiteStoreError.positionOutOfOrder(let expected, let got), PostgresStoreError.positionOutOfOrder(let expected, let got):
            self = .positionOutOfOrder(expected: expected, got: got)
        case SQLiteStoreError.sequenceBehind(let stored, let got), PostgresStoreError.sequenceBehind(let stored, let got):
            self = .sequenceBehind(stored: stored, got: got)
        case SQLiteStoreError.invalidCommit(let reason), PostgresStoreError.invalidCommit(let reason):
            self = reason.isEmpty ? .other("invalidCommit without a reason") : .invalidCommit
        default:
            self = .other(String(describing: error))
        }
    }
}

/// One store of a kind in a place of its own — a new SQLite file, or a new database in the
/// test process's PostgreSQL cluster — that a test may close and open again.
final class StoreUnderTest {
    let kind: StoreKind
    private let directory: URL?
    private let database: String?
    private var sqlite: SQLitePreferenceStore?
    private var postgres: PostgresPreferenceStore?

    convenience init(_ kind: StoreKind) throws {
        try self.init(kind) { _ in }
    }

    /// A new place of `kind`, in which `prepare` is given its name — the SQLite file's path (its
    /// directory exists), or the PostgreSQL database's — to make an older fontd's store there
    /// before the store opens it.
    init(_ kind: StoreKind, preparing prepare: (String) throws -> Void) throws {
        self.kind = kind
        switch kind {
        case .sqlite:
            let directory = try TestPaths.temporaryDirectory()
            self.directory = directory
            database = nil
        case .postgres:
            directory = nil
            database = try PostgresCluster.shared().createDatabase()
        }
        try prepare(database ?? path)
        try open()
    }

    deinit {
        close()
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    private var path: String { directory?.appendingPathComponent("fontd.sqlite").path ?? "" }

    /// Opens the store again (after `close()`).
    func open() throws {
        switch kind {
        case .sqlite: sqlite = try SQLitePreferenceStore.open(path: path)
        case .postgres: postgres = try Self.openPostgres(database: database ?? "")
        }
    }

    /// A PostgreSQL store on `database` of the shared cluster, with short timeouts.
    static func openPostgres(database: String, cluster: PostgresCluster? = nil) throws -> PostgresPreferenceStore {
        let cluster = try cluster ?? PostgresCluster.shared()
        return try PostgresPreferenceStore.open(
            url: cluster.url(database: database), timeoutSeconds: 5, logger: Logger(label: "fontd.test.store"))
    }

    func close() {
        sqlite?.close()
        postgres?.close()
        (sqlite, postgres) = (nil, nil)
    }

    func reopen() throws {
        close()
        try open()
    }

    func load() throws -> StoredScopes {
        if let sqlite { return try sqlite.load() }
        if let postgres { return try postgres.load() }
        throw StoreClosed()
    }

    func commit(_ commit: ScopeCommit) throws {
        if let sqlite { return try sqlite.commit(commit) }
        if let postgres { return try postgres.commit(commit) }
        throw StoreClosed()
    }

    func revocations() throws -> [TokenRevocation] {
        if let sqlite { return try sqlite.revocations() }
        if let postgres { return try postgres.revocations() }
        throw StoreClosed()
    }

    func revoke(_ revocation: TokenRevocation) throws {
        if let sqlite { return try sqlite.revoke(revocation) }
        if let postgres { return try postgres.revoke(revocation) }
        throw StoreClosed()
    }

    /// How the store refuses `commit`; nil when it keeps it.
    func refusal(of commit: ScopeCommit) -> Refusal? {
        do {
            try self.commit(commit)
            return nil
        } catch {
            return Refusal(error)
        }
    }

    /// The one value `sql` selects, as text (`t`/`f` or `1`/`0` for booleans: compare with `isTrue`), read behind the store's back.
    func scalar(_ sql: String) throws -> String {
        switch kind {
        case .sqlite:
            let database = try DatabaseQueue(path: path)
            defer { try? database.close() }
            return try database.read { db in try String.fetchOne(db, sql: sql) } ?? ""
        case .postgres:
            return try PostgresCluster.shared().runSQL(sql, database: database ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    struct StoreClosed: Error {}
}

/// The entries and scopes the contract tests commit.
enum Entries {
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
}
