import FontdTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Debian's `systemd-socket-activate` as a test's launcher: it listens where it is told and, when
/// the first connection arrives, starts the program with the sockets from descriptor 3 on and
/// `LISTEN_PID`/`LISTEN_FDS` set, as systemd does for a socket unit.
public enum SocketActivation {
    public static let program = "/usr/bin/systemd-socket-activate"

    /// A loopback port that was free a moment ago (the kernel's choice, closed again), for the
    /// launcher to listen on.
    public static func freePort() throws -> Int {
        let (descriptor, port) = try LoopbackSocket.listen(backlog: 1)
        close(descriptor)
        return port
    }

    /// The launcher's arguments: listening on each of `addresses` (`-d`: datagram sockets), and
    /// passing on `environment`'s variables, since it gives the program only a few of its own.
    public static func launcher(listeningOn addresses: [String], datagram: Bool = false, passing environment: [String: String]) -> [String]
    {
        [program] + (datagram ? ["-d"] : []) + addresses.flatMap { ["-l", $0] } + environment.keys.sorted().flatMap { ["-E", $0] }
    }

    /// A connection to `127.0.0.1:port` once the launcher listens there (`Wait.value`): the
    /// connection that has it start the program.
    public static func firstConnection(port: Int, timeoutSeconds: Double = Wait.defaultSeconds) throws -> RawHTTPConnection {
        var last: Error?
        return try Wait.value("the launcher to listen on port \(port)", seconds: timeoutSeconds, seen: { "\(last.map { "\($0)" } ?? "")" })
        {
            do { return try RawHTTPConnection(port: port, timeoutSeconds: timeoutSeconds) } catch {
                last = error
                return nil
            }
        }
    }
}
