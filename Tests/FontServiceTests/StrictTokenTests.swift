import FontServiceTestSupport
import FontdTestSupport
import Foundation
import Logging
import Testing

@testable import FontService

/// Scoped tokens read strictly (docs/DESIGN.md §23 (Reader scopes and scoped tokens)): what jwt-kit
/// lets through — a claim twice, another `alg`, `crit`, `nbf` and `iat` in the future, an `exp`
/// centuries away — is refused with a line that names the claim and never the token, and a
/// token too long is refused before it is verified or remembered.
@Suite struct StrictTokenTests {
    static let now = Int(Date().timeIntervalSince1970)

    static let refused: [(header: String?, payload: String, reason: String)] = [
        (nil, #"{"scope":"alice","scope":"bob","exp":\#(now + 600)}"#, "its payload names scope twice"),
        (nil, #"{"scope":"alice","exp":\#(now + 600),"exp":\#(now + 900)}"#, "its payload names exp twice"),
        (#"{"alg":"HS256","alg":"none"}"#, ScopedTokens.payload(scope: "alice"), "its header names alg twice"),
        (#"{"alg":"none","typ":"JWT"}"#, ScopedTokens.payload(scope: "alice"), "its header's alg is none, and this server's key is HS256"),
        (#"{"alg":"HS512","typ":"JWT"}"#, ScopedTokens.payload(scope: "alice"), "its header's alg is HS512"),
        (#"{"alg":"ES256","typ":"JWT"}"#, ScopedTokens.payload(scope: "alice"), "its header's alg is ES256"),
        (#"{"typ":"JWT"}"#, ScopedTokens.payload(scope: "alice"), "its header has no alg"),
        (
            #"{"alg":"HS256","crit":["exp"]}"#, ScopedTokens.payload(scope: "alice"),
            "its header's crit names exp, and fontd understands no extension"
        ),
        (#"{"alg":"HS256","crit":[]}"#, ScopedTokens.payload(scope: "alice"), "its header's crit names no extension"),
        (nil, ScopedTokens.payload(scope: "alice", extra: #","nbf":\#(now + 600)"#), "its nbf is in the future"),
        (nil, ScopedTokens.payload(scope: "alice", extra: #","iat":\#(now + 600)"#), "its iat is in the future"),
        (nil, #"{"scope":"alice","exp":1e308}"#, "its exp is more than 31622400 seconds from now"),
        (nil, #"{"scope":"alice","exp":\#(now + 367 * 86_400)}"#, "its exp is more than 31622400 seconds from now"),
        (nil, #"{"scope":"alice","exp":"tomorrow"}"#, "its exp claim must be a number of seconds"),
        (nil, ScopedTokens.payload(scope: "alice", extra: #","nbf":null"#), "its nbf claim must be a number of seconds"),
        (nil, #"{"scope":["alice"],"exp":\#(now + 600)}"#, "its scope claim must be a string"),
        (nil, #"{"exp":\#(now + 600)}"#, "it has no scope claim"),
        (nil, #"{"scope":"alice"}"#, "it has no exp claim"),
        (nil, #"{"scope":"alice","exp":\#(now - 60)}"#, "it has expired"),
        (nil, #"["alice"]"#, "its payload is not a JSON object"),
    ]

    @Test(arguments: refused)
    func aTokenJWTKitWouldTakeIsRefusedNamingTheClaim(_ header: String?, _ payload: String, _ reason: String) async throws {
        let service = ScopeTests.service(tokens: true)
        let token = ScopedTokens.handMade(header: header ?? #"{"alg":"HS256","typ":"JWT"}"#, payload: payload)
        _ = await ScopeTests.verified(service, token)
        let answer = try service.client.put("/category?scope=alice", #"{"category":"xl"}"#, token: token)
        #expect(answer.status == 401)
        #expect(answer.bodyText.contains(reason), "\(answer.bodyText)")
        #expect(!answer.bodyText.contains(token))
        #expect(service.store.scopeCount == 0)
    }

    @Test(arguments: [
        ScopedTokens.payload(scope: "alice"),
        ScopedTokens.payload(scope: "alice", extra: #","nbf":\#(now - 60),"iat":\#(now - 60)"#),
        // Within the leeway: a clock a little ahead of the server's.
        ScopedTokens.payload(scope: "alice", extra: #","nbf":\#(now + 20),"iat":\#(now + 20)"#),
        ScopedTokens.payload(scope: "alice", expiresIn: 366 * 86_400, extra: #","iss":"https://id.example","kid":"ignored""#),
        #"{"scope":"alice","exp":\#(now + 600),"nested":{"a":1,"b":{"a":2}}}"#,
    ])
    func aWellFormedTokenIsTaken(_ payload: String) async throws {
        let service = ScopeTests.service(tokens: true)
        let token = await ScopeTests.verified(service, ScopedTokens.handMade(payload: payload))
        let answer = try service.client.put("/category?scope=alice", #"{"category":"xl"}"#, token: token)
        #expect(answer.status == 200, "\(answer.bodyText)")
    }

    @Test func aLowerMaximumLifetimeRefusesALongerToken() async throws {
        var configuration = FontServiceConfiguration()
        configuration.token = ScopeTests.adminToken
        configuration.scopedTokenKey = .secret(Array(ScopedTokens.secret.utf8))
        configuration.maximumTokenLifetimeSeconds = 3600
        let service = FontService(
            resolver: resolver, configuration: configuration, logger: Logger(label: "StrictTokenTests"), willResolve: { _ in })
        let short = await ScopeTests.verified(
            service, ScopedTokens.handMade(payload: ScopedTokens.payload(scope: "alice", expiresIn: 1800)))
        let long = await ScopeTests.verified(service, ScopedTokens.handMade(payload: ScopedTokens.payload(scope: "alice", expiresIn: 7200)))
        #expect(try service.client.put("/category?scope=alice", #"{"category":"xl"}"#, token: short).status == 200)
        let refused = try service.client.put("/category?scope=alice", #"{"category":"s"}"#, token: long)
        #expect(refused.status == 401)
        #expect(refused.bodyText.contains("its exp is more than 3600 seconds from now"), "\(refused.bodyText)")
    }

    @Test func aTokenOverFourKiBIsRefusedBeforeItIsVerified() throws {
        let service = ScopeTests.service(tokens: true)
        let long = ScopedTokens.handMade(
            payload: ScopedTokens.payload(scope: "alice", extra: #","pad":"\#(String(repeating: "x", count: 4000))""#))
        #expect(long.utf8.count > ScopedTokenVerifier.maximumTokenBytes)
        let answer = try service.client.get("/preferences?scope=alice", headers: [("Authorization", "Bearer \(long)")])
        #expect(answer.status == 401)
        #expect(answer.bodyText.contains("it is \(long.utf8.count) bytes, and a scoped token may have at most 4096"), "\(answer.bodyText)")
        #expect(service.tokenVerifier?.outcome(for: long) == nil, "the verifier saw it")
    }

    @Test func rememberedOutcomesAreBoundedInBytesAndKeyedByDigest() async throws {
        let verifier = ScopedTokenVerifier(key: .secret(Array(ScopedTokens.secret.utf8)), maximumLifetimeSeconds: 3600)
        let junk = String(repeating: "j", count: 4000)
        for index in 0..<12_000 { await verifier.verify("\(index).\(junk)") }
        let remembered = verifier.remembered
        #expect(remembered.count <= ScopedTokenVerifier.rememberedTokens)
        #expect(remembered.bytes <= ScopedTokenVerifier.rememberedBytes)
        // The newest is remembered; the first went.
        #expect(verifier.outcome(for: "11999.\(junk)") == .invalid(.notJWT(reason: "it needs three base64url parts separated by dots")))
        #expect(verifier.outcome(for: "0.\(junk)") == nil)
    }
}

extension StrictTokenTests {
    @Test func theStateFileRefusesARevocationSayingWhichStoreKeepsThem() throws {
        let path = try TestPaths.temporaryDirectory().appendingPathComponent("state.json").path
        var configuration = FontServiceConfiguration()
        configuration.token = ScopeTests.adminToken
        configuration.scopedTokenKey = .secret(Array(ScopedTokens.secret.utf8))
        let service = try FontService(
            resolver: resolver, configuration: configuration, storage: StateFileStorage(path: path),
            logger: Logger(label: "StrictTokenTests"))
        let refused = try service.client.put("/revocations?scope=alice", "", token: ScopeTests.adminToken)
        #expect(refused.status == 500)
        #expect(
            refused.bodyText.contains("tokens cannot be revoked: the state file \(path) keeps the root scope's preferences only"),
            "\(refused.bodyText)")
    }
}
