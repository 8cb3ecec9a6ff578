import Dispatch
import DynamicType
import Foundation
import HTTPServer
import Logging
import ScopedPreferences
import Synchronization

extension FontService {
    /// Where revocations are kept and reloaded: off the event loops, one at a time.
    static let revocationQueue = DispatchQueue(label: "fontd.revocations")

    /// `GET /revocations?scope=S`: the newest revocation of S, `{"scope", "revokedBefore"}`
    /// (`revokedBefore` 0 when its tokens were never revoked).
    func revocationAnswer(_ context: RequestContext) throws(FontServiceError) -> HTTPReply {
        let revocation = tokenVerifier?.revocations.newest(of: context.scope) ?? TokenRevocation(scope: context.scope, revokedBefore: 0)
        return .response(
            HTTPResponse(
                status: 200, headers: [Self.jsonContentType] + Self.privateFields + Self.corsHeaders, body: try encoded(revocation)))
    }

    /// `PUT /revocations?scope=S` (docs/DESIGN.md §23 (Reader scopes and scoped tokens)): every
    /// token for S and the scopes below it issued before the next second is refused from now on,
    /// on every replica. Only the server's token may revoke; the revocation is kept by the
    /// storage before it is answered.
    func revokeTokens(_ context: RequestContext) throws(FontServiceError) -> HTTPReply {
        guard context.grant == nil else {
            throw .forbidden(
                reason: "revoking tokens needs the server's token (fontd serve's --token-file or FONTD_TOKEN), not a scoped token")
        }
        let now = Date().timeIntervalSince1970
        let revocation = TokenRevocation(scope: context.scope, revokedBefore: Int(now.rounded(.down)) + 1)
        return .deferred { [self] pending in
            Self.revocationQueue.async { [self] in
                do {
                    try store.storage?.revoke(revocation)
                } catch {
                    switch PreferenceStorageFailure(error) {
                    case .unavailable(let reason)?:
                        return pending.complete(
                            errorResponse(
                                .storeUnavailable(
                                    "the revocation is not known to be kept: the preferences store is unreachable (\(reason)). A PUT is idempotent: send it again"
                                ),
                                to: context.request))
                    case .refusing(let reason)?:
                        return pending.complete(errorResponse(.storeUnavailable(reason), to: context.request))
                    default:
                        return pending.complete(errorResponse(.stateNotSaved("\(error)"), to: context.request))
                    }
                }
                if let revocations = tokenVerifier?.revocations {
                    revocations.add(revocation)
                    tokenStreams.endRevoked(by: revocations)
                }
                logger.notice(
                    "revoked scoped tokens",
                    metadata: ["scope": "\(revocation.scope.path)", "revokedBefore": "\(revocation.revokedBefore)"])
                do throws(FontServiceError) {
                    pending.complete(
                        HTTPResponse(
                            status: 200, headers: [Self.jsonContentType] + Self.privateFields + Self.corsHeaders,
                            body: try encoded(revocation)))
                } catch {
                    pending.complete(errorResponse(error, to: context.request))
                }
            }
        }
    }

    /// Reads the storage's revocations into the verifier now, and again whenever another replica
    /// keeps one (a failed read is tried again a second later).
    func followRevocations(of storage: any PreferenceStorage) throws {
        tokenVerifier?.revocations.add(try storage.revocations())
        guard storage.isShared else { return }
        storage.watchRevocations { [weak self] in self?.reloadRevocations(from: storage) }
    }

    private func reloadRevocations(from storage: any PreferenceStorage) {
        Self.revocationQueue.async { [weak self] in
            guard let self else { return }
            do {
                guard let revocations = tokenVerifier?.revocations else { return }
                revocations.add(try storage.revocations())
                tokenStreams.endRevoked(by: revocations)
            } catch {
                // An unreachable store is said once, by the preferences store (docs/DESIGN.md §24 (Replicas on PostgreSQL)), not every second here.
                let level: Logger.Level = if case .unavailable? = PreferenceStorageFailure(error) { .debug } else { .warning }
                logger.log(
                    level: level, "could not read the revocations of scoped tokens; trying again in a second",
                    metadata: ["error": "\(error)"])
                Self.revocationQueue.asyncAfter(deadline: .now() + 1) { [weak self] in self?.reloadRevocations(from: storage) }
            }
        }
    }
}

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
