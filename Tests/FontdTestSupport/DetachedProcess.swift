import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A helper program a test starts beside fontd (dbus-daemon, xdg-desktop-portal, weston), with its
/// output in a log file; stopped when released.
///
/// Started with `posix_spawn` and an empty signal mask rather than `Process`: a test runs on a
/// thread that blocks most signals, `Process` passes that mask on, and such a program would then
/// not leave on SIGTERM (dconf-service, which dbus-daemon starts, sends itself one when the bus goes away).
public final class DetachedProcess: @unchecked Sendable {
    /// Where its stdout and stderr go.
    public let logPath: String
    private var pid: pid_t = 0

    /// Starts `arguments` (the first an absolute path) with exactly `environment`; stdin is /dev/null.
    /// - Throws: the `posix_spawn` error number when it cannot start.
    public init(_ arguments: [String], environment: [String: String], log: String) throws(SpawnError) {
        logPath = log
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        let error = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard error == 0 else { throw SpawnError(program: arguments[0], code: error) }
    }

    deinit { stop() }

    /// What it has written so far.
    public var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// Whether it is still running (it has not exited, or has not been reaped).
    public var isRunning: Bool {
        guard pid > 0 else { return false }
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) == 0
    }

    /// Stops it (SIGTERM; SIGKILL after 5 s) and reaps it. Again does nothing.
    public func stop() {
        guard pid > 0 else { return }
        kill(pid, SIGTERM)
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(5)
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() > deadline {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                break
            }
            usleep(10_000)
        }
        pid = 0
    }

    /// Why a program did not start.
    public struct SpawnError: Error, CustomStringConvertible {
        public let program: String
        public let code: Int32

        public var description: String { "\(program) did not start (is it installed?): \(String(cString: strerror(code)))" }
    }
}
