import Glibc
import HTTPServer
import Logging

/// The service manager that started `fontd serve` (systemd, for a `Type=notify` unit), told how
/// fontd is doing through the sd_notify protocol: datagrams of `NAME=VALUE` lines on the
/// `AF_UNIX` socket `$NOTIFY_SOCKET` names (docs/DESIGN.md §29 (A desktop service)). Used on the main thread only.
final class ServiceManager {
    /// One state fontd reports.
    enum Notification {
        /// Every event loop answers and the session bus names are owned.
        case ready
        /// A graceful stop has begun.
        case stopping
        /// The event loops still turn (`WATCHDOG=1`).
        case watchdog

        var datagram: String {
            switch self {
            case .ready: "READY=1\nMAINPID=\(getpid())"
            case .stopping: "STOPPING=1"
            case .watchdog: "WATCHDOG=1"
            }
        }
    }

    /// Seconds between watchdog pings: half of `$WATCHDOG_USEC`, as sd_watchdog_enabled(3)
    /// advises, and never less than `minimumWatchdogIntervalSeconds`; nil when no watchdog is asked of this process.
    let watchdogIntervalSeconds: Double?
    /// The shortest interval between pings: `WATCHDOG_USEC=1` would otherwise keep a core busy pinging.
    static let minimumWatchdogIntervalSeconds = 0.1
    private let address: sockaddr_un
    private let addressLength: socklen_t
    private let socket: Int32
    private let logger: Logger
    private var failureLogged = false

    /// The service manager named by `$NOTIFY_SOCKET` (a path, or an abstract name starting with
    /// `@`), with `$WATCHDOG_USEC` when `$WATCHDOG_PID` is unset or this process. The variables
    /// are removed from the environment, so that no child reports to it in fontd's name. Nil
    /// when there is none, or its socket cannot be used (said in the log).
    static func take(logger: Logger) -> ServiceManager? {
        let names: [String] = ["NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID"]
        let variables = names.map { name in getenv(name).map { String(cString: $0) } }
        for name in names { unsetenv(name) }
        guard let path = variables[0], !path.isEmpty else { return nil }
        let watchdogMicroseconds = variables[1].flatMap { UInt64($0) }.flatMap { $0 > 0 ? $0 : nil }
        let watchdogIsOurs = variables[2].map { pid_t($0) == getpid() } ?? true
        var interval = watchdogIsOurs ? watchdogMicroseconds.map { Double($0) / 2_000_000 } : nil
        if let asked = interval, asked < minimumWatchdogIntervalSeconds {
            interval = minimumWatchdogIntervalSeconds
            logger.warning(
                "WATCHDOG_USEC asks for a watchdog ping every \(asked) s; fontd pings every \(minimumWatchdogIntervalSeconds) s instead, its floor",
                metadata: ["WATCHDOG_USEC": "\(variables[1] ?? "")"])
        }
        guard let (address, length) = Self.address(path) else {
            logger.warning(
                "NOTIFY_SOCKET is not a socket address; the service manager is not told when fontd is ready", metadata: ["path": "\(path)"])
            return nil
        }
        let socket = Glibc.socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else {
            logger.warning("cannot open a socket to the service manager", metadata: ["error": "\(String(cString: strerror(errno)))"])
            return nil
        }
        return ServiceManager(address: address, length: length, socket: socket, watchdogIntervalSeconds: interval, logger: logger)
    }

    private init(address: sockaddr_un, length: socklen_t, socket: Int32, watchdogIntervalSeconds: Double?, logger: Logger) {
        self.address = address
        self.addressLength = length
        self.socket = socket
        self.watchdogIntervalSeconds = watchdogIntervalSeconds
        self.logger = logger
    }

    deinit { close(socket) }

    /// A heartbeat for `HTTPServer.run` that pings the watchdog while every event loop turns;
    /// nil when no watchdog is asked.
    var watchdog: HTTPHeartbeat? {
        watchdogIntervalSeconds.map { interval in HTTPHeartbeat(intervalSeconds: interval) { [self] in notify(.watchdog) } }
    }

    /// Sends `notification`, without waiting: a manager that does not read misses it. The first
    /// failure is logged, and none stops fontd.
    func notify(_ notification: Notification) {
        let bytes = Array(notification.datagram.utf8)
        var address = address
        let sent = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { target in
                sendto(socket, bytes, bytes.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT), target, addressLength)
            }
        }
        if sent < 0, !failureLogged {
            failureLogged = true
            logger.warning(
                "cannot tell the service manager how fontd is doing (said once)",
                metadata: ["message": "\(notification.datagram.split(separator: "\n")[0])", "error": "\(String(cString: strerror(errno)))"])
        }
    }

    /// `path` as an `AF_UNIX` address: a file, or with a leading `@` an abstract name (whose
    /// first byte is 0, and whose length is exactly its bytes'); nil when it is too long.
    private static func address(_ path: String) -> (sockaddr_un, socklen_t)? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let isAbstract = path.hasPrefix("@")
        var bytes = Array(path.utf8)
        if isAbstract { bytes[0] = 0 } else { bytes.append(0) }
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count <= capacity, bytes.count > 1 else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let length = MemoryLayout<sockaddr_un>.offset(of: \.sun_path)! + bytes.count
        return (address, socklen_t(length))
    }
}
