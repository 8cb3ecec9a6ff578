import Dispatch
import FontdClient
import FontdCommandLine
import Foundation
import Synchronization

extension Serve {
    /// The one line `fontd serve` stops with when its address is taken (docs/DESIGN.md §13 (The server: event loops and I/O)):
    /// whether the holder is a fontd (it answers `GET /healthz` as `fontd health` asks it) and `--port` as
    /// the way out.
    static func addressInUse(host: String, port: Int) -> String {
        let address = Self.address(host: host, port: port)
        let holder =
            switch fontdVersion(at: address) {
            case let version?:
                "a fontd \(version) already serves there (fontd health --server http://\(address) asks it); stop it, or"
            case nil: "another program listens there;"
            }
        return "\(address) is in use: \(holder) give this server another port with --port (--port 0 takes any free one)."
    }

    /// The version a fontd listening at `address` reports within a second (empty for a fontd too old
    /// to say), or nil when nothing there answers as fontd does.
    static func fontdVersion(at address: String) -> String? {
        guard let url = URL(string: "http://\(address)") else { return nil }
        let answer = Answer()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            let client = FontdClient(baseURL: url, timeout: .seconds(1))
            if let health = try? await client.health() { answer.version.withLock { $0 = health.version ?? "" } }
            done.signal()
        }
        _ = done.wait(timeout: .now() + 2)
        return answer.version.withLock { $0 }
    }

    /// What the probe found, shared with its task.
    private final class Answer: Sendable {
        let version = Mutex<String?>(nil)
    }
}
