/// What the server calls for every request: the application, which knows what the paths mean.
///
/// `respond(to:context:)` runs on the event loop that read the request, so it must answer quickly
/// (a cached lookup, or work of a few hundred microseconds at most) and never block on I/O.
/// Every loop thread calls it concurrently: implementations are `Sendable` and keep their shared
/// state safe; what one loop keeps for itself goes in its `LoopContext`.
public protocol HTTPResponder: Sendable {
    /// What one event loop keeps for the responder, touched only by that loop's thread (so it
    /// needs no lock): a loop-private cache, say. `Void` for a responder that keeps nothing.
    associatedtype LoopContext = Void

    /// A new context for one event loop; the server makes one per loop before serving.
    func makeLoopContext() -> LoopContext

    /// The answer to `request`, read by the loop that owns `context`.
    func respond(to request: HTTPRequest, context: LoopContext) -> HTTPReply

    /// The answer for a request the server refuses before the responder sees it:
    /// malformed framing (400), limits (413, 414, 431), timeouts (408), overload (503),
    /// unsupported codings or versions (501, 505). The connection is closed after it.
    func failureResponse(_ failure: HTTPFailure) -> HTTPResponse
}

extension HTTPResponder where LoopContext == Void {
    /// Nothing: the responder keeps no per-loop state.
    public func makeLoopContext() {}
}

extension HTTPResponder {
    /// A plain-text body naming the status and the reason.
    public func failureResponse(_ failure: HTTPFailure) -> HTTPResponse {
        HTTPResponse(
            status: failure.status.code, headers: [("Content-Type", "text/plain; charset=utf-8"), ("X-Content-Type-Options", "nosniff")],
            body: Array("\(failure.status) \(HTTPResponse.reasonPhrase(failure.status.code)): \(failure.reason)\n".utf8))
    }
}

/// A responder's answer.
public enum HTTPReply: Sendable {
    /// A complete response.
    case response(HTTPResponse)
    /// A response held open: the head (and `head.body`, if any) is sent at once without a
    /// `Content-Length`, the connection is closed when the stream ends, and `opened` receives
    /// the handle to push more bytes through (on the event loop's thread, before any other
    /// request of the connection is read).
    case stream(HTTPResponse, opened: @Sendable (HTTPStream) -> Void)
    /// A response whose body is a file, sent from disk with `sendfile` (never held in memory):
    /// the head announces `Content-Length: body.length`, and the response's own `body` is not
    /// sent. HEAD, 204 and 304 answers send the head alone. The requests after it wait until the
    /// file is sent.
    case file(HTTPResponse, HTTPFileBody)
    /// An answer that is not ready yet (it waits on a disk write, say): `start` runs at once on
    /// the event loop's thread and hands the work elsewhere; whoever finishes it calls
    /// `complete` on the handle, from any thread. Later pipelined requests of the same
    /// connection wait, so answers stay in order.
    case deferred(start: @Sendable (HTTPDeferredResponse) -> Void)
    /// No answer yet, because something the answer depends on is not ready (a credential being
    /// checked, say) and the answer may not even be a response (a stream): `start` runs at once
    /// on the event loop's thread and hands the work elsewhere; whoever finishes it calls
    /// `ready`, from any thread, and the server asks the responder again with the same request,
    /// on the loop's thread. Later pipelined requests of the same connection wait meanwhile.
    case retry(after: @Sendable (_ ready: @escaping @Sendable () -> Void) -> Void)
}
