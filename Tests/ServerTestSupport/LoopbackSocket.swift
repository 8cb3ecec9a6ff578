import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The loopback TCP sockets the test helpers open: a listener on a port the kernel chooses,
/// and connections to `127.0.0.1:port`.
package enum LoopbackSocket {
    /// A socket call failed with `code` (an errno).
    package struct Failure: Error, CustomStringConvertible {
        package var call: String
        package var code: Int32
        package var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
    }

    /// `127.0.0.1:port`.
    package static func address(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    /// `http://127.0.0.1:port`.
    package static func url(port: Int) -> URL {
        var components = URLComponents()
        components.scheme = "http"
        components.host = "127.0.0.1"
        components.port = port
        return components.url ?? URL(fileURLWithPath: "/")
    }

    /// A listening socket on `127.0.0.1` at a port the kernel chooses, and that port.
    package static func listen(backlog: Int32) throws(Failure) -> (descriptor: Int32, port: Int) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = address(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ready = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && Glibc.listen(descriptor, backlog) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard ready else {
            let code = errno
            Glibc.close(descriptor)
            throw Failure(call: "listen", code: code)
        }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// Connects `descriptor` to `127.0.0.1:port`; the errno when that fails.
    package static func connect(_ descriptor: Int32, port: Int) -> Int32? {
        var address = address(port: port)
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        return status == 0 ? nil : errno
    }
}
