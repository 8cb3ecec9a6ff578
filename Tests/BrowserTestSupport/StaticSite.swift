import FontdTestSupport
import Foundation
import HTTPServer
import Logging
import ServerTestSupport
import Synchronization

/// A web site of fixed pages on a loopback port of its own, so a test can load a page from an
/// origin other than fontd's (another port is another origin). Stopped by `stop()` or `deinit`.
public final class StaticSite: Sendable {
    private let server: HTTPServer
    private let stopped = Mutex(false)
    private let log = RequestLog()

    /// Serves `pages` (path → content type and body) on `127.0.0.1`, on a port the kernel chooses;
    /// any other path is answered 404. Every answer says `Cache-Control: no-store`, so a page
    /// loaded again is requested again.
    public init(pages: [String: (contentType: String, body: String)]) throws {
        var configuration = HTTPServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.threads = 1
        let responder = Pages(pages: pages.mapValues { ($0.contentType, Array($0.body.utf8)) }, log: log)
        server = try HTTPServer(configuration: configuration, responder: responder, logger: Logger(label: "StaticSite"))
        server.start()
    }

    deinit { stop() }

    /// The port it listens on.
    public var port: Int { server.port }

    /// `http://127.0.0.1:PORT`.
    public var url: URL { LoopbackSocket.url(port: server.port) }

    /// The address of `path` on this site, e.g. `url(for: "/index.html")`.
    public func url(for path: String) -> URL { URL(string: path, relativeTo: url)?.absoluteURL ?? url }

    /// Every request target the site has been asked for, in order (`/report/ready?…`): how a page
    /// that cannot be driven (Firefox's `--screenshot`) tells a test what it measured.
    public var requestedTargets: [String] { log.targets }

    /// The first target asked for that starts with `prefix`, polled until `timeoutSeconds` pass.
    public func waitForRequest(startingWith prefix: String, timeoutSeconds: Double = Wait.defaultSeconds) -> String? {
        var target: String?
        _ = Wait.holds(seconds: timeoutSeconds) {
            target = log.targets.first { $0.hasPrefix(prefix) }
            return target != nil
        }
        return target
    }

    /// Stops serving: open connections are closed, and it returns when the server has stopped.
    public func stop() {
        guard
            stopped.withLock({ stopped in
                defer { stopped = true }
                return !stopped
            })
        else { return }
        server.stop()
        server.wait()
    }
}

/// The targets a site was asked for, and the answers to `/hold` it holds until `/release` is asked
/// for: a page's `<img src="/hold">` keeps its load event (and Firefox's `--screenshot`) waiting
/// until the page's own script says it is done. Any thread.
private final class RequestLog: Sendable {
    private struct State {
        var targets: [String] = []
        var released = false
        var held: [HTTPDeferredResponse] = []
    }

    private let state = Mutex(State())

    var targets: [String] { state.withLock { $0.targets } }

    /// Records `target`; answers `/hold` (nil: held) and `/release`, nil for another path.
    func record(_ target: String, path: String) -> HTTPReply? {
        let done = HTTPResponse(
            status: 200, headers: [("Content-Type", "text/plain"), ("Cache-Control", "no-store")], body: Array("ok".utf8))
        switch path {
        case "/hold":
            return state.withLock { state in
                state.targets.append(target)
                if state.released { return .response(done) }
                return .deferred { promise in
                    let released = self.state.withLock { state in
                        if !state.released { state.held.append(promise) }
                        return state.released
                    }
                    if released { promise.complete(done) }
                }
            }
        case "/release":
            let held = state.withLock { state in
                state.targets.append(target)
                state.released = true
                defer { state.held = [] }
                return state.held
            }
            for promise in held { promise.complete(done) }
            return .response(done)
        default:
            state.withLock { $0.targets.append(target) }
            return path.hasPrefix("/report/") ? .response(done) : nil
        }
    }
}

/// Answers GET and HEAD with the page at the request's path; 404 for other paths, 405 for other methods.
private struct Pages: HTTPResponder {
    let pages: [String: (contentType: String, body: [UInt8])]
    let log: RequestLog

    func respond(to request: HTTPRequest, context: Void) -> HTTPReply {
        if let answer = log.record(request.target, path: String(request.path)) { return answer }
        let plain = [(name: "Content-Type", value: "text/plain; charset=utf-8"), (name: "Cache-Control", value: "no-store")]
        guard request.method == "GET" || request.method == "HEAD" else {
            return .response(
                HTTPResponse(status: 405, headers: plain + [("Allow", "GET, HEAD")], body: Array("405 Method Not Allowed\n".utf8)))
        }
        guard let page = pages[String(request.path)] else {
            return .response(HTTPResponse(status: 404, headers: plain, body: Array("404 Not Found: \(request.path)\n".utf8)))
        }
        return .response(
            HTTPResponse(
                status: 200, headers: [("Content-Type", page.contentType), ("Cache-Control", "no-store")], body: page.body))
    }
}
