import Foundation
import HTTPServer
import Logging
import Synchronization

/// A web site of fixed pages on a loopback port of its own, so a test can load a page from an
/// origin other than fontd's (another port is another origin). Stopped by `stop()` or `deinit`.
public final class StaticSite: Sendable {
    private let server: HTTPServer
    private let stopped = Mutex(false)

    /// Serves `pages` (path → content type and body) on `127.0.0.1`, on a port the kernel chooses;
    /// any other path is answered 404. Every answer says `Cache-Control: no-store`, so a page
    /// loaded again is requested again.
    public init(pages: [String: (contentType: String, body: String)]) throws {
        var configuration = HTTPServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.threads = 1
        let responder = Pages(pages: pages.mapValues { ($0.contentType, Array($0.body.utf8)) })
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

    /// Stops serving: open connections are closed, and it returns when the server has stopped.
    public func stop() {
        guard stopped.withLock({ stopped in defer { stopped = true }; return !stopped }) else { return }
        server.stop()
        server.wait()
    }
}

/// Answers GET and HEAD with the page at the request's path; 404 for other paths, 405 for other methods.
private struct Pages: HTTPResponder {
    let pages: [String: (contentType: String, body: [UInt8])]

    func respond(to request: HTTPRequest, context: Void) -> HTTPReply {
        let plain = [(name: "Content-Type", value: "text/plain; charset=utf-8"), (name: "Cache-Control", value: "no-store")]
        guard request.method == "GET" || request.method == "HEAD" else {
            return .response(HTTPResponse(status: 405, headers: plain + [("Allow", "GET, HEAD")], body: Array("405 Method Not Allowed\n".utf8)))
        }
        guard let page = pages[String(request.path)] else {
            return .response(HTTPResponse(status: 404, headers: plain, body: Array("404 Not Found: \(request.path)\n".utf8)))
        }
        return .response(HTTPResponse(
            status: 200, headers: [("Content-Type", page.contentType), ("Cache-Control", "no-store")], body: page.body))
    }
}
