import FontServiceTestSupport
import FontdTestSupport
import Foundation
import Testing

/// `fontd token issue` (docs/DESIGN.md §23 (Reader scopes and scoped tokens)): one JWT on stdout, whose claims jwt-kit verifies
/// with the same key; every wrong input one clear line.
@Suite(.ownThread) struct TokenIssueTests {
    static let secret = "a-test-secret-of-forty-one-bytes-exactly!"

    /// Requires a failed run: one stderr line containing every piece of `expected`, no stdout.
    private func expectOneLineError(_ result: CommandResult, _ expected: String..., sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status != 0, sourceLocation: sourceLocation)
        #expect(result.standardOutput.isEmpty, "\(result.standardOutput)", sourceLocation: sourceLocation)
        #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)", sourceLocation: sourceLocation)
        #expect(result.standardError.hasPrefix("fontd: error: "), "\(result.standardError)", sourceLocation: sourceLocation)
        for piece in expected {
            #expect(result.standardError.contains(piece), "\(result.standardError)", sourceLocation: sourceLocation)
        }
    }

    /// `option value`, or `option=value` when the value starts with '-' (else it is read as an option).
    static func option(_ name: String, _ value: String) -> [String] {
        value.hasPrefix("-") ? ["\(name)=\(value)"] : [name, value]
    }

    /// The one line a successful run printed, without its newline.
    private func token(_ result: CommandResult, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try #require(result.status == 0, "\(result.standardError)", sourceLocation: sourceLocation)
        #expect(result.standardError.isEmpty, sourceLocation: sourceLocation)
        let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        try #require(lines.count == 2 && lines[1].isEmpty, "\(result.standardOutput)", sourceLocation: sourceLocation)
        return String(lines[0])
    }

    @Test(arguments: [("30d", 30 * 86_400), ("12h", 12 * 3600), ("15m", 15 * 60), ("90s", 90), ("366d", 366 * 86_400)])
    func anHS256TokenCarriesTheScopeAndItsIssueAndExpiresAfterTheTTL(ttl: String, seconds: Int) async throws {
        let before = Date().timeIntervalSince1970.rounded(.down)
        let token = try token(
            try CommandRunner.run(
                ["token", "issue", "--scope", "alice/phone", "--ttl", ttl, "--jwt-secret", Self.secret]))
        let after = Date().timeIntervalSince1970
        #expect(TokenVerification.header(of: token)["alg"] == "HS256")
        let claims = try await TokenVerification.claims(of: token, secret: Self.secret)
        #expect(claims.scope == "alice/phone")
        let expires = claims.expires.timeIntervalSince1970
        #expect(expires == expires.rounded(.down), "exp is whole seconds")
        #expect(
            expires >= before + Double(seconds) && expires <= after + Double(seconds), "exp \(expires), issued in [\(before), \(after)]")
        let issued = try #require(claims.issued, "the token has an iat").timeIntervalSince1970
        #expect(issued >= before && issued <= after && issued == issued.rounded(.down), "iat \(issued), issued in [\(before), \(after)]")
        #expect(expires - issued == Double(seconds))
        // Another secret does not verify it.
        await #expect(throws: (any Error).self) {
            try await TokenVerification.claims(of: token, secret: Self.secret + "?")
        }
    }

    @Test func theSecretMayComeFromTheEnvironment() async throws {
        let environment = PinnedFonts.environment.merging(["FONTD_JWT_SECRET": Self.secret]) { _, new in new }
        let token = try token(try CommandRunner.run(["token", "issue", "--scope", "bob", "--ttl", "1h"], environment: environment))
        #expect(try await TokenVerification.claims(of: token, secret: Self.secret).scope == "bob")
    }

    @Test func anES256TokenVerifiesWithThePublicKey() async throws {
        let (privateKey, publicKey) = TokenVerification.es256KeyPair()
        let file = try TestPaths.temporaryDirectory().appendingPathComponent("key.pem")
        try privateKey.write(to: file, atomically: true, encoding: .utf8)
        let token = try token(
            try CommandRunner.run(
                ["token", "issue", "--scope", "alice/phone/org.gnome.Terminal", "--ttl", "7d", "--jwt-private-key", file.path]))
        #expect(TokenVerification.header(of: token)["alg"] == "ES256")
        let claims = try await TokenVerification.claims(of: token, publicKeyPEM: publicKey)
        #expect(claims.scope == "alice/phone/org.gnome.Terminal")
        #expect(abs(claims.expires.timeIntervalSinceNow - 7 * 86_400) < 60)
        // Another key pair's public key does not verify it.
        await #expect(throws: (any Error).self) {
            try await TokenVerification.claims(of: token, publicKeyPEM: TokenVerification.es256KeyPair().publicKeyPEM)
        }
    }

    @Test func aSecretShorterThan32BytesIsRefusedNamingItsLength() throws {
        expectOneLineError(
            try CommandRunner.run(["token", "issue", "--scope", "alice", "--ttl", "1d", "--jwt-secret", String(repeating: "x", count: 31)]),
            "The JWT secret is 31 bytes long", "at least 32 bytes")
        // Bytes, not characters: 16 two-byte characters are 32 bytes, enough.
        #expect(
            try CommandRunner.run(["token", "issue", "--scope", "alice", "--ttl", "1d", "--jwt-secret", String(repeating: "é", count: 16)])
                .status == 0)
        let environment = PinnedFonts.environment.merging(["FONTD_JWT_SECRET": "short"]) { _, new in new }
        expectOneLineError(
            try CommandRunner.run(["token", "issue", "--scope", "alice", "--ttl", "1d"], environment: environment),
            "The JWT secret is 5 bytes long")
    }

    @Test(arguments: ["0d", "30", "d", "30w", "-1d", "+1d", "1.5h", "367d", "31622401s", "99999999999999999999d", "30 d", ""])
    func aBadTTLIsRefusedNamingTheValueAndTheForm(ttl: String) throws {
        expectOneLineError(
            try CommandRunner.run(["token", "issue", "--scope", "alice"] + Self.option("--ttl", ttl) + ["--jwt-secret", Self.secret]),
            "Invalid --ttl '\(ttl)'", "Ns, Nm, Nh or Nd", "366d")
    }

    @Test(arguments: ["", "alice//phone", "a/b/c/d", "-alice", "alice phone", String(repeating: "a", count: 65)])
    func aBadScopeIsRefused(scope: String) throws {
        expectOneLineError(
            try CommandRunner.run(["token", "issue"] + Self.option("--scope", scope) + ["--ttl", "1d", "--jwt-secret", Self.secret]),
            "Invalid scope '")
    }

    @Test func exactlyOneKeyIsTaken() throws {
        let file = try TestPaths.temporaryDirectory().appendingPathComponent("key.pem")
        try TokenVerification.es256KeyPair().privateKeyPEM.write(to: file, atomically: true, encoding: .utf8)
        let noSecret = PinnedFonts.environment.filter { $0.key != "FONTD_JWT_SECRET" }
        expectOneLineError(
            try CommandRunner.run(["token", "issue", "--scope", "alice", "--ttl", "1d"], environment: noSecret),
            "--jwt-secret", "FONTD_JWT_SECRET", "--jwt-private-key")
        expectOneLineError(
            try CommandRunner.run([
                "token", "issue", "--scope", "alice", "--ttl", "1d", "--jwt-secret", Self.secret, "--jwt-private-key", file.path,
            ]),
            "one key", "--jwt-secret", "--jwt-private-key")
        let secretInEnvironment = PinnedFonts.environment.merging(["FONTD_JWT_SECRET": Self.secret]) { _, new in new }
        expectOneLineError(
            try CommandRunner.run(
                ["token", "issue", "--scope", "alice", "--ttl", "1d", "--jwt-private-key", file.path], environment: secretInEnvironment),
            "one key", "FONTD_JWT_SECRET", "--jwt-private-key")
    }

    @Test func aPrivateKeyThatIsNoneIsRefused() throws {
        let directory = try TestPaths.temporaryDirectory()
        let file = directory.appendingPathComponent("not-a-key.pem")
        try "hello\n".write(to: file, atomically: true, encoding: .utf8)
        expectOneLineError(
            try CommandRunner.run(["token", "issue", "--scope", "alice", "--ttl", "1d", "--jwt-private-key", file.path]),
            "'\(file.path)' is not an ES256 private key in PEM form")
        expectOneLineError(
            try CommandRunner.run([
                "token", "issue", "--scope", "alice", "--ttl", "1d", "--jwt-private-key",
                directory.appendingPathComponent("missing.pem").path,
            ]),
            "Cannot read the private key", "missing.pem", "no such file")
    }
}
