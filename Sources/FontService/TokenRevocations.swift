import DynamicType
import ScopedPreferences
import Foundation
import Synchronization

/// The revocations of scoped tokens a server knows (docs/DESIGN.md §23 (Reader scopes and scoped tokens)):
/// the newest per scope, loaded from the storage at start, added by `PUT /revocations`,
/// and replaced when another replica keeps one.
///
/// Event-loop threads ask `revocation(of:)` for every request with a remembered valid token (a
/// walk of at most four scopes under a lock); the service's queues add and replace.
final class TokenRevocations: Sendable {
    private let newest = Mutex<[PreferenceScope: Int]>([:])

    /// The revocation that refuses a token with `grant`, if any: of its scope or one above it, made after it was issued.
    func revocation(of grant: ScopedTokenVerifier.Grant) -> TokenRevocation? {
        let issued = grant.issued?.timeIntervalSince1970
        return newest.withLock { newest in
            guard !newest.isEmpty else { return nil }
            var scope: PreferenceScope? = grant.scope
            while let current = scope {
                if let before = newest[current] {
                    let revocation = TokenRevocation(scope: current, revokedBefore: before)
                    if revocation.revokes(tokenScope: grant.scope, issued: issued) { return revocation }
                }
                scope = current.parent
            }
            return nil
        }
    }

    /// The newest revocation of `scope` itself, if any.
    func newest(of scope: PreferenceScope) -> TokenRevocation? {
        newest.withLock { $0[scope] }.map { TokenRevocation(scope: scope, revokedBefore: $0) }
    }

    /// Adds `revocation`, unless a later one of its scope is known.
    func add(_ revocation: TokenRevocation) {
        newest.withLock { $0[revocation.scope] = max($0[revocation.scope] ?? .min, revocation.revokedBefore) }
    }

    /// Adds every one of `revocations` (what the storage keeps; none is ever taken back).
    func add(_ revocations: [TokenRevocation]) {
        for revocation in revocations { add(revocation) }
    }
}
