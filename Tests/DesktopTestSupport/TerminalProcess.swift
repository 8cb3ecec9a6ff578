import FontdTestSupport
import Foundation
import ProcessSpawning

#if canImport(Glibc)
    import Glibc
#endif

/// A real terminal (kitty, Alacritty, foot) a test starts under its own display, its output and
/// errors in a log file the test reads (docs/DESIGN.md §31 (Terminals and editors)).
public final class TerminalProcess: @unchecked Sendable {
    public struct StartError: Error, CustomStringConvertible {
        public var description: String
    }

    public let pid: pid_t
    public let logPath: String
    private let program: SpawnedProcess
    private var stopped = false

    /// Starts `arguments` (an absolute executable first) with `environment`, logging to a file in `directory`.
    public init(_ arguments: [String], environment: [String: String], in directory: URL) throws {
        logPath = directory.appendingPathComponent((arguments[0] as NSString).lastPathComponent + "-\(UUID().uuidString).log").path
        do {
            program = try SpawnedProcess(arguments, environment: environment, outputPath: logPath)
        } catch {
            throw StartError(description: "\(arguments[0]) did not start (errno \(error.errno))")
        }
        pid = program.pid
    }

    deinit { stop() }

    /// Everything it wrote so far.
    public func log() -> String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// Whether it still runs (it has not exited, nor become a zombie).
    public var isRunning: Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
        return !status.contains(") Z ") && !status.contains(") X ")
    }

    /// Waits until its log holds `text` `count` times; false at the deadline.
    public func waitForLog(containing text: String, count: Int = 1, seconds: Double = Wait.defaultSeconds) -> Bool {
        waitUntil(seconds: seconds) { self.log().components(separatedBy: text).count - 1 >= count }
    }

    /// Waits until `condition` holds; false at the deadline.
    public func waitUntil(seconds: Double = Wait.defaultSeconds, _ condition: () -> Bool) -> Bool {
        Wait.holds(seconds: seconds, condition)
    }

    /// Stops it: SIGTERM, then SIGKILL after 5 s.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        program.stop()
    }
}
