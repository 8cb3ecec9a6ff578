import Caching
import DynamicType
import Foundation
import JWTKit
import Synchronization

/// Checks scoped tokens (docs/DESIGN.md §10) with jwt-kit, off the event loops, and remembers
/// what it found for each token until the token expires, so a loop can decide at once.
///
/// Event-loop threads read the remembered outcomes; `verify` runs on Swift's concurrency pool.
final class ScopedTokenVerifier: Sendable {
    /// What a token was found to be.
    enum Outcome: Sendable, Equatable {
        /// It may read and write `scope` and everything below it until `expires` (leeway included).
        case valid(scope: PreferenceScope, expires: Date)
        /// It is not a token of this server, or not a usable one; `reason` says why.
        case invalid(reason: String)
    }

    /// How many tokens' outcomes are remembered.
    static let rememberedTokens = 10_000

    private let key: FontServiceConfiguration.ScopedTokenKey
    private let outcomes = Mutex(LRUCache<String, Outcome>(capacity: rememberedTokens))
    private let keys: Mutex<JWTKeyCollection?> = Mutex(nil)

    init(key: FontServiceConfiguration.ScopedTokenKey) {
        self.key = key
    }

    /// The remembered outcome for `token`; an expired token is invalid from its `exp` (plus leeway) on.
    func outcome(for token: String) -> Outcome? {
        guard let outcome = outcomes.withLock({ $0.value(for: token) }) else { return nil }
        if case .valid(_, let expires) = outcome, expires <= Date() { return .invalid(reason: "it has expired") }
        return outcome
    }

    /// Verifies `token` (signature, `exp`, `scope`) and remembers the outcome.
    func verify(_ token: String) async {
        let outcome: Outcome
        do {
            let claims = try await keyCollection().verify(token, as: ScopedTokenClaims.self)
            let scope = try PreferenceScope(parsing: claims.scope)
            outcome = .valid(scope: scope, expires: claims.exp.value.addingTimeInterval(ScopedTokenClaims.leewaySeconds))
        } catch let error as JWTError {
            outcome = .invalid(reason: Self.reason(error))
        } catch let error as DecodingError {
            outcome = .invalid(reason: "it lacks a claim fontd needs, a string scope and a numeric exp (\(Self.missingClaim(error)))")
        } catch let error as DynamicTypeError {
            outcome = .invalid(reason: "its scope claim is not a scope (\(error.description))")
        } catch {
            outcome = .invalid(reason: "it cannot be read (\(error))")
        }
        outcomes.withLock { $0.insert(outcome, for: token) }
    }

    /// The one key collection, made on first use (adding a key to jwt-kit's collection is async).
    private func keyCollection() async throws -> JWTKeyCollection {
        if let keys = keys.withLock({ $0 }) { return keys }
        let made = JWTKeyCollection()
        switch key {
        case .secret(let secret):
            await made.add(hmac: HMACKey(from: secret), digestAlgorithm: .sha256)
        case .publicKey(let pem):
            await made.add(ecdsa: try ES256PublicKey(pem: pem))
        }
        return keys.withLock { keys in
            if let keys { return keys }
            keys = made
            return made
        }
    }

    /// Why jwt-kit refused a token, in words that name no secret.
    private static func reason(_ error: JWTError) -> String {
        switch error.errorType {
        case .claimVerificationFailure: "it has expired"
        case .signatureVerificationFailed: "its signature does not verify with this server's key"
        case .malformedToken: malformedReason(error.reason ?? "")
        case .unsupportedAlgorithm, .signingAlgorithmFailure: "it is not signed with this server's algorithm"
        default:
            if let decoding = error.underlying as? DecodingError { "it lacks a claim fontd needs (\(missingClaim(decoding)))" }
            else { "it is not a valid token (\(error.errorType))" }
        }
    }

    /// Why jwt-kit could not read a token: its payload lacks a claim or has one in the wrong
    /// form (jwt-kit tells only in the words of the decoding error), or it is no JWT at all.
    private static func malformedReason(_ reason: String) -> String {
        // Swift's DecodingError describes a missing key as "keyNotFound: Key 'exp' not found".
        if reason.contains("keyNotFound"), let key = reason.range(of: "Key '") {
            let name = reason[key.upperBound...].prefix { $0 != "'" }
            return "it has no \(name) claim; a scoped token needs scope and exp"
        }
        if reason.contains("DecodingError") {
            return "a claim has the wrong form; scope must be a string and exp a number of seconds"
        }
        return "it is not a JWT (three base64url parts separated by dots)"
    }

    /// Which claim a payload that did not decode lacks or has in the wrong form.
    private static func missingClaim(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, _): "no \(key.stringValue) claim"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            "the \(context.codingPath.map(\.stringValue).joined(separator: ".")) claim has the wrong form"
        @unknown default: "\(error)"
        }
    }
}
