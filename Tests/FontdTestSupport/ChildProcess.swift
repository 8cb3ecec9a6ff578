import Foundation
import ProcessSpawning

#if canImport(Glibc)
    import Glibc
#endif

/// A long-running child a test starts and stops (`fontd serve`, a browser, its driver, a bus
/// monitor): a `SpawnedProcess` (docs/DESIGN.md §2 (Modules and their arrows)) reaped exactly
/// once, read through the names Foundation's `Process` gives the same facts, so a test reads
/// `processIdentifier`, `isRunning`, `terminationReason` and `waitUntilExit()` as it always has.
///
/// The test's threads ask it; the reap happens under `lock`, so whichever thread sees the child
/// end first records how, and every later question reads that record.
public final class ChildProcess: @unchecked Sendable {
    /// The started child, with the pipe ends it was given (their owner is whoever reads them).
    public let spawned: SpawnedProcess
    private let lock = NSLock()
    private var termination: SpawnedProcess.Termination?

    /// Starts `arguments` (the first a path, or with `searchingPath` a name in `PATH`) with
    /// `environment` (nil: the test's), stdin, stdout and stderr as given.
    public init(
        _ arguments: [String], environment: [String: String]? = nil, searchingPath: Bool = false,
        input: SpawnedProcess.Input = .nothing, output: SpawnedProcess.Output = .discarded,
        error: SpawnedProcess.Output = .standardOutput
    ) throws {
        spawned = try SpawnedProcess(
            arguments, environment: environment, searchingPath: searchingPath, input: input, output: output, error: error)
    }

    /// The child's PID.
    public var processIdentifier: Int32 { spawned.pid }

    /// How the child ended, reaping it if it just has; nil while it runs.
    public var ended: SpawnedProcess.Termination? {
        lock.withLock {
            if termination == nil { termination = spawned.poll() }
            return termination
        }
    }

    /// Whether the child is still running.
    public var isRunning: Bool { ended == nil }

    /// Waits for the child to end and reaps it; how it ended.
    @discardableResult
    public func waitUntilExit() -> SpawnedProcess.Termination {
        if let ended { return ended }
        // Blocks outside the lock, so `isRunning` on another thread answers meanwhile; a second
        // waiter's `waitpid` fails once this one has reaped, and it then reads the record.
        var status: Int32 = 0
        var answer = waitpid(spawned.pid, &status, 0)
        while answer < 0, errno == EINTR { answer = waitpid(spawned.pid, &status, 0) }
        let reaped = answer == spawned.pid
        return lock.withLock {
            if termination == nil, reaped { termination = SpawnedProcess.Termination(waitStatus: status) }
            return termination ?? .signalled(SIGKILL)
        }
    }

    /// Whether the child exited or a signal ended it, as `Process` says it; `.exit` while it runs.
    public var terminationReason: Process.TerminationReason {
        if case .signalled = ended { return .uncaughtSignal }
        return .exit
    }

    /// The exit status, or the number of the signal that ended it (as `Process` says it); 0 while it runs.
    public var terminationStatus: Int32 {
        switch ended {
        case .exited(let status): status
        case .signalled(let signal): signal
        case nil: 0
        }
    }

    /// Sends `signal`, waits up to `timeoutSeconds` for the child to end, then SIGKILL; reaps it.
    /// How it ended, nil when it had to be killed.
    @discardableResult
    public func terminate(signal: Int32 = SIGTERM, timeoutSeconds: Double = 5) -> SpawnedProcess.Termination? {
        if let ended { return ended }
        Glibc.kill(spawned.pid, signal)
        waitForExit(timeoutSeconds: timeoutSeconds)
        if let ended { return ended }
        Glibc.kill(spawned.pid, SIGKILL)
        waitUntilExit()
        return nil
    }

    /// Waits up to `timeoutSeconds` for the child to end (reaping it when it does); whether it did.
    @discardableResult
    public func waitForExit(timeoutSeconds: Double) -> Bool {
        Wait.holds(seconds: timeoutSeconds) { !isRunning }
    }

    /// Kills the child (SIGKILL) if it still runs, and reaps it.
    public func kill() {
        if isRunning { Glibc.kill(spawned.pid, SIGKILL) }
        waitUntilExit()
    }
}
