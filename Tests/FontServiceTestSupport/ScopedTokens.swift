import Crypto
import Foundation
import JWTKit
import Synchronization

/// Scoped tokens (docs/DESIGN.md §23 (Reader scopes and scoped tokens)) as a test makes them, with jwt-kit: good ones, and the
/// ones fontd must refuse (another secret, expired, no `exp`, another algorithm).
public enum ScopedTokens {
    /// A secret long enough for HS256 (32 bytes).
    public static let secret = "a-test-secret-of-at-least-32-bytes!!"

    /// The claims fontd reads, spelled here rather than taken from FontService, so a change
    /// of its wire form shows in tests.
    struct Claims: JWTPayload {
        var scope: String
        var exp: ExpirationClaim
        func verify(using algorithm: some JWTAlgorithm) async throws {}
    }

    /// Claims without `exp`.
    struct ClaimsWithoutExpiry: JWTPayload {
        var scope: String
        func verify(using algorithm: some JWTAlgorithm) async throws {}
    }

    /// An HS256 token for `scope`, expiring `expiresIn` seconds from now (negative: already expired).
    public static func token(scope: String, secret: String = secret, expiresIn: TimeInterval = 3600) async throws -> String {
        try await keys(secret).sign(Claims(scope: scope, exp: ExpirationClaim(value: Date().addingTimeInterval(expiresIn))))
    }

    /// An HS256 token for `scope` with no `exp` claim.
    public static func tokenWithoutExpiry(scope: String, secret: String = secret) async throws -> String {
        try await keys(secret).sign(ClaimsWithoutExpiry(scope: scope))
    }

    /// A token whose header and payload are exactly the JSON texts given, signed with HS256 and
    /// `secret` — for what jwt-kit would not write: a member twice, another `alg`, `crit`, odd claims.
    public static func handMade(
        header: String = #"{"alg":"HS256","typ":"JWT"}"#, payload: String, secret: String = secret
    ) -> String {
        let signingInput = base64URL(Array(header.utf8)) + "." + base64URL(Array(payload.utf8))
        let signature = HMAC<SHA256>.authenticationCode(for: Array(signingInput.utf8), using: SymmetricKey(data: Array(secret.utf8)))
        return signingInput + "." + base64URL(Array(signature))
    }

    /// The payload of a good token for `scope`, with `exp` `expiresIn` seconds from now and `extra` members after it.
    public static func payload(scope: String, expiresIn: TimeInterval = 3600, extra: String = "") -> String {
        #"{"scope":"\#(scope)","exp":\#(Int(Date().timeIntervalSince1970 + expiresIn))\#(extra)}"#
    }

    /// Unpadded base64url (RFC 7515 §2).
    static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// `token` made synchronously, for tests that are not async.
    public static func tokenNow(scope: String, secret: String = secret, expiresIn: TimeInterval = 3600) throws -> String {
        let result = Mutex<Result<String, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            let made = await Result(catching: { try await token(scope: scope, secret: secret, expiresIn: expiresIn) })
            result.withLock { $0 = made }
            done.signal()
        }
        done.wait()
        return try result.withLock { $0! }.get()
    }

    private static func keys(_ secret: String) async -> JWTKeyCollection {
        await JWTKeyCollection().add(hmac: HMACKey(from: secret), digestAlgorithm: .sha256)
    }
}

extension Result where Failure == any Error {
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
