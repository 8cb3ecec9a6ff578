import DynamicType
import FontServiceTestSupport
import Foundation
import Logging
import ServerTestSupport
import Testing

@testable import FontService

/// Reader scopes (docs/DESIGN.md §23 (Reader scopes and scoped tokens)), asked in process: inheritance, clearing, the answers'
/// fields and ids, bad scopes and bodies, the scope limit, and who may read and write what.
@Suite struct ScopeTests {
    static let adminToken = "the-admin-token"

    /// A service with no storage; with `tokens`, the admin token and the HS256 secret of `ScopedTokens`.
    static func service(tokens: Bool = false, open: Bool = true, maximumScopes: Int = 1_000_000) -> FontService {
        var configuration = FontServiceConfiguration()
        configuration.maximumScopes = maximumScopes
        configuration.scopesOpenWithoutToken = open
        if tokens {
            configuration.token = adminToken
            configuration.scopedTokenKey = .secret(Array(ScopedTokens.secret.utf8))
        }
        return FontService(resolver: resolver, configuration: configuration, logger: Logger(label: "ScopeTests"), willResolve: { _ in })
    }

    static func put(_ fontd: TestClient, _ target: String, _ json: String, token: String? = nil) throws -> TestResponse {
        try fontd.put(target, json, token: token)
    }

    @Test func aDeviceAndAnAppInheritWhatTheReaderSets() throws {
        let fontd = Self.service().client
        let set = try fontd.put("/preferences?scope=alice", #"{"category":"xl"}"#)
        #expect(set.status == 200)
        #expect(
            set.bodyText
                == #"{"scope":"alice","category":"xl","legibilityWeight":"regular","textSpacing":"default","sequence":1,"inherited":["legibilityWeight","textSpacing"]}"#
        )
        #expect(
            try fontd.get("/preferences?scope=alice/phone").bodyText
                == fontd.withFontGeneration(
                    #"{"scope":"alice/phone","category":"xl","legibilityWeight":"regular","textSpacing":"default","sequence":1,"inherited":["category","legibilityWeight","textSpacing"]}"#
                ))
        #expect(
            try fontd.get("/category?scope=alice/phone/org.gnome.Terminal").bodyText
                == #"{"scope":"alice/phone/org.gnome.Terminal","category":"xl","sequence":1}"#)
        // The root and another reader are untouched.
        #expect(
            try fontd.get("/preferences").bodyText
                == fontd.withFontGeneration(#"{"category":"l","legibilityWeight":"regular","textSpacing":"default","sequence":0}"#))
        #expect(try fontd.get("/category?scope=bob").bodyText == #"{"scope":"bob","category":"l","sequence":0}"#)
    }

    @Test func clearingADevicesValueMakesItInheritAgainAndAbsentLeavesIt() throws {
        let fontd = Self.service().client
        _ = try fontd.put("/preferences?scope=alice", #"{"category":"xl"}"#)
        let own = try fontd.put("/preferences?scope=alice/phone", #"{"category":"s","legibilityWeight":"bold"}"#)
        #expect(
            own.bodyText
                == #"{"scope":"alice/phone","category":"s","legibilityWeight":"bold","textSpacing":"default","sequence":3,"inherited":["textSpacing"]}"#
        )
        // Absent leaves the legibility weight; null clears the category.
        let cleared = try fontd.put("/preferences?scope=alice/phone", #"{"category":null}"#)
        #expect(
            cleared.bodyText
                == #"{"scope":"alice/phone","category":"xl","legibilityWeight":"bold","textSpacing":"default","sequence":4,"inherited":["category","textSpacing"]}"#
        )
        let category = try fontd.put("/category?scope=alice/phone", #"{"category":null}"#)
        #expect(category.bodyText == #"{"scope":"alice/phone","category":"xl","previous":"xl","sequence":4}"#)
    }

    @Test func aScopeWhoseEveryValueIsClearedIsDeleted() throws {
        let service = Self.service()
        let fontd = service.client
        _ = try fontd.put("/preferences?scope=alice/phone", #"{"category":"xxl","legibilityWeight":"bold"}"#)
        #expect(service.store.scopeCount == 1)
        _ = try fontd.put("/preferences?scope=alice/phone", #"{"category":null,"legibilityWeight":null}"#)
        #expect(service.store.scopeCount == 0)
        #expect(
            try fontd.get("/preferences?scope=alice/phone").member("inherited")
                == .array([.string("category"), .string("legibilityWeight"), .string("textSpacing")]))
    }

    @Test func settingTheInheritedValueTakesNoIdButPinsIt() throws {
        let fontd = Self.service().client
        let pinned = try fontd.put("/category?scope=alice", #"{"category":"l"}"#)
        #expect(pinned.bodyText == #"{"scope":"alice","category":"l","previous":"l","sequence":0}"#)
        #expect(try fontd.put("/category", #"{"category":"xxxl"}"#).member("sequence") == .number(1))
        // Alice keeps her own l; her device follows her, not the root.
        #expect(try fontd.get("/category?scope=alice/phone").bodyText == #"{"scope":"alice/phone","category":"l","sequence":0}"#)
        #expect(try fontd.get("/category?scope=bob").bodyText == #"{"scope":"bob","category":"xxxl","sequence":1}"#)
    }

    @Test func aRootChangeReachesEveryInheritingScopeAndNoOther() throws {
        let fontd = Self.service().client
        _ = try fontd.put("/category?scope=alice", #"{"category":"s"}"#)
        _ = try fontd.put("/category", #"{"category":"xl"}"#)
        #expect(try fontd.get("/font?style=body&scope=alice/phone").member("category") == .string("s"))
        #expect(try fontd.get("/font?style=body&scope=bob/phone").member("category") == .string("xl"))
        #expect(try fontd.get("/font?style=body").member("category") == .string("xl"))
    }

    @Test func everyFollowingEndpointAnswersForTheScope() throws {
        let fontd = Self.service().client
        _ = try fontd.put("/preferences?scope=alice", #"{"category":"ax2","legibilityWeight":"bold"}"#)
        let font = try fontd.get("/font?style=body&scope=alice")
        #expect(font.status == 200)
        #expect(try font.member("category") == .string("ax2"))
        #expect(try fontd.get("/fonts?scope=alice").member("category") == .string("ax2"))
        let scaled = try fontd.get("/scale?style=body&value=10&scope=alice")
        let root = try fontd.get("/scale?style=body&value=10")
        #expect(scaled.status == 200 && scaled.bodyText != root.bodyText)
        let css = try fontd.get("/css?scope=alice")
        let rootCSS = try fontd.get("/css").bodyText
        #expect(css.status == 200 && css.bodyText != rootCSS)
        #expect(try fontd.get("/tokens?scope=alice").status == 200)
        #expect(try fontd.get("/specimen?scope=alice").status == 200)
        // Answers about a scope are private.
        #expect(css.header("Cache-Control") == "private, no-store")
        #expect(css.header("Referrer-Policy") == "no-referrer")
    }

    @Test(arguments: [
        ("scope=", "empty"), ("scope=alice//phone", "second segment is empty"), ("scope=a/b/c/d", "4 segments"),
        ("scope=alice%00", "holds '%00'"), ("scope=-alice", "starts with '-'"), ("scope=al+ice", "holds '%20'"),
        ("scope=" + String(repeating: "a", count: 65), "65 characters long"), ("scope=alice/", "second segment is empty"),
    ])
    func aBadScopeIsRefusedWithWhatIsWrongAndTheForm(query: String, reason: String) throws {
        let service = Self.service()
        let fontd = service.client
        for target in ["/font?style=body&" + query, "/preferences?" + query, "/events?" + query] {
            let answer = try fontd.get(target)
            #expect(answer.status == 400, "\(target)")
            #expect(try answer.member("error") == .string("invalidParameter"), "\(target)")
            #expect(answer.bodyText.contains(reason), "\(target): \(answer.bodyText)")
            #expect(answer.bodyText.contains("up to 3 segments"), "\(target): \(answer.bodyText)")
        }
        let change = try fontd.put("/category?" + query, #"{"category":"xl"}"#)
        #expect(change.status == 400)
        #expect(service.store.scopeCount == 0)
        #expect(try fontd.get("/preferences").member("sequence") == .number(0))
    }

    @Test func nullOnTheRootIsRefusedAndNothingChanges() throws {
        let fontd = Self.service().client
        let refused = try fontd.put("/preferences", #"{"category":null}"#)
        #expect(refused.status == 400)
        #expect(try refused.member("error") == .string("invalidBody"))
        #expect(refused.bodyText.contains("inherits from nothing"))
        #expect(
            try fontd.get("/preferences").bodyText
                == fontd.withFontGeneration(#"{"category":"l","legibilityWeight":"regular","textSpacing":"default","sequence":0}"#))
    }

    @Test func aNewScopePastTheLimitIsRefusedWith409() throws {
        let service = Self.service(maximumScopes: 2)
        let fontd = service.client
        #expect(try fontd.put("/category?scope=a", #"{"category":"xl"}"#).status == 200)
        #expect(try fontd.put("/category?scope=b", #"{"category":"xl"}"#).status == 200)
        let refused = try fontd.put("/category?scope=c", #"{"category":"xl"}"#)
        #expect(refused.status == 409)
        #expect(try refused.member("error") == .string("scopeLimit"))
        #expect(refused.bodyText.contains("at most 2 scopes"))
        // An existing scope still changes; clearing one makes room.
        #expect(try fontd.put("/category?scope=a", #"{"category":"s"}"#).status == 200)
        #expect(try fontd.put("/category?scope=b", #"{"category":null}"#).status == 200)
        #expect(try fontd.put("/category?scope=c", #"{"category":"xl"}"#).status == 200)
        #expect(service.store.scopeCount == 2)
    }

    // MARK: Who may

    @Test func withoutATokenOffLoopbackOnlyTheRootIsServed() throws {
        let fontd = Self.service(open: false).client
        #expect(try fontd.get("/font?style=body").status == 200)
        let closed = try fontd.get("/font?style=body&scope=alice")
        #expect(closed.status == 401)
        #expect(closed.bodyText.contains("listens beyond loopback"))
    }

    @Test func theRootIsReadableWithoutATokenAndEveryOtherScopeIsNot() async throws {
        let service = Self.service(tokens: true)
        let fontd = service.client
        #expect(try fontd.get("/preferences").status == 200)
        for target in ["/preferences?scope=alice", "/font?style=body&scope=alice", "/css?scope=alice"] {
            let refused = try fontd.get(target)
            #expect(refused.status == 401, "\(target)")
            #expect(try refused.member("error") == .string("unauthorized"))
            #expect(refused.header("WWW-Authenticate") == #"Bearer realm="fontd""#)
        }
        #expect(try fontd.put("/category?scope=alice", #"{"category":"xl"}"#).status == 401)
        #expect(try fontd.put("/category", #"{"category":"xl"}"#).status == 401)
    }

    @Test func theAdminTokenReadsAndWritesEveryScope() throws {
        let fontd = Self.service(tokens: true).client
        #expect(try fontd.put("/category?scope=alice/phone", #"{"category":"xl"}"#, token: Self.adminToken).status == 200)
        #expect(try fontd.put("/category", #"{"category":"s"}"#, token: Self.adminToken).status == 200)
        let read = try fontd.get("/category?scope=alice/phone", headers: [("Authorization", "Bearer \(Self.adminToken)")])
        #expect(read.bodyText == #"{"scope":"alice/phone","category":"xl","sequence":1}"#)
    }

    /// Verifies `token` as the router would before asking again, so in-process calls need not wait.
    static func verified(_ service: FontService, _ token: String) async -> String {
        await service.tokenVerifier?.verify(token)
        return token
    }

    @Test func aScopedTokenCoversItsScopeAndWhatLiesBelowItOnly() async throws {
        let service = Self.service(tokens: true)
        let fontd = service.client
        let alice = await Self.verified(service, try await ScopedTokens.token(scope: "alice"))
        let phone = await Self.verified(service, try await ScopedTokens.token(scope: "alice/phone"))
        #expect(try fontd.put("/category?scope=alice", #"{"category":"xl"}"#, token: alice).status == 200)
        // An ancestor's token on a descendant.
        #expect(try fontd.put("/category?scope=alice/phone/org.gnome.Terminal", #"{"category":"s"}"#, token: alice).status == 200)
        #expect(try fontd.get("/preferences?scope=alice/phone", headers: [("Authorization", "Bearer \(alice)")]).status == 200)
        // A descendant's token on its ancestor, another reader, the root's change: 403.
        for (target, token) in [("/category?scope=alice", phone), ("/category?scope=bob", alice), ("/category", alice)] {
            let refused = try fontd.put(target, #"{"category":"xxl"}"#, token: token)
            #expect(refused.status == 403, "\(target)")
            #expect(try refused.member("error") == .string("forbidden"))
        }
        #expect(try fontd.get("/preferences?scope=bob", headers: [("Authorization", "Bearer \(alice)")]).status == 403)
        // Any good token reads the root.
        #expect(try fontd.get("/preferences", headers: [("Authorization", "Bearer \(phone)")]).status == 200)
        #expect(try fontd.get("/category?scope=alice").status == 401)
    }

    @Test func wrongSecretExpiredAndExpirylessTokensAreRefused() async throws {
        let service = Self.service(tokens: true)
        let fontd = service.client
        let cases = [
            (
                await Self.verified(service, try await ScopedTokens.token(scope: "alice", secret: "another-secret-of-at-least-32-bytes!!")),
                "signature"
            ),
            (await Self.verified(service, try await ScopedTokens.token(scope: "alice", expiresIn: -60)), "expired"),
            (await Self.verified(service, try await ScopedTokens.tokenWithoutExpiry(scope: "alice")), "no exp claim"),
            (await Self.verified(service, "not-a-jwt"), "not a JWT"),
        ]
        for (token, reason) in cases {
            let refused = try fontd.put("/category?scope=alice", #"{"category":"xl"}"#, token: token)
            #expect(refused.status == 401, "\(reason)")
            #expect(refused.bodyText.contains(reason), "\(reason): \(refused.bodyText)")
            #expect(try fontd.get("/preferences?scope=alice", headers: [("Authorization", "Bearer \(token)")]).status == 401)
        }
        #expect(service.store.scopeCount == 0)
        // Within the leeway, a token just past its exp still works.
        let late = await Self.verified(service, try await ScopedTokens.token(scope: "alice", expiresIn: -5))
        #expect(try fontd.put("/category?scope=alice", #"{"category":"xl"}"#, token: late).status == 200)
    }

    @Test func accessTokenIsTakenWhereBrowsersNeedItOnly() async throws {
        let service = Self.service(tokens: true)
        let fontd = service.client
        let alice = await Self.verified(service, try await ScopedTokens.token(scope: "alice"))
        for path in ["/css?", "/tokens?", "/specimen?"] {
            let answer = try fontd.get(path + "scope=alice&access_token=" + alice)
            #expect(answer.status == 200, "\(path)")
            #expect(answer.header("Cache-Control") == "private, no-store", "\(path)")
            #expect(answer.header("Referrer-Policy") == "no-referrer", "\(path)")
        }
        for target in ["/font?style=body&scope=alice&access_token=" + alice, "/preferences?scope=alice&access_token=" + alice] {
            let refused = try fontd.get(target)
            #expect(refused.status == 400, "\(target)")
            #expect(try refused.member("error") == .string("unknownParameter"))
        }
        let both = try fontd.get("/css?scope=alice&access_token=" + alice, headers: [("Authorization", "Bearer \(alice)")])
        #expect(both.status == 400)
        #expect(try both.member("error") == .string("conflictingParameters"))
    }

    @Test func aScopedAnswerIsNeverServedToARequestWithoutTheToken() async throws {
        let service = Self.service(tokens: true)
        let fontd = service.client
        let alice = await Self.verified(service, try await ScopedTokens.token(scope: "alice"))
        #expect(try fontd.put("/category?scope=alice", #"{"category":"ax5"}"#, token: alice).status == 200)
        let target = "/css?scope=alice"
        let withToken = try fontd.get(target, headers: [("Authorization", "Bearer \(alice)")])
        #expect(withToken.status == 200)
        let rootCSS = try fontd.get("/css").bodyText
        #expect(withToken.bodyText != rootCSS)
        // The same target, the same loop, no token: refused, not the cached answer.
        let without = try fontd.get(target)
        #expect(without.status == 401)
        #expect(!without.bodyText.contains("font-size"))
        // And a public target answered with a credential is not remembered for others either way.
        let rootWithToken = try fontd.get("/css", headers: [("Authorization", "Bearer \(alice)")])
        #expect(rootWithToken.header("Cache-Control") == "private, no-store")
        #expect(try fontd.get("/css").header("Cache-Control") == "no-cache")
        let bad = try fontd.get("/css", headers: [("Authorization", "Bearer \(await Self.verified(service, "nonsense"))")])
        #expect(bad.status == 401)
    }

    @Test func logsNeverShowAToken() {
        #expect(
            FontService.redacted("/css?scope=alice&access_token=secret.jwt.here&category=xl")
                == "/css?scope=alice&access_token=REDACTED&category=xl")
        #expect(FontService.redacted("/events?access%5Ftoken=secret") == "/events?access_token=REDACTED")
        #expect(FontService.redacted("/font?style=body") == "/font?style=body")
    }
}
