import DynamicType
import FontdTestSupport
import Foundation
import Logging
import ScopedPreferences
import ServerTestSupport
import Testing

@testable import FontService

/// What one reader may hold and do (docs/DESIGN.md §23 (Reader scopes and scoped tokens), "Quotas"), asked in process: scopes per
/// reader, changes a second, and the history the store keeps whatever the number of scopes.
@Suite(.ownThread) struct QuotaTests {
    static func service(_ configure: (inout FontServiceConfiguration) -> Void) -> FontService {
        var configuration = FontServiceConfiguration()
        configure(&configuration)
        return FontService(resolver: resolver, configuration: configuration, logger: Logger(label: "QuotaTests"), willResolve: { _ in })
    }

    @Test func aReaderAtItsLimitGets409AndAnotherReaderStillWrites() throws {
        let fontd = Self.service { $0.maximumScopesPerReader = 3 }.client
        for scope in ["alice", "alice/phone", "alice/phone/org.gnome.Terminal"] {
            #expect(try fontd.put("/category?scope=\(scope)", #"{"category":"xl"}"#).status == 200, "\(scope)")
        }
        let refused = try fontd.put("/category?scope=alice/laptop", #"{"category":"xl"}"#)
        #expect(refused.status == 409)
        #expect(try refused.json()["error"] == .string("scopeLimit"))
        #expect(refused.bodyText.contains("--max-scopes-per-reader"), "\(refused.bodyText)")
        // A scope alice already holds still changes; bob is not held by alice's scopes.
        #expect(try fontd.put("/category?scope=alice/phone", #"{"category":"s"}"#).status == 200)
        #expect(try fontd.put("/category?scope=bob", #"{"category":"xl"}"#).status == 200)
        // Clearing one of alice's frees a place.
        #expect(try fontd.put("/category?scope=alice/phone/org.gnome.Terminal", #"{"category":null}"#).status == 200)
        #expect(try fontd.put("/category?scope=alice/laptop", #"{"category":"xl"}"#).status == 200)
    }

    @Test func aFloodOfChangesGets429WithRetryAfterAndOtherReadersWriteOn() throws {
        let fontd = Self.service { $0.maximumWritesPerSecond = 0.5 }.client
        var statuses: [Int] = []
        var refusal: TestResponse?
        for index in 0..<20 {
            let answer = try fontd.put("/category?scope=alice", index % 2 == 0 ? #"{"category":"xl"}"# : #"{"category":"s"}"#)
            statuses.append(answer.status)
            if answer.status == 429 { refusal = answer }
        }
        // The bucket holds one; at one every two seconds, another may come in while the loop runs.
        #expect(statuses.first == 200, "\(statuses)")
        #expect(statuses.filter { $0 == 429 }.count >= 10, "\(statuses)")
        let answer = try #require(refusal)
        #expect(try answer.json()["error"] == .string("tooManyRequests"))
        #expect(answer.header("Retry-After") == "2")
        #expect(answer.bodyText.contains("--max-writes-per-second"))
        // Another reader, and the root, have allowances of their own.
        #expect(try fontd.put("/category?scope=bob", #"{"category":"xl"}"#).status == 200)
        #expect(try fontd.put("/category", #"{"category":"xl"}"#).status == 200)
    }

    @Test func theAllowanceRefillsAtTheRate() {
        let quota = WriteQuota(perSecond: 2)
        let start = ContinuousClock.now
        #expect(quota.admit("alice", now: start) == nil)
        #expect(quota.admit("alice", now: start) == nil)
        #expect(quota.admit("alice", now: start) == 1)
        #expect(quota.admit("alice", now: start + .milliseconds(400)) == 1, "0.8 of a change is not one")
        #expect(quota.admit("alice", now: start + .milliseconds(600)) == nil)
        #expect(quota.admit("alice", now: start + .seconds(60)) == nil, "a long pause refills to the burst, no more")
        #expect(quota.admit("alice", now: start + .seconds(60)) == nil)
        #expect(quota.admit("alice", now: start + .seconds(60)) == 1)
        let slow = WriteQuota(perSecond: 0.1)
        #expect(slow.admit("bob", now: start) == nil)
        #expect(slow.admit("bob", now: start) == 10)
    }

    @Test func historyStaysWithinTwiceTheWindowWhateverTheNumberOfScopes() throws {
        let service = Self.service {
            $0.keptChanges = 200
            $0.keptChangesPerScope = 50
            $0.maximumScopesPerReader = 1000
        }
        let store = service.store
        // 100 scopes × 40 changes: each scope's 40 are within its 50, so without a store-wide
        // bound all 4,000 would be kept.
        let done = DispatchSemaphore(value: 0)
        for round in 0..<40 {
            for reader in 0..<100 {
                let category: ContentSizeCategory = round % 2 == 0 ? .extraLarge : .small
                var update = PerPreference<ScopeTree.Setting>(repeating: .keep)
                update[.category] = .set(category.rawValue)
                store.change(try PreferenceScope(parsing: "reader\(reader)"), update) { _ in done.signal() }
            }
        }
        for _ in 0..<4000 { done.wait() }
        #expect(store.keptEntryCount <= 400, "kept \(store.keptEntryCount)")
        #expect(store.keptEntryCount >= 200, "the window itself is kept: \(store.keptEntryCount)")
        // The newest changes still replay.
        let answer = try service.client.get("/category?scope=reader99")
        #expect(answer.bodyText.contains(#""category":"s""#))
    }
}
