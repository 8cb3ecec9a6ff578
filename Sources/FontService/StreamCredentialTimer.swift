import Dispatch
import Foundation
import HTTPServer

/// Ends an event stream opened with a scoped token when the token stops being valid
/// (docs/DESIGN.md §23 Reader scopes and scoped tokens): one timer per stream, set for the
/// moment fontd counts the token expired (`exp` plus the leeway), never a check per event.
///
/// At that moment the stream gets a last `tokenExpired` event and is closed; a stream that ends
/// first cancels its timer (libdispatch then releases the handler, and with it the stream).
/// Timers fire on one shared queue.
enum StreamCredentialTimer {
    /// Why a stream's token no longer lets it read.
    enum Reason: String, Sendable {
        /// The token's `exp` (plus the leeway) has passed.
        case expired
    }

    /// The queue every stream's timer fires on.
    private static let queue = DispatchQueue(label: "fontd.token-expiry")

    /// Ends `stream` at `expires` (at once when it has passed), unless it ends first.
    static func end(_ stream: HTTPStream, at expires: Date) {
        // A dispatch source may be cancelled from any thread; its type is not marked Sendable.
        nonisolated(unsafe) let timer = DispatchSource.makeTimerSource(queue: queue)
        let seconds = max(0, expires.timeIntervalSinceNow)
        timer.schedule(wallDeadline: .now() + .nanoseconds(Int(seconds * 1e9)))
        timer.setEventHandler {
            timer.cancel()
            end(stream, because: .expired)
        }
        stream.onEnd { _ in timer.cancel() }
        timer.resume()
    }

    /// Sends the last event, saying `reason`, and closes the stream.
    static func end(_ stream: HTTPStream, because reason: Reason) {
        stream.send(lastEvent(reason))
        stream.close()
    }

    /// `event: tokenExpired` with `{"reason": …}`: a client reconnects only with a new token.
    static func lastEvent(_ reason: Reason) -> [UInt8] {
        Array("event: tokenExpired\ndata: {\"reason\":\"\(reason.rawValue)\"}\n\n".utf8)
    }
}
