import FontdTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An `AF_UNIX` datagram socket in a temporary directory, standing in for systemd's: a program
/// given its path as `$NOTIFY_SOCKET` reports its state here (sd_notify, docs/DESIGN.md §29 (A desktop service)).
public final class NotifySocket {
    /// A socket call failed with `code` (an errno).
    public struct Failure: Error, CustomStringConvertible {
        public var call: String
        public var code: Int32
        public var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
    }

    /// The socket's path, for `NOTIFY_SOCKET`: a file's, or `@` and an abstract name.
    public let path: String
    private let descriptor: Int32

    /// A socket in a new temporary folder, or with `abstract` one of Linux's abstract names
    /// (no file; the address starts with a 0 byte and is exactly as long as the name).
    public init(abstract: Bool = false) throws {
        path =
            abstract ? "@fontd-test-notify-\(UUID().uuidString)" : try TestPaths.temporaryDirectory().appendingPathComponent("notify").path
        descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = abstract ? [0] + Array(path.utf8.dropFirst()) : Array(path.utf8) + [0]
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let length = socklen_t(MemoryLayout<sockaddr_un>.offset(of: \.sun_path)! + bytes.count)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard descriptor >= 0, bound == 0 else {
            let code = errno
            close(descriptor)
            throw Failure(call: "bind", code: code)
        }
    }

    deinit {
        close(descriptor)
        if !path.hasPrefix("@") { unlink(path) }
    }

    /// The next datagram, waiting up to `timeoutSeconds` (0: only one already there); nil if none came.
    public func receive(timeoutSeconds: Double) -> String? {
        var watch = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&watch, 1, Int32(timeoutSeconds * 1000)) > 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = recv(descriptor, &buffer, buffer.count, 0)
        return count < 0 ? nil : String(decoding: buffer[0..<count], as: UTF8.self)
    }

    /// Datagrams up to and including the first with the line `line`, waiting up to
    /// `timeoutSeconds` in all; the last one is not `line`'s if it did not come.
    public func receive(until line: String, timeoutSeconds: Double = 20) -> [String] {
        let deadline = Date().addingTimeInterval(timeoutSeconds)
        var received: [String] = []
        while let datagram = receive(timeoutSeconds: max(0, deadline.timeIntervalSinceNow)) {
            received.append(datagram)
            if datagram.split(separator: "\n").contains(Substring(line)) { break }
        }
        return received
    }
}
