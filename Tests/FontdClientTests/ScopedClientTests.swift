import FontServiceTestSupport
import FontdClient
import Foundation
import ServerTestSupport
import Testing

/// Clients of scopes (docs/DESIGN.md §23 (Reader scopes and scoped tokens)) against the built `fontd serve`, with the server's
/// token: a scope's own values and what it inherits, clearing, and a scope's event stream.
@Suite struct ScopedClientTests {
    static let token = "scoped-client-token"

    private func client(_ scope: String?, of server: ServerProcess, token: String? = Self.token) throws -> FontdClient {
        FontdClient(baseURL: server.url, scope: try scope.map { try PreferenceScope(parsing: $0) } ?? .root, token: token)
    }

    @Test func aScopeSetsItsOwnValuesInheritsTheRestAndClearsThem() async throws {
        let server = try ServerProcess(["--token", Self.token])
        defer { server.stop() }
        let alice = try client("alice", of: server)
        let phone = try client("alice/phone", of: server)
        let root = try client(nil, of: server)
        let change = try await alice.setCategory(.extraLarge)
        #expect(change == PreferenceChange(scope: "alice", value: .extraLarge, previous: .large, sequence: 1))
        let set = try await phone.setPreferences(legibilityWeight: .bold)
        #expect(
            set
                == Preferences(
                    scope: "alice/phone", category: .extraLarge, legibilityWeight: .bold, sequence: 2,
                    inherited: ["category", "textSpacing"]))
        #expect(try await phone.category() == CategoryPreference(scope: "alice/phone", category: .extraLarge, sequence: 2))
        let generation = try server.client.fontGeneration()
        #expect(
            try await root.preferences()
                == Preferences(category: .large, legibilityWeight: .regular, sequence: 0, fontGeneration: generation))
        // The font follows the scope's effective category.
        #expect(try await phone.font(.body).category == .extraLarge)
        #expect(try await root.font(.body).category == .large)

        let cleared = try await phone.clearPreferences(legibilityWeight: true)
        #expect(cleared.legibilityWeight == .regular)
        #expect(cleared.inherited == ["category", "legibilityWeight", "textSpacing"])
        #expect(
            try await phone.preferences()
                == Preferences(
                    scope: "alice/phone", category: cleared.category, legibilityWeight: cleared.legibilityWeight,
                    sequence: cleared.sequence,
                    fontGeneration: generation, inherited: cleared.inherited))
    }

    @Test func aScopesStreamHearsItsAncestorsChangesAndNoOneElses() async throws {
        let server = try ServerProcess(["--token", Self.token])
        defer { server.stop() }
        let phone = try client("alice/phone", of: server)
        let events = PreferenceStreamTests.Collector(phone.preferenceChanges(reconnection: PreferenceStreamTests.quick))
        defer { events.cancel() }
        try await events.wait(for: "the first event") { !$0.isEmpty }
        try await client("bob", of: server).setCategory(.small)
        try await client("alice", of: server).setCategory(.extraExtraLarge)
        try await events.waitForSequence(2)
        #expect(events.received.count == 2, "\(events.received)")
        guard case .snapshot(let snapshot)? = events.received.first, case .categoryChanged(let change)? = events.received.last else {
            Issue.record("expected a snapshot and a category change, got \(events.received)")
            return
        }
        #expect(snapshot.scope == "alice/phone" && snapshot.category == .large)
        #expect(change.value == .extraExtraLarge && change.previous == .large && change.sequence == 2)
    }

    @Test func aScopeNeedsAToken() async throws {
        let server = try ServerProcess(["--token", Self.token])
        defer { server.stop() }
        let anonymous = try client("alice", of: server, token: nil)
        do {
            _ = try await anonymous.preferences()
            Issue.record("a scope was read without a token")
        } catch {
            #expect(error.code == .unauthorized)
        }
        let error = await endingError(of: anonymous.preferenceChanges())
        #expect(error?.code == .unauthorized)
    }

    @Test func aScopedTokenReadsChangesAndFollowsItsScope() async throws {
        let server = try ServerProcess(["--token", Self.token, "--jwt-secret", ScopedTokens.secret])
        defer { server.stop() }
        let jwt = try await ScopedTokens.token(scope: "alice")
        let phone = try client("alice/phone", of: server, token: jwt)
        // The event stream sends the token in its header too: without it, 401.
        let events = PreferenceStreamTests.Collector(phone.preferenceChanges(reconnection: PreferenceStreamTests.quick))
        defer { events.cancel() }
        try await events.wait(for: "the first event") { !$0.isEmpty }
        try await client("alice", of: server, token: jwt).setPreferences(legibilityWeight: .bold)
        try await events.waitForSequence(1)
        #expect(events.error == nil, "\(String(describing: events.error))")
        #expect(
            events.received.last
                == .legibilityWeightChanged(
                    PreferenceChange(scope: "alice/phone", value: .bold, previous: .regular, sequence: 1)))
        let bob = try client("bob", of: server, token: jwt)
        do {
            _ = try await bob.preferences()
            Issue.record("a token for alice read bob's preferences")
        } catch {
            #expect(error.code == .forbidden)
        }
    }
}
