import ArgumentParser
import DynamicType
import FontService
import FontdCommandLine
import Foundation
import JWTKit

/// `fontd token issue`: a scoped token (docs/DESIGN.md §23 (Reader scopes and scoped tokens)), a JWT that may read and write one
/// scope and everything below it until it expires, signed with the key `fontd serve` checks.
struct TokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Make and revoke scoped tokens: JWTs that may read and write one scope and the scopes below it.",
        subcommands: [Issue.self, Revoke.self])

    struct Issue: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "issue",
            abstract: "Print one scoped token (a JWT with the claims scope, iat and exp).",
            discussion: """
                Signed with HS256 and the secret fontd serve was given (--jwt-secret or FONTD_JWT_SECRET, at least \
                32 bytes), or with ES256 and the private key whose public key fontd serve was given \
                (--jwt-private-key); exactly one of them. The token is printed on one line, with nothing else.
                """)

        @Option(
            help: ArgumentHelp(
                "The scope the token may read and write, with the scopes below it, such as alice or alice/phone.", valueName: "scope"))
        var scope: Checked<PreferenceScope>

        @Option(help: ArgumentHelp("How long the token stays valid: Ns, Nm, Nh or Nd, such as 30d (at most 366d).", valueName: "ttl"))
        var ttl: Checked<TokenLifetime>

        @Option(help: ArgumentHelp("The HS256 secret, at least 32 bytes (default: $FONTD_JWT_SECRET).", valueName: "secret"))
        var jwtSecret: String?

        @Option(help: ArgumentHelp("An ES256 (P-256) private key in PEM form, instead of a secret.", valueName: "file"))
        var jwtPrivateKey: String?

        /// The key to sign with.
        enum SigningKey {
            case secret([UInt8])
            case privateKey(ES256PrivateKey)
        }

        /// The scope and the lifetime, each refused in its own words, before any key is read.
        func validate() throws {
            _ = try scope.value()
            _ = try ttl.value()
        }

        @MainActor
        func run() async throws {
            let scope = try scope.value()
            let lifetime = try ttl.value()
            let key = try signingKey(environment: ProcessInfo.processInfo.environment)
            // Whole seconds: `iat` and `exp` are NumericDates, and a fraction says nothing a reader needs.
            let issued = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
            let expires = issued.addingTimeInterval(Double(lifetime.seconds))
            print(try await Self.sign(ScopedTokenClaims(scope: scope, issued: issued, expires: expires), with: key))
        }

        /// The one key given: `--jwt-secret` (else `FONTD_JWT_SECRET`) or `--jwt-private-key`.
        func signingKey(environment: [String: String]) throws(TokenIssueError) -> SigningKey {
            let fromEnvironment = environment["FONTD_JWT_SECRET"].flatMap { $0.isEmpty ? nil : $0 }
            let secret = jwtSecret ?? fromEnvironment
            switch (secret, jwtPrivateKey) {
            case (nil, nil):
                throw .noKey
            case (.some, .some):
                throw .twoKeys(secretSource: jwtSecret != nil ? "--jwt-secret" : "FONTD_JWT_SECRET")
            case (let secret?, nil):
                let bytes = Array(secret.utf8)
                let minimum = FontServiceConfiguration.ScopedTokenKey.minimumSecretBytes
                guard bytes.count >= minimum else { throw .shortSecret(bytes: bytes.count, minimumBytes: minimum) }
                return .secret(bytes)
            case (nil, let path?):
                guard let bytes = FileManager.default.contents(atPath: path) else {
                    let reason =
                        !FileManager.default.fileExists(atPath: path)
                        ? "there is no such file"
                        : !FileManager.default.isReadableFile(atPath: path)
                            ? "it is not readable by this user" : "it cannot be read as a file"
                    throw .unreadableKey(path: path, reason: reason)
                }
                let pem = String(decoding: bytes, as: UTF8.self)
                do {
                    return .privateKey(try ES256PrivateKey(pem: pem))
                } catch {
                    throw .invalidKey(path: path, reason: "\(error)")
                }
            }
        }

        /// `claims` as a signed JWT.
        static func sign(_ claims: ScopedTokenClaims, with key: SigningKey) async throws(TokenIssueError) -> String {
            let keys = JWTKeyCollection()
            switch key {
            case .secret(let secret): await keys.add(hmac: HMACKey(from: secret), digestAlgorithm: .sha256)
            case .privateKey(let privateKey): await keys.add(ecdsa: privateKey)
            }
            do {
                return try await keys.sign(claims)
            } catch {
                throw .signingFailed("\(error)")
            }
        }
    }
}
