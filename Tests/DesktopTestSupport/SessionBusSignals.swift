import FontdTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The signals of one interface on a test's session bus, one line each as they arrive:
/// `Member (GVariant text of the arguments)`. Subscribed before `init` returns (a call to the bus
/// follows the subscription, so the bus has applied it); stopped when released.
public final class SessionBusSignals: @unchecked Sendable {
    public struct Timeout: Error, CustomStringConvertible {
        public var received: String
        public var description: String { "no signal in time; the monitor printed: \(received)" }
    }

    /// Python's GIO, subscribed, printing each signal on stdout.
    private let process: ChildProcess
    /// The read end of its stdout.
    private let descriptor: Int32
    private var buffer: [UInt8] = []

    /// Follows `interface`'s signals on the bus at `address`, from any sender and object.
    public init(interface: String, address: String) throws {
        let script =
            SessionBusScript.prelude + """
                def heard(connection, sender, path, interface, member, arguments):
                    print(member, arguments.print_(True), flush=True)
                bus.signal_subscribe(None, sys.argv[2], None, None, None, Gio.DBusSignalFlags.NONE, heard)
                bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetId", None, None,
                              Gio.DBusCallFlags.NONE, 5000, None)
                print("ready", flush=True)
                GLib.MainLoop().run()
                """
        process = try ChildProcess(["/usr/bin/python3", "-c", script, address, interface], output: .pipe, error: .discarded)
        descriptor = process.spawned.standardOutput ?? -1
        let first = try next()
        guard first == "ready" else { throw Timeout(received: first) }
    }

    deinit {
        process.kill()
        close(descriptor)
    }

    /// The next signal's line, waiting at most `timeoutSeconds`.
    public func next(timeoutSeconds: Double = 5) throws -> String {
        let deadline = Date().addingTimeInterval(timeoutSeconds)
        while Date() < deadline {
            if let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                defer { buffer.removeSubrange(...end) }
                return String(decoding: buffer[..<end], as: UTF8.self)
            }
            var watch = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&watch, 1, 50) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = read(descriptor, &chunk, chunk.count)
            guard count > 0 else { break }
            buffer += chunk[..<count]
        }
        throw Timeout(received: String(decoding: buffer, as: UTF8.self))
    }

    /// The lines up to and including the first that `isLast` accepts.
    public func lines(through isLast: (String) -> Bool, timeoutSeconds: Double = 5) throws -> [String] {
        var lines: [String] = []
        repeat { lines.append(try next(timeoutSeconds: timeoutSeconds)) } while !isLast(lines[lines.count - 1])
        return lines
    }
}
