import FontdClient
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// What a client of a scope (docs/DESIGN.md §23 (Reader scopes and scoped tokens)) sends, as a server that records every request
/// received it: `scope=` on every endpoint that follows the preferences and on no other, the
/// token in the `Authorization` header (the event stream's too), explicit nulls to clear.
@Suite(.ownThread) struct ScopedRequestTests {
    static let token = "scoped.test.token"
    static let scope = "alice/phone/org.gnome.Terminal"
    /// `scope` as the client percent-encodes it.
    static let encodedScope = "alice%2Fphone%2Forg.gnome.Terminal"
    /// What a server answers `GET /preferences?scope=alice/phone/org.gnome.Terminal` with.
    static let scopedPreferences = #"""
        {"scope":"alice/phone/org.gnome.Terminal","category":"xl","legibilityWeight":"regular","textSpacing":"default","sequence":57,"inherited":["legibilityWeight","textSpacing"]}
        """#

    /// Each call that follows the preferences, with the request it makes for the root scope.
    enum Call: String, CaseIterable, Sendable {
        case font, fonts, scale, preferences, setPreferences, clearPreferences, category, setCategory, events

        var method: String {
            switch self {
            case .setPreferences, .clearPreferences, .setCategory: "PUT"
            default: "GET"
            }
        }

        /// The request target without `scope=`.
        var target: String {
            switch self {
            case .font: "/font?style=body&category=xl&traits=bold"
            case .fonts: "/fonts?category=ax1"
            case .scale: "/scale?style=body&value=8"
            case .preferences, .setPreferences, .clearPreferences: "/preferences"
            case .category, .setCategory: "/category"
            case .events: "/events"
            }
        }

        var body: String {
            switch self {
            case .setPreferences: #"{"legibilityWeight":"bold"}"#
            case .clearPreferences: #"{"category":null,"legibilityWeight":null}"#
            case .setCategory: #"{"category":"xxl"}"#
            default: ""
            }
        }

        /// Makes the call; its outcome does not matter here (the canned answer fits no call).
        func run(on client: FontdClient) async {
            do {
                switch self {
                case .font: _ = try await client.font(.body, category: .extraLarge, traits: [.bold])
                case .fonts: _ = try await client.fonts(category: .accessibilityMedium)
                case .scale: _ = try await client.scale(8, for: .body)
                case .preferences: _ = try await client.preferences()
                case .setPreferences: try await client.setPreferences(legibilityWeight: .bold)
                case .clearPreferences: try await client.clearPreferences(category: true, legibilityWeight: true)
                case .category: _ = try await client.category()
                case .setCategory: try await client.setCategory(.extraExtraLarge)
                case .events: for try await _ in client.preferenceChanges() {}
                }
            } catch {}
        }
    }

    /// The one request `call` made through a client of `scope`, to a server answering `{}`.
    private func request(of call: Call, scope: PreferenceScope) async throws -> CannedHTTPServer.Request {
        let server = try CannedHTTPServer(contentType: "application/json", body: "{}")
        await call.run(on: FontdClient(baseURL: server.url, scope: scope, token: Self.token))
        let requests = server.requests
        try #require(requests.count == 1, "\(call): \(requests.map(\.target))")
        return requests[0]
    }

    @Test(arguments: Call.allCases)
    func aScopedCallAsksWithTheScopeAndTheToken(call: Call) async throws {
        let request = try await request(of: call, scope: try PreferenceScope(parsing: Self.scope))
        let separator = call.target.contains("?") ? "&" : "?"
        #expect(request.method == call.method)
        #expect(request.target == call.target + separator + "scope=" + Self.encodedScope)
        #expect(request.header("Authorization") == "Bearer \(Self.token)")
        #expect(request.bodyText == call.body)
        if call == .events { #expect(request.header("Accept") == "text/event-stream") }
    }

    @Test(arguments: Call.allCases.filter { $0 != .clearPreferences })
    func aRootCallAsksWithoutAScope(call: Call) async throws {
        let request = try await request(of: call, scope: .root)
        #expect(request.target == call.target)
        #expect(request.header("Authorization") == "Bearer \(Self.token)")
    }

    @Test func callsThatDoNotFollowThePreferencesTakeNoScope() async throws {
        let server = try CannedHTTPServer(contentType: "application/json", body: "{}")
        let client = FontdClient(baseURL: server.url, scope: try PreferenceScope(parsing: "alice"))
        _ = try? await client.styles()
        _ = try? await client.categories()
        _ = try? await client.faces(family: "DejaVu Sans")
        _ = try? await client.health()
        #expect(server.requests.map(\.target) == ["/styles", "/categories", "/faces?family=DejaVu%20Sans", "/healthz"])
        #expect(server.requests.allSatisfy { $0.header("Authorization") == nil })
    }

    @Test func clearingOneValueSendsOneExplicitNullAndAnswersTheScopesPreferences() async throws {
        let server = try CannedHTTPServer(contentType: "application/json", body: Self.scopedPreferences)
        let client = FontdClient(baseURL: server.url, scope: try PreferenceScope(parsing: Self.scope), token: Self.token)
        let preferences = try await client.clearPreferences(legibilityWeight: true)
        #expect(
            preferences
                == Preferences(
                    scope: Self.scope, category: .extraLarge, legibilityWeight: .regular, sequence: 57,
                    inherited: ["legibilityWeight", "textSpacing"]))
        let request = try #require(server.requests.first)
        #expect(request.target == "/preferences?scope=" + Self.encodedScope)
        #expect(request.bodyText == #"{"legibilityWeight":null}"#)
        #expect(request.header("Content-Type") == "application/json; charset=utf-8")
    }

    @Test func clearingNothingIsRefusedWithoutARequest() async throws {
        let server = try CannedHTTPServer(contentType: "application/json", body: Self.scopedPreferences)
        let client = FontdClient(baseURL: server.url, scope: try PreferenceScope(parsing: "alice"), token: Self.token)
        await #expect(
            throws: FontdClientError.invalidCall(
                "Nothing to clear; ask to clear the category, the legibility weight, the text spacing, the reading font, the minimum category, the maximum category or several."
            )
        ) {
            try await client.clearPreferences()
        }
        #expect(server.requests.isEmpty)
    }

    @Test func clearingTheRootScopeIsRefusedWithoutARequest() async throws {
        let server = try CannedHTTPServer(contentType: "application/json", body: Self.scopedPreferences)
        do {
            try await FontdClient(baseURL: server.url, token: Self.token).clearPreferences(category: true)
            Issue.record("clearing the root scope was sent")
        } catch {
            guard case .invalidCall(let message) = error else {
                Issue.record("expected invalidCall, got \(error)")
                return
            }
            #expect(message.hasPrefix("The root scope's preferences cannot be cleared"))
        }
        #expect(server.requests.isEmpty)
    }

    @Test func theClientKeepsItsScope() throws {
        let url = URL(string: "http://127.0.0.1:8686")!
        #expect(FontdClient(baseURL: url).scope == .root)
        #expect(FontdClient(baseURL: url, token: "t").scope.isRoot)
        #expect(FontdClient(baseURL: url, scope: try PreferenceScope(parsing: "alice/phone")).scope.path == "alice/phone")
    }
}
