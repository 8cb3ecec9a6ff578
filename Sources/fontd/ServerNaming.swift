import FontdClient
import FontdCommandLine
import Foundation
import Synchronization

/// Which server a networked command spoke to (docs/DESIGN.md §18 (The command line)): said once on
/// stderr, when the command has succeeded, if the server answered and `$FONTD_SERVER` chose it rather
/// than the default `http://127.0.0.1:8686` — so that a reader with two servers (one socket-activated,
/// one run by hand) sees which one changed; a `--server` on the command line already says it — and
/// with `--verbose` always: `fontd: the fontd at http://127.0.0.1:9000 answered ($FONTD_SERVER).` A
/// command that fails says only its error, in one line.
enum ServerNaming {
    /// The line to write once the command has succeeded, and whether the server answered.
    private static let pending = Mutex<(line: String?, answered: Bool)>((nil, false))

    /// Remembers that the command's server is `url`, whose address came from `source`.
    static func expect(_ url: URL, source: String, always: Bool) {
        let isDefault = url == (try? FontdClient.baseURL(parsing: ServerOptions.fallbackServer))
        guard always || (!isDefault && source != "--server") else { return }
        pending.withLock { $0.line = "fontd: the fontd at \(url.absoluteString) answered (\(source))." }
    }

    /// Notes that the server answered.
    static func answered() {
        pending.withLock { $0.answered = true }
    }

    /// Writes the line, once, when the server answered the command, which has succeeded.
    static func sayWhoAnswered() {
        let line = pending.withLock { pending in
            defer { pending = (nil, false) }
            return pending.answered ? pending.line : nil
        }
        if let line { Output.writeLine(line, to: STDERR_FILENO) }
    }
}
