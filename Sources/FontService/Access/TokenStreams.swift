import Dispatch
import DynamicType
import Foundation
import HTTPServer
import ScopedPreferences
import Synchronization

/// The event streams opened with a scoped token, each ended when its token stops being valid
/// (docs/DESIGN.md §23 (Reader scopes and scoped tokens)): at the moment fontd counts the token
/// expired (`exp` plus the leeway), by one timer per stream, never a check per event; or when a
/// revocation covers it.
///
/// The stream gets a last `tokenExpired` event saying why, and is closed; a stream that ends
/// first cancels its timer (libdispatch then releases the handler, and with it the stream) and
/// leaves the registry. Timers fire on one shared queue; any thread may call.
final class TokenStreams: Sendable {
    /// Why a stream's token no longer lets it read.
    enum Reason: String, Sendable {
        /// The token's `exp` (plus the leeway) has passed.
        case expired
        /// A revocation of its scope, or of one above it, came after it was issued.
        case revoked
    }

    /// The queue every stream's timer fires on.
    private static let queue = DispatchQueue(label: "fontd.token-streams")

    /// The open streams by identity, with the grant of the token that opened each.
    private let open = Mutex<[ObjectIdentifier: (grant: ScopedTokenVerifier.Grant, stream: HTTPStream)]>([:])

    /// Ends `stream` when `grant` expires (at once when it has), unless it ends first or a revocation ends it.
    func follow(_ stream: HTTPStream, grant: ScopedTokenVerifier.Grant) {
        let key = ObjectIdentifier(stream)
        open.withLock { $0[key] = (grant, stream) }
        // A dispatch source may be cancelled from any thread; its type is not marked Sendable.
        nonisolated(unsafe) let timer = DispatchSource.makeTimerSource(queue: Self.queue)
        let seconds = max(0, grant.expires.timeIntervalSinceNow)
        timer.schedule(wallDeadline: .now() + .nanoseconds(Int(seconds * 1e9)))
        timer.setEventHandler { [weak self] in
            timer.cancel()
            Self.end(stream, because: .expired)
            self?.open.withLock { _ = $0.removeValue(forKey: key) }
        }
        stream.onEnd { [weak self] _ in
            timer.cancel()
            self?.open.withLock { _ = $0.removeValue(forKey: key) }
        }
        timer.resume()
    }

    /// Ends every open stream whose token `revocations` now refuse.
    func endRevoked(by revocations: TokenRevocations) {
        let revoked = open.withLock { open in open.values.filter { revocations.revocation(of: $0.grant) != nil }.map(\.stream) }
        for stream in revoked { Self.end(stream, because: .revoked) }
    }

    /// Sends the last event, saying `reason`, and closes the stream.
    private static func end(_ stream: HTTPStream, because reason: Reason) {
        stream.send(lastEvent(reason))
        stream.close()
    }

    /// `event: tokenExpired` with `{"reason": …}`: a client reconnects only with a new token.
    static func lastEvent(_ reason: Reason) -> [UInt8] {
        Array("event: tokenExpired\ndata: {\"reason\":\"\(reason.rawValue)\"}\n\n".utf8)
    }
}
