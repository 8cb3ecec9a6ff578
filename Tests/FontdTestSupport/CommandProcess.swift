import Foundation
import ProcessSpawning

#if canImport(Glibc)
    import Glibc
#endif

/// A command (such as `fontd watch`, or a program a test compiled) whose stdout lines are read as they come, each
/// with the moment it arrived; `CommandRunner.run` uses it for commands that are simply run to the end.
///
/// Started as a `SpawnedProcess` (an empty signal mask, stdin from /dev/null, stdout and stderr
/// through pipes), so a command that is told to stop can stop whatever the test's thread blocks.
/// The reader threads write the lines and the captured bytes under `lock`; a test's thread reads
/// them, and reaps the command under `lock` too.
public final class CommandProcess: @unchecked Sendable {
    private let process: SpawnedProcess
    private let lock = NSLock()
    private let arrived = DispatchSemaphore(value: 0)
    private let outputClosed = DispatchSemaphore(value: 0)
    private let errorClosed = DispatchSemaphore(value: 0)
    private var lines: [(text: String, time: ContinuousClock.Instant)] = []
    private var outputText: [UInt8] = []
    private var errorText: [UInt8] = []
    private var termination: SpawnedProcess.Termination?

    /// Starts `fontd arguments…` (or another built product, `executable`) with the pinned fonts.
    public convenience init(
        _ arguments: [String], executable name: String = "fontd", environment: [String: String] = PinnedFonts.environment
    ) throws {
        guard let executable = TestPaths.builtExecutable(name) else { throw CommandRunner.RunError.notBuilt }
        try self.init(program: executable, arguments, environment: environment)
    }

    /// Starts any program (one a test compiled, an interpreter) the same way.
    public init(program executable: URL, _ arguments: [String], environment: [String: String]) throws {
        process = try SpawnedProcess([executable.path] + arguments, environment: environment, output: .pipe, error: .pipe)
        if let output = process.standardOutput {
            Thread.detachNewThread { [self] in
                var pending: [UInt8] = []
                SpawnedProcess.read(output) { chunk in
                    let now = ContinuousClock.now
                    lock.withLock { outputText += chunk }
                    for byte in chunk {
                        guard byte == UInt8(ascii: "\n") else {
                            pending.append(byte)
                            continue
                        }
                        let line = String(decoding: pending, as: UTF8.self)
                        pending = []
                        lock.withLock { lines.append((line, now)) }
                        arrived.signal()
                    }
                }
                arrived.signal()
                outputClosed.signal()
            }
        }
        if let error = process.standardError {
            Thread.detachNewThread { [self] in
                SpawnedProcess.read(error) { chunk in lock.withLock { errorText += chunk } }
                errorClosed.signal()
            }
        }
    }

    deinit { stop() }

    /// How the command ended, reaping it if it just has; nil while it runs.
    private func ended() -> SpawnedProcess.Termination? {
        lock.withLock {
            if termination == nil { termination = process.poll() }
            return termination
        }
    }

    /// Whether the command is still running.
    public var isRunning: Bool { ended() == nil }

    /// Whether a signal ended it (a trap is SIGILL or SIGTRAP); false while it runs.
    public var diedOfSignal: Bool {
        if case .signalled = ended() { return true }
        return false
    }

    /// The exit status, or the number of the signal that ended it (as Foundation's `Process` says it).
    private static func status(_ termination: SpawnedProcess.Termination) -> Int32 {
        switch termination {
        case .exited(let status): status
        case .signalled(let signal): signal
        }
    }

    /// The `index`th line of stdout (from 0) and when it arrived, waiting up to `seconds` for it;
    /// nil if it did not come.
    public func line(_ index: Int, seconds: Double = Wait.defaultSeconds) -> (text: String, time: ContinuousClock.Instant)? {
        let deadline = DispatchTime.now() + seconds
        while true {
            if let line = lock.withLock({ index < lines.count ? lines[index] : nil }) { return line }
            if !isRunning, lock.withLock({ index >= lines.count }) { return nil }
            guard arrived.wait(timeout: deadline) == .success else { return nil }
        }
    }

    /// CPU seconds (user + system) the command has used so far, from /proc.
    public func cpuSeconds() throws -> Double {
        try processorSeconds(of: process.pid)
    }

    /// What the command has written to stdout so far, a last line without its newline included.
    public var standardOutput: String { lock.withLock { String(decoding: outputText, as: UTF8.self) } }

    /// What the command has written to stderr so far.
    public var standardError: String { lock.withLock { String(decoding: errorText, as: UTF8.self) } }

    /// Every stdout line so far.
    public var allLines: [String] { lock.withLock { lines.map(\.text) } }

    /// Waits up to `seconds` for the command to exit by itself; its exit status, or nil if it did not.
    public func waitForExit(seconds: Double = Wait.defaultSeconds) -> Int32? {
        _ = Wait.holds(seconds: seconds) { !isRunning }
        guard let termination = ended() else { return nil }
        // Everything the command wrote has been read once its pipes are closed.
        for closed in [outputClosed, errorClosed] {
            _ = closed.wait(timeout: .now() + 2)
            closed.signal()
        }
        return Self.status(termination)
    }

    /// Interrupts the command (SIGINT, as Ctrl-C) and waits for it; SIGKILL after 5 s.
    @discardableResult
    public func stop() -> Int32 {
        if let termination = ended() { return Self.status(termination) }
        signalThenKill(process.pid, SIGINT) { ended() != nil }
        let ending = lock.withLock {
            if termination == nil { termination = process.wait() }
            return termination ?? .signalled(SIGKILL)
        }
        return Self.status(ending)
    }
}

/// Sends `signal` to `pid` and polls `hasExited` for up to 5 s, then sends SIGKILL: the one way every test
/// runner stops a child, so a child that ignores the polite signal cannot outlive its test.
func signalThenKill(_ pid: pid_t, _ signal: Int32, hasExited: () -> Bool) {
    kill(pid, signal)
    if !Wait.holds(seconds: 5, hasExited) { kill(pid, SIGKILL) }
}
