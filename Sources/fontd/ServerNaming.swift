import FontdClient
import FontdCommandLine
import Foundation
import Synchronization

/// Which server a networked command spoke to (docs/DESIGN.md §18 (The command line)): said once on
/// stderr, after its first answer, when it is not the default `http://127.0.0.1:8686` — so that a
/// reader with two servers (one socket-activated, one run by hand) sees which one changed — and with
/// `--verbose` always: `fontd: the fontd at http://127.0.0.1:9000 answered ($FONTD_SERVER).`
enum ServerNaming {
    /// The line to write once the server has answered; nil when there is none, or it was written.
    private static let pending = Mutex<String?>(nil)

    /// Remembers that the command's server is `url`, whose address came from `source`.
    static func expect(_ url: URL, source: String, always: Bool) {
        let isDefault = url == (try? FontdClient.baseURL(parsing: ServerOptions.fallbackServer))
        guard always || !isDefault else { return }
        pending.withLock { $0 = "fontd: the fontd at \(url.absoluteString) answered (\(source))." }
    }

    /// Writes the line, once, after the server's first answer.
    static func answered() {
        guard
            let line = pending.withLock({ line in
                defer { line = nil }
                return line
            })
        else { return }
        Output.writeLine(line, to: STDERR_FILENO)
    }
}
