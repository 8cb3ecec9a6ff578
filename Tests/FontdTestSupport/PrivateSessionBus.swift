import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A D-Bus session bus of one test's own (Debian's dbus-daemon with its session configuration),
/// on which dconf-service is started on demand as on a desktop; stopped when released. Give it the
/// environment its services must see (dconf-service writes to `XDG_CONFIG_HOME/dconf/user`).
///
/// Started with `posix_spawn` and an empty signal mask rather than `Process`: a test runs on a
/// thread that blocks most signals, `Process` passes that mask on, and neither dbus-daemon nor the
/// dconf-service it starts would then leave on SIGTERM (dconf-service sends itself one when the bus
/// goes away).
public final class PrivateSessionBus: @unchecked Sendable {
    public enum StartError: Error, CustomStringConvertible {
        case notStarted(Int32)
        case noSocket(String)

        public var description: String {
            switch self {
            case .notStarted(let error): "dbus-daemon did not start (is dbus-daemon installed?): \(String(cString: strerror(error)))"
            case .noSocket(let log): "dbus-daemon made no socket: \(log)"
            }
        }
    }

    /// `DBUS_SESSION_BUS_ADDRESS` for the bus.
    public let address: String
    private var pid: pid_t = 0

    public init(in directory: URL, environment: [String: String]) throws {
        let socket = directory.appendingPathComponent("bus").path
        let log = directory.appendingPathComponent("dbus-daemon.log").path
        address = "unix:path=\(socket)"
        let arguments = ["/usr/bin/dbus-daemon", "--config-file=/usr/share/dbus-1/session.conf", "--address=\(address)", "--nofork", "--nopidfile"]

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
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, log, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        let error = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard error == 0 else { throw StartError.notStarted(error) }

        let deadline = Date().addingTimeInterval(5)
        while access(socket, F_OK) != 0, Date() < deadline { usleep(10_000) }
        guard access(socket, F_OK) == 0 else {
            stop()
            throw StartError.noSocket((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
        }
    }

    deinit { stop() }

    /// Stops the daemon (SIGTERM; SIGKILL after 5 s); the services it started leave with the bus.
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
}
