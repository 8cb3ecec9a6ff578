import Caching
import Crypto
import DynamicType
import Foundation
import JWTKit
import ScopedPreferences
import ScopedTokens
import Synchronization

/// Checks scoped tokens (docs/DESIGN.md §23 (Reader scopes and scoped tokens)) off the event
/// loops — strictly with `ScopedTokenContents`, then the signature with jwt-kit — and remembers
/// what it found for each token until the token expires, so a loop can decide at once.
///
/// Outcomes are remembered by the SHA-256 digest of the token, never the token itself, and
/// bounded in bytes as well as in number: junk tokens sent by the thousand cost a few megabytes
/// at most. Event-loop threads read the remembered outcomes; `verify` runs on Swift's concurrency pool.
final class ScopedTokenVerifier: Sendable {
    /// What a valid token lets its bearer do, and for how long.
    struct Grant: Sendable, Equatable {
        /// It may read and write this scope and everything below it.
        var scope: PreferenceScope
        /// Its `iat`, when it has one.
        var issued: Date?
        /// The moment fontd counts it expired: its `exp` plus the leeway.
        var expires: Date
    }

    /// What a token was found to be.
    enum Outcome: Sendable, Equatable {
        /// It may read and write its grant's scope and everything below it until the grant expires.
        case valid(Grant)
        /// It is not a token of this server, or not a usable one.
        case invalid(ScopedTokenRefusal)

        /// What remembering the outcome costs, in bytes: the digest, the entry, and its words.
        var rememberedBytes: Int {
            let words =
                switch self {
                case .valid(let grant): grant.scope.path.utf8.count
                case .invalid(let refusal): refusal.description.utf8.count
                }
            return ScopedTokenVerifier.entryOverheadBytes + words
        }
    }

    /// The longest token fontd verifies: a scope claim of three segments and the usual claims
    /// fit in a few hundred bytes, and a longer one is refused before it is verified or remembered.
    static let maximumTokenBytes = 4096
    /// How many tokens' outcomes are remembered.
    static let rememberedTokens = 10_000
    /// How many bytes the remembered outcomes may take, counted as `Outcome.rememberedBytes`.
    static let rememberedBytes = 2 << 20
    /// An entry's bytes besides its words: the digest, the outcome, the LRU's links and the map's slot.
    static let entryOverheadBytes = 160

    /// The revocations a remembered valid token is checked against at each use.
    let revocations = TokenRevocations()
    private let key: FontServiceConfiguration.ScopedTokenKey
    private let maximumLifetimeSeconds: Int
    private let outcomes = Mutex(LRUCache<SHA256Digest, Outcome>(capacity: rememberedTokens, maximumCost: rememberedBytes))
    private let keys: Mutex<JWTKeyCollection?> = Mutex(nil)

    /// - Parameters:
    ///   - key: the key tokens are signed with.
    ///   - maximumLifetimeSeconds: the furthest from now a token's `exp` may be (`--max-token-ttl`).
    init(key: FontServiceConfiguration.ScopedTokenKey, maximumLifetimeSeconds: Int) {
        self.key = key
        self.maximumLifetimeSeconds = maximumLifetimeSeconds
    }

    /// The remembered outcome for `token`; an expired token is invalid from its `exp` (plus leeway) on.
    func outcome(for token: String) -> Outcome? {
        let digest = SHA256.hash(data: Array(token.utf8))
        guard let outcome = outcomes.withLock({ $0.value(for: digest) }) else { return nil }
        guard case .valid(let grant) = outcome else { return outcome }
        if grant.expires <= Date() { return .invalid(.expired) }
        if let revocation = revocations.revocation(of: grant) { return .invalid(.revoked(revocation.scope)) }
        return outcome
    }

    /// How many outcomes are remembered, and their bytes as `Outcome.rememberedBytes` counts them.
    var remembered: (count: Int, bytes: Int) {
        outcomes.withLock { ($0.count, $0.totalCost) }
    }

    /// Verifies `token` (its form, its claims, its signature) and remembers the outcome.
    func verify(_ token: String) async {
        let outcome: Outcome
        do {
            outcome = try await check(token)
        } catch let refusal as ScopedTokenRefusal {
            outcome = .invalid(refusal)
        } catch {
            outcome = .invalid(.badSignature)
        }
        let digest = SHA256.hash(data: Array(token.utf8))
        outcomes.withLock { $0.insert(outcome, for: digest, cost: outcome.rememberedBytes) }
    }

    /// The outcome of a token whose form and claims pass; throws the refusal otherwise.
    private func check(_ token: String) async throws -> Outcome {
        let contents = try ScopedTokenContents(parsing: token, algorithm: key.algorithm)
        try contents.check(at: Date(), leewaySeconds: ScopedTokenClaims.leewaySeconds, maximumLifetimeSeconds: maximumLifetimeSeconds)
        do {
            _ = try await keyCollection().verify(token, as: ScopedTokenClaims.self)
        } catch let error as JWTError where error.errorType == .claimVerificationFailure {
            throw ScopedTokenRefusal.expired
        } catch {
            // The form and the claims were read above: what is left is the signature.
            throw ScopedTokenRefusal.badSignature
        }
        return .valid(
            Grant(
                scope: contents.scope, issued: contents.issuedAt,
                expires: contents.expires.addingTimeInterval(ScopedTokenClaims.leewaySeconds)))
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
}
