import DynamicType
import FontdTestSupport
import Foundation
import Logging
import ScopedPreferences
import Synchronization
import Testing

@testable import FontService

/// Replicas sharing one store (docs/DESIGN.md §24 (Replicas on PostgreSQL)), in process: a change made through one replica
/// reaches the other, commits race and are ordered by the store, an unreachable store refuses
/// changes with 503 while reads go on, and a replica that cannot read what it missed loads
/// everything again. The store here is a stand-in with the contract of a shared storage; the
/// PostgreSQL one is tested against a real server.
@Suite(.ownThread) struct ReplicaTests {
    /// The shared store: entries by position, records by scope, commits refused when they do not
    /// start at the next position, and every watcher told after each commit.
    final class SharedMemory: @unchecked Sendable {
        struct State {
            var stored = StoredScopes()
            var watchers: [@Sendable () -> Void] = []
            var unreachable: String?
            var commits = 0
        }
        let state = Mutex(State())

        /// Drops every entry at `position` and before, as retention would.
        func dropEntries(through position: Int) {
            state.withLock { $0.stored.history.removeAll { $0.position <= position } }
        }

        func setUnreachable(_ reason: String?) {
            let watchers = state.withLock { state in
                state.unreachable = reason
                return state.watchers
            }
            if reason == nil { for watcher in watchers { watcher() } }
        }
    }

    /// One replica's handle on the shared store.
    final class Replica: PreferenceStorage, @unchecked Sendable {
        let memory: SharedMemory
        var isShared: Bool { true }
        init(_ memory: SharedMemory) { self.memory = memory }

        func load() throws -> StoredScopes {
            try memory.state.withLock { state in
                if let reason = state.unreachable { throw PreferenceStorageFailure.unavailable(reason) }
                return state.stored
            }
        }

        func commit(_ commit: ScopeCommit) throws {
            let watchers = try memory.state.withLock { state in
                if let reason = state.unreachable { throw PreferenceStorageFailure.unavailable(reason) }
                guard commit.entries.first?.position == state.stored.position + 1 else {
                    throw PreferenceStorageFailure.behind(storedPosition: state.stored.position)
                }
                state.stored.history += commit.entries
                state.stored.position = commit.entries.last?.position ?? state.stored.position
                state.stored.sequence = commit.sequence
                for record in commit.scopes {
                    state.stored.scopes.removeAll { $0.scope == record.scope }
                    if record.scope.isRoot || !record.isEmpty { state.stored.scopes.append(record) }
                }
                state.stored.scopes.sort { $0.scope < $1.scope }
                state.commits += 1
                return state.watchers
            }
            DispatchQueue.global().async { for watcher in watchers { watcher() } }
        }

        func entries(after position: Int) throws -> [ScopeHistoryEntry] {
            try memory.state.withLock { state in
                if let reason = state.unreachable { throw PreferenceStorageFailure.unavailable(reason) }
                return state.stored.history.filter { $0.position > position }
            }
        }

        func watch(_ changed: @escaping @Sendable () -> Void) {
            memory.state.withLock { $0.watchers.append(changed) }
        }
    }

    static func replica(_ memory: SharedMemory) throws -> FontService {
        try FontService(
            resolver: resolver, configuration: FontServiceConfiguration(), storage: Replica(memory), logger: Logger(label: "ReplicaTests"))
    }

    @Test func aChangeThroughOneReplicaReachesTheOther() throws {
        let memory = SharedMemory()
        let (a, b) = (try Self.replica(memory), try Self.replica(memory))
        #expect(try a.client.put("/category?scope=alice", #"{"category":"xl"}"#).status == 200)
        try Wait.until("alice's change on replica B") {
            try b.client.get("/category?scope=alice").bodyText == #"{"scope":"alice","category":"xl","sequence":1}"#
        }
        #expect(try b.client.put("/category", #"{"category":"s"}"#).status == 200)
        try Wait.until("the root's change on replica A") {
            try a.client.get("/font?style=body&scope=bob").member("category") == .string("s")
        }
        #expect(try a.client.get("/font?style=body&scope=alice").member("category") == .string("xl"))
    }

    @Test func racingChangesGetStrictlyIncreasingIdsAndBothReplicasAgree() throws {
        let memory = SharedMemory()
        let replicas = [try Self.replica(memory), try Self.replica(memory)]
        let ids = Mutex<[Int: [Int]]>([:])
        let categories = ["xs", "s", "m", "l", "xl", "xxl", "xxxl"]
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for index in 0..<25 {
                let replica = replicas[(worker + index) % 2]
                let scope = ["alice", "alice/phone", "bob", "carol/tablet"][worker]
                let category = categories[(worker * 25 + index) % categories.count]
                guard let answer = try? replica.client.put("/category?scope=\(scope)", #"{"category":"\#(category)"}"#),
                    answer.status == 200, case .number(let id)? = try? answer.member("sequence")
                else { continue }
                ids.withLock { $0[worker, default: []].append(Int(id)) }
            }
        }
        let answered = ids.withLock { $0 }
        #expect(answered.values.map(\.count).reduce(0, +) == 100, "every change was answered 200")
        for (worker, sequences) in answered {
            #expect(sequences == sequences.sorted(), "worker \(worker)'s answers go back in time: \(sequences)")
        }
        let stored = memory.state.withLock { $0.stored }
        #expect(stored.history.map(\.position) == Array(1...stored.position), "positions in commit order, no gaps")
        let events = stored.history.filter(\.isEvent).map(\.sequence)
        #expect(events == events.sorted() && Set(events).count == events.count, "ids strictly increasing")
        for scope in ["alice", "alice/phone", "bob", "carol/tablet", "dave"] {
            try Wait.until("both replicas to agree on \(scope)") {
                try replicas[0].client.get("/preferences?scope=\(scope)").bodyText
                    == replicas[1].client.get("/preferences?scope=\(scope)").bodyText
            }
        }
    }

    @Test func anUnreachableStoreRefusesChangesWith503AndReadsGoOn() throws {
        let memory = SharedMemory()
        let a = try Self.replica(memory)
        #expect(try a.client.put("/category", #"{"category":"xl"}"#).status == 200)
        memory.setUnreachable("connection refused")
        let refused = try a.client.put("/category", #"{"category":"s"}"#)
        #expect(refused.status == 503)
        #expect(try refused.member("error") == .string("unavailable"))
        #expect(refused.bodyText.contains("not known to be committed") && refused.bodyText.contains("connection refused"))
        let health = try a.client.get("/healthz")
        #expect(health.status == 200)
        #expect(try health.member("status") == .string("degraded"))
        #expect(try a.client.get("/font?style=body").member("category") == .string("xl"), "reads answer from what it last knew")
        memory.setUnreachable(nil)
        #expect(try a.client.put("/category", #"{"category":"s"}"#).status == 200)
        #expect(try a.client.get("/healthz").bodyText == #"{"status":"ok","version":"\#(FontdVersion.current)"}"#)
        #expect(memory.state.withLock { $0.commits } == 2, "the refused change was never committed")
    }

    @Test func aChangeThatIsNoChangeOnAStaleReplicaIsStillMade() throws {
        let memory = SharedMemory()
        let a = try Self.replica(memory)
        let stale = try Self.replica(memory)
        // The stale replica is not told of a's change: its notification is still on its way.
        memory.state.withLock { _ = $0.watchers.removeLast() }
        #expect(try a.client.put("/category", #"{"category":"xl"}"#).status == 200)
        #expect(try stale.client.get("/category").member("category") == .string("l"), "stale before the PUT")
        // `l` is what the stale replica holds, but not what the store holds: the reader asked for
        // `l`, so the store must end at `l`, not keep a's `xl` behind a 200.
        let answer = try stale.client.put("/category", #"{"category":"l"}"#)
        #expect(answer.status == 200)
        #expect(answer.bodyText == #"{"category":"l","previous":"xl","sequence":2}"#)
        #expect(memory.state.withLock { $0.stored.scopes.first { $0.scope.isRoot }?.category } == .large)
        // With the store away, such a PUT is not known to be current either: 503, not 200.
        memory.setUnreachable("connection refused")
        #expect(try stale.client.put("/category", #"{"category":"l"}"#).status == 503)
    }

    @Test func aReplicaThatCannotReadWhatItMissedLoadsEverythingAgain() throws {
        let memory = SharedMemory()
        let a = try Self.replica(memory)
        memory.setUnreachable("down for maintenance")
        let b = try? Self.replica(memory)
        #expect(b == nil, "a replica does not start without its store")
        memory.setUnreachable(nil)
        let late = try Self.replica(memory)
        // Changes the late replica is told of only after their entries are gone.
        memory.state.withLock { _ = $0.watchers.removeLast() }
        for category in ["s", "m", "xl"] { #expect(try a.client.put("/category?scope=zoe", #"{"category":"\#(category)"}"#).status == 200) }
        memory.dropEntries(through: 2)
        _ = late.store.catchUp()
        #expect(try late.client.get("/category?scope=zoe").bodyText == #"{"scope":"zoe","category":"xl","sequence":3}"#)
        #expect(try late.client.put("/category?scope=zoe", #"{"category":"xxl"}"#).member("sequence") == .number(4))
    }
}
