import DynamicType
import FontdTestSupport
import Foundation
import Logging
import PostgresTestSupport
import ScopedPreferences
import Synchronization
import Testing

@testable import PostgresStore

/// What only the PostgreSQL store does (docs/DESIGN.md §24 (Replicas on PostgreSQL)): replicas sharing a database,
/// notifications, the URL and the login, and the database going away and coming back.
/// Serialized, as the contract suite is.
@Suite(.serialized, .ownThread) struct PostgresPreferenceStoreTests {
    /// A root category change at `position` (and sequence), from `previous` to `category`, and the root as it leaves it.
    static func rootChange(_ position: Int, _ category: ContentSizeCategory, from previous: ContentSizeCategory) -> ScopeCommit {
        let root = ScopeRecord(scope: .root, category: category, legibilityWeight: .regular, categoryMark: position)
        return ScopeCommit(entries: [Entries.entry(position, .category(category, previous: previous))], scopes: [root], sequence: position)
    }

    static let logger = Logger(label: "fontd.test.postgres")

    @Test func aCommitThroughOneReplicaIsSeenByTheOther() throws {
        let database = try PostgresCluster.shared().createDatabase()
        let (a, b) = (try StoreUnderTest.openPostgres(database: database), try StoreUnderTest.openPostgres(database: database))
        defer {
            a.close()
            b.close()
        }
        let alice = try Entries.scope("alice")
        let aliceRecord = ScopeRecord(scope: alice, legibilityWeight: .bold, legibilityWeightMark: 2)
        try a.commit(Self.rootChange(1, .extraLarge, from: .large))
        try a.commit(
            ScopeCommit(entries: [Entries.entry(2, alice, .legibilityWeight(.bold, previous: nil))], scopes: [aliceRecord], sequence: 2))

        #expect(try b.load() == a.load())
        #expect(try b.entries(after: 0) == a.load().history)
        #expect(try b.entries(after: 1) == [Entries.entry(2, alice, .legibilityWeight(.bold, previous: nil))])
        #expect(try b.entries(after: 2) == [])
        #expect(
            try b.records(of: [alice, .root, try Entries.scope("bob")]) == [
                Self.rootChange(1, .extraLarge, from: .large).scopes[0], aliceRecord,
            ])
        #expect(try b.records(of: [alice]) == [aliceRecord])
    }

    @Test func aCommitFromAReplicaThatHasNotCaughtUpIsRefusedAsPositionOutOfOrder() throws {
        let database = try PostgresCluster.shared().createDatabase()
        let (a, b) = (try StoreUnderTest.openPostgres(database: database), try StoreUnderTest.openPostgres(database: database))
        defer {
            a.close()
            b.close()
        }
        try a.commit(Self.rootChange(1, .extraLarge, from: .large))
        try a.commit(Self.rootChange(2, .medium, from: .extraLarge))
        let kept = try a.load()
        // B planned from position 0, as if A's commits had not happened: behind in position and
        // in sequence, and refused for its position, which is what makes it catch up.
        #expect(throws: PostgresStoreError.positionOutOfOrder(expected: 3, got: 1)) {
            try b.commit(Self.rootChange(1, .small, from: .large))
        }
        #expect(try b.load() == kept)
        // Caught up, B's next plan follows on.
        try b.commit(Self.rootChange(3, .small, from: .medium))
        #expect(try a.load().position == 3)
    }

    @Test func concurrentCommitsOfTwoReplicasTakeConsecutivePositions() throws {
        let database = try PostgresCluster.shared().createDatabase()
        let stores = [try StoreUnderTest.openPostgres(database: database), try StoreUnderTest.openPostgres(database: database)]
        defer { for store in stores { store.close() } }
        // Each replica retries its change from the stored position when refused, as the service does.
        let group = DispatchGroup()
        let refusals = Mutex(0)
        for (index, store) in stores.enumerated() {
            DispatchQueue.global().async(group: group) {
                for _ in 0..<10 {
                    while true {
                        let position = (try? store.load().position) ?? 0
                        let category: ContentSizeCategory = index == 0 ? .small : .extraLarge
                        let commit = ScopeCommit(
                            entries: [Entries.entry(position + 1, .category(category, previous: .large))],
                            scopes: [ScopeRecord(scope: .root, category: category, legibilityWeight: .regular, categoryMark: position + 1)],
                            sequence: position + 1)
                        do {
                            try store.commit(commit)
                            break
                        } catch PostgresStoreError.positionOutOfOrder {
                            refusals.withLock { $0 += 1 }
                        } catch {
                            Issue.record("unexpected \(error)")
                            return
                        }
                    }
                }
            }
        }
        try Wait.signal("every writer to finish", on: group)
        let loaded = try stores[0].load()
        #expect(loaded.history.map(\.position) == Array(1...20))
        #expect((loaded.sequence, loaded.position) == (20, 20))
    }

    @Test func listenHearsTheOtherReplicasCommitsAndThePositionOnConnecting() throws {
        let database = try PostgresCluster.shared().createDatabase()
        let (a, b) = (try StoreUnderTest.openPostgres(database: database), try StoreUnderTest.openPostgres(database: database))
        defer {
            a.close()
            b.close()
        }
        try a.commit(Self.rootChange(1, .extraLarge, from: .large))
        let heard = Heard()
        b.listen { heard.append($0) }
        try heard.wait(for: "positions [1]") { $0 == [1] }
        try a.commit(Self.rootChange(2, .small, from: .extraLarge))
        try a.commit(Self.rootChange(3, .medium, from: .small))
        try heard.wait(for: "positions [1, 2, 3]") { $0 == [1, 2, 3] }
    }

    @Test func replicasOpeningAtOnceMakeTheTablesOnce() throws {
        let cluster = try PostgresCluster.shared()
        let database = try cluster.createDatabase()
        let group = DispatchGroup()
        let failures = Mutex<[String]>([])
        for _ in 0..<4 {
            DispatchQueue.global().async(group: group) {
                do { try StoreUnderTest.openPostgres(database: database).close() } catch {
                    failures.withLock { $0.append(String(describing: error)) }
                }
            }
        }
        try Wait.signal("every writer to finish", on: group)
        #expect(failures.withLock { $0 } == [])
        #expect(
            try cluster.runSQL("SELECT version FROM fontd_schema_version", database: database).trimmingCharacters(
                in: .whitespacesAndNewlines) == "5")
        #expect(
            try cluster.runSQL("SELECT COUNT(*) FROM preferences", database: database).trimmingCharacters(in: .whitespacesAndNewlines)
                == "1")
    }

    @Test func aWrongPasswordIsRefusedWithoutShowingIt() throws {
        let cluster = try PostgresCluster.shared()
        let database = try cluster.createDatabase()
        let wrong = "wrong-\(UUID().uuidString)"
        let error = #expect(throws: PostgresStoreError.self) {
            try PostgresPreferenceStore.open(url: cluster.url(database: database, password: wrong), timeoutSeconds: 5, logger: Self.logger)
        }
        guard case .authenticationFailed(let server, _)? = error else {
            Issue.record("expected authenticationFailed, got \(String(describing: error))")
            return
        }
        #expect(server == "\(cluster.user)@127.0.0.1:\(cluster.port)/\(database)")
        #expect(!String(describing: error).contains(wrong))
        #expect(!String(reflecting: error).contains(wrong))
    }

    @Test func aMissingDatabaseIsNamed() throws {
        let cluster = try PostgresCluster.shared()
        #expect(throws: PostgresStoreError.noSuchDatabase("no_such_db")) {
            try PostgresPreferenceStore.open(url: cluster.url(database: "no_such_db"), timeoutSeconds: 5, logger: Self.logger)
        }
    }

    @Test(arguments: [
        ("mysql://fontd:s3cret-pw@127.0.0.1/db", "postgres://"),
        ("postgres://fontd:s3cret-pw@/db", "no host"),
        ("postgres://:s3cret-pw@127.0.0.1/db", "no user"),
        ("postgres://fontd:s3cret-pw@127.0.0.1:5432", "no database"),
        ("postgres://fontd:s3cret-pw@127.0.0.1:5432/", "no database"),
        ("postgres://fontd:s3cret-pw@127.0.0.1/a/b", "more than a database"),
        ("postgres://fontd:s3cret-pw@127.0.0.1:0/db", "port"),
        ("postgres://fontd:s3cret-pw@127.0.0.1/db?sslmode=sometimes", "sslmode 'sometimes'"),
        ("postgres://fontd:s3cret-pw@127.0.0.1/db?application=x", "'application'"),
        ("postgres://fontd:s3cret-pw@127.0.0.1:port/db", "well-formed"),
        ("postgres://fontd:s3cret-pw@127.0.0.1/db#top", "fragment"),
    ])
    func aMalformedURLIsRefusedSayingWhatIsWrongWithoutThePassword(url: String, says: String) throws {
        let error = #expect(throws: PostgresStoreError.self) { try PostgresPreferenceStore.open(url: url, logger: Self.logger) }
        guard case .invalidURL? = error else {
            Issue.record("expected invalidURL, got \(String(describing: error))")
            return
        }
        let description = String(describing: error)
        #expect(description.contains(says))
        #expect(!description.contains("s3cret-pw"))
    }

    @Test func anUnreachableServerIsUnavailable() throws {
        // A port nothing listens on: the shared cluster's, plus one, is as good as any, after checking.
        let cluster = try PostgresCluster.shared()
        let url = "postgres://fontd:secret@127.0.0.1:\(cluster.port == 65535 ? 1 : cluster.port + 1)/db?sslmode=disable"
        let error = #expect(throws: PostgresStoreError.self) {
            try PostgresPreferenceStore.open(url: url, timeoutSeconds: 3, logger: Self.logger)
        }
        guard case .unavailable(let reason)? = error else {
            Issue.record("expected unavailable, got \(String(describing: error))")
            return
        }
        #expect(!reason.contains("secret"))
    }

    @Test func anotherApplicationsTablesAndANewerSchemaAreRefused() throws {
        let cluster = try PostgresCluster.shared()
        let foreign = try cluster.createDatabase()
        try cluster.runSQL("CREATE TABLE history (id integer)", database: foreign)
        let error = #expect(throws: PostgresStoreError.self) { try StoreUnderTest.openPostgres(database: foreign) }
        guard case .damaged(let reason)? = error else {
            Issue.record("expected damaged, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("history"))

        let newer = try cluster.createDatabase()
        try StoreUnderTest.openPostgres(database: newer).close()
        try cluster.runSQL("UPDATE fontd_schema_version SET version = 6", database: newer)
        #expect(throws: PostgresStoreError.newerSchema(version: 6, known: 5)) { try StoreUnderTest.openPostgres(database: newer) }
    }

    @Test(arguments: NumbersPastTheLastId.edits)
    func aNumberPastTheLastIdIsRefusedAsItIsRead(sql: String, field: String) throws {
        let cluster = try PostgresCluster.shared()
        let database = try cluster.createDatabase()
        let store = try StoreUnderTest.openPostgres(database: database)
        defer { store.close() }
        try store.commit(Self.rootChange(1, .extraLarge, from: .large))
        try cluster.runSQL(sql, database: database)
        let error = #expect(throws: PostgresStoreError.self) { try store.load() }
        guard case .damaged(let reason)? = error else {
            Issue.record("expected damaged, got \(String(describing: error))")
            return
        }
        #expect(reason.contains(field) && reason.contains(NumbersPastTheLastId.value), "\(reason)")
    }

    @Test func aVersion1DatabaseIsMigratedKeepingItsValuesAndTakesTextSpacing() throws {
        let cluster = try PostgresCluster.shared()
        let database = try cluster.createDatabase()
        // The tables as the fontd before text spacing made them, with a root change and a scope.
        try cluster.runSQL(
            (PostgresSchema.version1 + [
                "UPDATE preferences SET category = 'xl', category_mark = 1, sequence = 1, position = 2",
                "INSERT INTO scopes VALUES ('alice', NULL, 'bold', 0, 1)",
                "INSERT INTO history VALUES (1, 1, true, '', 'category', 'xl', 'l'), (2, 1, false, 'alice', 'legibilityWeight', 'bold', NULL)",
            ]).joined(separator: ";\n"), database: database)
        let store = try StoreUnderTest.openPostgres(database: database)
        let alice = try Entries.scope("alice")
        let root = ScopeRecord(scope: .root, category: .extraLarge, legibilityWeight: .regular, textSpacing: .default, categoryMark: 1)
        let aliceRecord = ScopeRecord(scope: alice, legibilityWeight: .bold, legibilityWeightMark: 1)
        let history = [
            Entries.entry(1, .category(.extraLarge, previous: .large)),
            Entries.entry(2, sequence: 1, isEvent: false, alice, .legibilityWeight(.bold, previous: nil)),
        ]
        #expect(try store.load() == StoredScopes(sequence: 1, position: 2, scopes: [root, aliceRecord], history: history))
        #expect(
            try cluster.runSQL("SELECT version FROM fontd_schema_version", database: database).trimmingCharacters(
                in: .whitespacesAndNewlines) == "5")

        let bob = ScopeRecord(scope: try Entries.scope("bob"), textSpacing: .wcag, textSpacingMark: 2)
        let entry = Entries.entry(3, sequence: 2, bob.scope, .textSpacing(.wcag, previous: nil))
        try store.commit(ScopeCommit(entries: [entry], scopes: [bob], sequence: 2))
        store.close()
        let reopened = try StoreUnderTest.openPostgres(database: database)
        defer { reopened.close() }
        #expect(
            try reopened.load() == StoredScopes(sequence: 2, position: 3, scopes: [root, aliceRecord, bob], history: history + [entry]))
    }

    @Test func aStoppedServerMakesCommitsUnavailableAndTheyResumeWhenItIsBack() throws {
        let cluster = try PostgresCluster()
        let database = try cluster.createDatabase()
        let store = try PostgresPreferenceStore.open(url: cluster.url(database: database), timeoutSeconds: 5, logger: Self.logger)
        defer { store.close() }
        let heard = Heard()
        store.listen { heard.append($0) }
        try store.commit(Self.rootChange(1, .extraLarge, from: .large))
        try heard.wait(for: "position 1") { $0.last == 1 }

        try cluster.stop(mode: .immediate)
        let error = #expect(throws: PostgresStoreError.self) { try store.commit(Self.rootChange(2, .small, from: .extraLarge)) }
        guard case .unavailable? = error else {
            Issue.record("expected unavailable, got \(String(describing: error))")
            return
        }
        #expect(throws: PostgresStoreError.self) { try store.load() }

        try cluster.start()
        // The pool reconnects on demand; the first call may still meet a connection that died.
        try Wait.until("a commit after the restart") {
            do {
                try store.commit(Self.rootChange(2, .small, from: .extraLarge))
                return true
            } catch PostgresStoreError.unavailable { return false }
        }
        #expect(try store.load().position == 2)
        // The listener reconnected: it reports the position on reconnecting, and hears commits again.
        try heard.wait(for: "position 2 after reconnecting") { $0.last == 2 }
        try store.commit(Self.rootChange(3, .medium, from: .small))
        try heard.wait(for: "position 3") { $0.last == 3 }
    }
}

/// The positions a listener was handed, in order.
final class Heard: Sendable {
    private let positions = Mutex<[Int]>([])

    func append(_ position: Int) { positions.withLock { $0.append(position) } }

    /// Waits until the positions satisfy `condition`.
    func wait(for awaited: String, until condition: ([Int]) -> Bool) throws {
        try Wait.until(awaited, seen: { "\(positions.withLock { $0 })" }) { positions.withLock { condition($0) } }
    }
}
