import FontdTestSupport
import Foundation
import ProcessSpawning

#if canImport(Glibc)
    import Glibc
#endif

/// A `fontd serve` started for one test: on a port the kernel chose, with the pinned fonts,
/// stopped (SIGTERM, then SIGKILL) when the test is done. A `ChildProcess`, so it starts with an
/// empty signal mask and only its three descriptors (docs/DESIGN.md §2 (Modules and their arrows)).
public final class ServerProcess: @unchecked Sendable {
    public enum LaunchError: Error, CustomStringConvertible {
        case noReadyLine(String)
        public var description: String {
            switch self {
            case .noReadyLine(let stderr): "fontd serve printed no ready line; stderr: \(stderr)"
            }
        }
    }

    /// The running `fontd serve` (or its launcher), read as a `Process` is.
    public let process: ChildProcess
    public let port: Int
    /// Exactly what the server wrote on stdout before it was ready.
    public let readyLine: String
    /// The state file: a fresh one per server unless `--state` or `--store` was given (then
    /// empty), or the environment has `FONTD_TEST_DEFAULT_LOCATIONS` (the default paths).
    public let statePath: String
    /// The read end of the server's stdout, where the ready line comes; closed with the server.
    private let outputDescriptor: Int32
    /// stderr, drained as it comes: a server whose log pipe fills up blocks on its next log line.
    private let errorLog = LogSink()
    private let errorDrained = DispatchSemaphore(value: 0)

    /// Starts `fontd serve --port PORT arguments…` (port 0: the kernel chooses), prefixed by
    /// `launcher` (e.g. `prlimit --nofile=…`), seeing the fonts `environment` pins. `whileStarting`
    /// runs once the process is started and before its ready line is read (to make the connection
    /// that has `systemd-socket-activate` start it, say).
    public init(
        _ arguments: [String] = [], port requestedPort: Int = 0, launcher: [String] = [], timeoutSeconds: Double = Wait.defaultSeconds,
        environment: [String: String] = PinnedFonts.environment, whileStarting: (() throws -> Void)? = nil
    ) throws {
        guard let executable = TestPaths.fontdExecutable else { throw CommandRunner.RunError.notBuilt }
        var arguments = arguments
        if let given = arguments.firstIndex(of: "--state"), given + 1 < arguments.count {
            statePath = arguments[given + 1]
        } else if arguments.contains("--store") || environment["FONTD_TEST_DEFAULT_LOCATIONS"] != nil {
            // The store is given, or the test checks the default locations (under its own HOME).
            statePath = ""
        } else {
            statePath = try TestPaths.temporaryDirectory().appendingPathComponent("state.json").path
            arguments += ["--state", statePath]
        }
        let command = launcher + [executable.path, "serve", "--port", String(requestedPort)] + arguments
        process = try ChildProcess(
            launcher.isEmpty ? command : ["/usr/bin/env"] + command, environment: environment, output: .pipe, error: .pipe)
        Self.track(process.processIdentifier)
        outputDescriptor = process.spawned.standardOutput ?? -1
        if let errorDescriptor = process.spawned.standardError {
            Thread.detachNewThread { [errorLog, errorDrained] in
                SpawnedProcess.read(errorDescriptor) { errorLog.append(Data($0)) }
                errorDrained.signal()
            }
        } else {
            errorDrained.signal()
        }
        do {
            try whileStarting?()
        } catch {
            process.kill()
            close(outputDescriptor)
            throw error
        }

        var line: [UInt8] = []
        let deadline = Date().addingTimeInterval(timeoutSeconds)
        let descriptor = outputDescriptor
        while line.last != UInt8(ascii: "\n"), Date() < deadline {
            var watch = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&watch, 1, 100) > 0 else { continue }
            var byte: UInt8 = 0
            guard read(descriptor, &byte, 1) == 1 else { break }
            line.append(byte)
        }
        readyLine = String(decoding: line, as: UTF8.self)
        guard let portText = readyLine.split(separator: ":").last?.trimmingCharacters(in: .whitespacesAndNewlines),
            readyLine.hasPrefix("fontd listening on http://"), let port = Int(portText)
        else {
            process.terminate(timeoutSeconds: 10)
            close(outputDescriptor)
            errorDrained.wait()
            throw LaunchError.noReadyLine(String(decoding: errorLog.bytes, as: UTF8.self))
        }
        self.port = port
    }

    deinit {
        stop()
        close(outputDescriptor)
    }

    /// Sends SIGTERM and waits up to `timeoutSeconds` for the exit; SIGKILL after that.
    /// Returns the exit status, or nil when it had to be killed.
    @discardableResult
    public func terminate(timeoutSeconds: Double = 10) -> Int32? {
        guard process.terminate(timeoutSeconds: timeoutSeconds) != nil else { return nil }
        return process.terminationStatus
    }

    /// Kills the server if it is still running.
    public func stop() {
        process.kill()
        Self.untrack(process.processIdentifier)
    }

    /// Whatever the server has written to stderr so far.
    public func standardError() -> String {
        String(decoding: errorLog.bytes, as: UTF8.self)
    }

    /// Waits until the server's stderr holds `text` (`Wait.until`), and returns it.
    @discardableResult
    public func waitForLog(containing text: String) throws -> String {
        try Wait.until("the server to log \"\(text)\"", seen: { standardError() }) { standardError().contains(text) }
        return standardError()
    }

    /// Waits, suspending, until the server's stderr holds `text`, and returns it.
    @discardableResult
    public func waitForLog(containing text: String) async throws -> String {
        try await Wait.until("the server to log \"\(text)\"", seen: { standardError() }) { standardError().contains(text) }
        return standardError()
    }

    /// Everything the server wrote to stderr, once it has exited and the pipe is drained; what
    /// was drained by then if that takes past `timeoutSeconds`.
    public func standardErrorAfterExit(timeoutSeconds: Double = 10) -> String {
        process.waitUntilExit()
        if errorDrained.wait(timeout: .now() + timeoutSeconds) == .success { errorDrained.signal() }
        return standardError()
    }

    /// CPU seconds (user + system) the server has used so far, from /proc.
    public func cpuSeconds() throws -> Double {
        try processorSeconds(of: process.processIdentifier)
    }

    /// The server's address, `http://127.0.0.1:PORT`.
    public var url: URL { LoopbackSocket.url(port: port) }

    /// A new connection to the server.
    public func connect(timeoutSeconds: Double = 5) throws -> RawHTTPConnection {
        try RawHTTPConnection(port: port, timeoutSeconds: timeoutSeconds)
    }

    /// A client that asks this server, each request on a fresh connection.
    public var client: TestClient { .live(port: port) }
}

extension ServerProcess {
    /// Servers still running. Suites keep one server in a `static let`, which is never
    /// deinitialized, so they are killed when the test process exits instead.
    private static let running = RunningServers()

    /// Forgets a server that has exited, so its PID, once reused, is never killed.
    package static func untrack(_ pid: Int32) { running.remove(pid) }

    /// Remembers a program this test process started, to be killed if the process exits first.
    package static func track(_ pid: Int32) {
        running.insert(pid)
        Self.installExitHandler
    }

    private static let installExitHandler: Void = {
        atexit { ServerProcess.running.killAll() }
    }()
}

/// The PIDs of servers started by this test process.
private final class RunningServers: @unchecked Sendable {
    private let lock = NSLock()
    private var pids: Set<Int32> = []

    func insert(_ pid: Int32) { lock.withLock { _ = pids.insert(pid) } }
    func remove(_ pid: Int32) { lock.withLock { _ = pids.remove(pid) } }

    func killAll() {
        for pid in lock.withLock({ pids }) { kill(pid, SIGKILL) }
    }
}

/// Bytes appended by the draining thread and read by the test.
private final class LogSink: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    func append(_ chunk: Data) { lock.withLock { data.append(chunk) } }
    var bytes: Data { lock.withLock { data } }
}
