import FontdTestSupport
import Foundation
import ProcessSpawning

#if canImport(Glibc)
    import Glibc
#endif

/// A D-Bus session bus of one test's own (Debian's dbus-daemon with its session configuration),
/// on which dconf-service is started on demand as on a desktop; stopped when released. Give it the
/// environment its services must see (dconf-service writes to `XDG_CONFIG_HOME/dconf/user`).
///
/// Started as a `SpawnedProcess` (an empty signal mask): neither dbus-daemon nor the dconf-service
/// it starts would otherwise leave on SIGTERM (dconf-service sends itself one when the bus goes away).
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
    private let socket: String
    private let log: String
    private let environment: [String: String]
    private var program: SpawnedProcess?

    public init(in directory: URL, environment: [String: String]) throws {
        socket = directory.appendingPathComponent("bus").path
        log = directory.appendingPathComponent("dbus-daemon.log").path
        address = "unix:path=\(socket)"
        self.environment = environment
        try start()
    }

    /// Starts the daemon at `address`; returns once its socket exists.
    private func start() throws {
        let arguments = [
            "/usr/bin/dbus-daemon", "--config-file=/usr/share/dbus-1/session.conf", "--address=\(address)", "--nofork", "--nopidfile",
        ]

        do { program = try SpawnedProcess(arguments, environment: environment, errorPath: log) } catch {
            throw StartError.notStarted(error.errno)
        }

        guard Wait.holds({ access(socket, F_OK) == 0 }) else {
            stop()
            throw StartError.noSocket((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
        }
    }

    /// The bus dies (SIGKILL: no goodbye to its clients, its socket left behind), as when the
    /// session's bus crashes.
    public func kill() {
        guard let program else { return }
        _ = Glibc.kill(program.pid, SIGKILL)
        _ = program.wait()
        self.program = nil
    }

    /// A new daemon at the same address, after `kill` or `stop`; returns once it listens.
    public func startAgain() throws {
        // A killed daemon leaves its socket: the new one could not bind it.
        unlink(socket)
        try start()
    }

    deinit { stop() }

    /// The daemon's PID while it runs.
    public var processIdentifier: pid_t? { program?.pid }

    /// Stops the daemon (SIGTERM; SIGKILL after 5 s); the services it started leave with the bus.
    public func stop() {
        program?.stop()
        program = nil
    }
}
