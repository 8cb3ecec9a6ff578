import CFontdSystem
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The one listening socket of a server, bound here or inherited (docs/DESIGN.md §29 (A desktop service)): bound
/// without `SO_REUSEPORT`, so a second server on an address in use fails instead of sharing it,
/// and shared by every event loop, each of which watches it with `EPOLLEXCLUSIVE`
/// (docs/DESIGN.md §13 (The server)).
///
/// Made on any thread, before the server; the loops only `accept` on it and add or remove it in
/// their epoll; the server closes it once, after every loop has stopped.
public final class HTTPListener: Sendable {
    /// The host as given; for an inherited socket, its numeric address.
    public let host: String
    /// The port it is bound to (the kernel's choice when 0 was asked for).
    public let port: Int
    /// The listening descriptor, non-blocking and close-on-exec.
    let descriptor: Int32
    /// Whether `descriptor` is still this socket's: after `close()` the number may be another file's.
    private let isOpen = Mutex(true)

    /// Binds `host:port` (the first address `getaddrinfo` gives; port 0: the kernel chooses) and listens.
    public convenience init(host: String, port: Int) throws(HTTPServerError) {
        let descriptor = try Self.open(try Self.address(host: host, port: port), host: host, port: port)
        self.init(descriptor: descriptor, host: host)
    }

    /// Takes over a listening socket this process inherited (from systemd's socket activation,
    /// docs/DESIGN.md §29 (A desktop service)): refused unless it is a TCP socket that listens, then made
    /// non-blocking and close-on-exec. Its host is the address it is bound to, as a numeric address.
    public convenience init(inheritedDescriptor descriptor: Int32) throws(HTTPServerError) {
        if let found = Self.whyNotListening(descriptor) {
            throw .notAListeningSocket(descriptor: descriptor, found: found)
        }
        let flags = fcntl(descriptor, F_GETFL)
        guard flags >= 0, fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0 else { throw .system(call: "fcntl", errno: errno) }
        guard fcntl(descriptor, F_SETFD, FD_CLOEXEC) == 0 else { throw .system(call: "fcntl", errno: errno) }
        self.init(descriptor: descriptor, host: try Self.numericHost(of: descriptor))
    }

    /// Takes over `descriptor`, a socket already bound and listening.
    init(descriptor: Int32, host: String) {
        self.descriptor = descriptor
        self.host = host
        self.port = Self.port(of: descriptor)
    }

    deinit { close() }

    /// Whether the socket is bound to a loopback address (judged on the address itself, as
    /// `HTTPServer.isLoopback(host:)` judges a host).
    public var isLoopback: Bool { Self.isLoopback(Self.boundAddress(of: descriptor)) }

    /// Stops listening at once: connections queued on it are reset, new ones refused, and
    /// `accept` fails with `EINVAL`. The descriptor stays open (no loop can find its number
    /// reused) until `close()`.
    func stopListening() {
        isOpen.withLock { isOpen in
            // On Linux, shutting a listening socket's read side takes it out of the listening state.
            if isOpen { shutdown(descriptor, Int32(SHUT_RDWR)) }
        }
    }

    /// Closes the socket; later calls do nothing.
    func close() {
        isOpen.withLock { isOpen in
            if isOpen { Glibc.close(descriptor) }
            isOpen = false
        }
    }

    /// The socket address for `host` and `port` (the first that `getaddrinfo` offers).
    static func address(host: String, port: Int) throws(HTTPServerError) -> (storage: sockaddr_storage, length: socklen_t) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw .unknownHost(host, reason: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(list) }
        var storage = sockaddr_storage()
        withUnsafeMutableBytes(of: &storage) { target in
            target.copyMemory(from: UnsafeRawBufferPointer(start: first.pointee.ai_addr, count: Int(first.pointee.ai_addrlen)))
        }
        return (storage, first.pointee.ai_addrlen)
    }

    /// Whether `address` is a loopback address: 127.0.0.0/8, ::1, or 127.0.0.0/8 mapped into IPv6.
    static func isLoopback(_ address: sockaddr_storage) -> Bool {
        var storage = address
        switch Int32(storage.ss_family) {
        case AF_INET:
            let ip = withUnsafeBytes(of: &storage) { $0.load(fromByteOffset: 0, as: sockaddr_in.self) }.sin_addr.s_addr
            return UInt32(bigEndian: ip) >> 24 == 127
        case AF_INET6:
            let bytes = withUnsafeBytes(of: &storage) { raw in
                withUnsafeBytes(of: raw.load(fromByteOffset: 0, as: sockaddr_in6.self).sin6_addr) { Array($0) }
            }
            let isV6Loopback = bytes[0..<15].allSatisfy { $0 == 0 } && bytes[15] == 1
            let isMappedV4Loopback = bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF && bytes[12] == 127
            return isV6Loopback || isMappedV4Loopback
        default:
            return false
        }
    }

    /// A listening socket bound to `address`, non-blocking and close-on-exec. `SO_REUSEADDR` lets
    /// a restarted server bind while the last one's connections are in TIME_WAIT; there is no
    /// `SO_REUSEPORT`, which would let a second server bind the same port and take half the
    /// connections.
    private static func open(_ address: (storage: sockaddr_storage, length: socklen_t), host: String, port: Int) throws(HTTPServerError)
        -> Int32
    {
        let family = Int32(address.storage.ss_family)
        let descriptor = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw .system(call: "socket", errno: errno) }
        var on: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        var storage = address.storage
        let bound = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, address.length) }
        }
        guard bound == 0 else {
            let code = errno
            Glibc.close(descriptor)
            throw code == EADDRINUSE ? .addressInUse(host: host, port: port) : .system(call: "bind", errno: code)
        }
        guard listen(descriptor, 4096) == 0 else {
            let code = errno
            Glibc.close(descriptor)
            throw .system(call: "listen", errno: code)
        }
        return descriptor
    }

    /// What an inherited descriptor is, when it is not a TCP socket that listens; nil when it is.
    private static func whyNotListening(_ descriptor: Int32) -> String? {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return "not open" }
        switch status.st_mode & S_IFMT {
        case S_IFSOCK: break
        case S_IFREG: return "a regular file"
        case S_IFDIR: return "a directory"
        case S_IFCHR: return "a character device"
        case S_IFIFO: return "a pipe"
        default: return "not a socket"
        }
        func option(_ name: Int32) -> Int32 {
            var value: Int32 = -1
            var length = socklen_t(MemoryLayout<Int32>.size)
            return getsockopt(descriptor, SOL_SOCKET, name, &value, &length) == 0 ? value : -1
        }
        switch option(SO_TYPE) {
        case Int32(SOCK_STREAM.rawValue): break
        case Int32(SOCK_DGRAM.rawValue): return "a datagram socket"
        case Int32(SOCK_SEQPACKET.rawValue): return "a sequential-packet socket"
        default: return "a socket that is not a stream"
        }
        switch option(SO_DOMAIN) {
        case AF_INET, AF_INET6: break
        case AF_UNIX: return "a Unix stream socket"
        default: return "a stream socket of another family than IPv4 or IPv6"
        }
        return option(SO_ACCEPTCONN) == 1 ? nil : "a TCP socket that does not listen"
    }

    /// The address a socket is bound to.
    private static func boundAddress(of descriptor: Int32) -> sockaddr_storage {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return storage
    }

    /// The address a socket is bound to, numeric (`127.0.0.1`, `::1`), without brackets or port.
    private static func numericHost(of descriptor: Int32) throws(HTTPServerError) -> String {
        var storage = boundAddress(of: descriptor)
        var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        let status = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                getnameinfo($0, socklen_t(MemoryLayout<sockaddr_storage>.size), &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST)
            }
        }
        guard status == 0 else { throw .unknownHost("descriptor \(descriptor)", reason: String(cString: gai_strerror(status))) }
        return String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The port a bound socket listens on.
    private static func port(of descriptor: Int32) -> Int {
        var storage = boundAddress(of: descriptor)
        let family = Int32(storage.ss_family)
        return withUnsafeBytes(of: &storage) { raw in
            let offset =
                family == AF_INET6
                ? MemoryLayout<sockaddr_in6>.offset(of: \.sin6_port)!
                : MemoryLayout<sockaddr_in>.offset(of: \.sin_port)!
            return Int(UInt16(bigEndian: raw.load(fromByteOffset: offset, as: UInt16.self)))
        }
    }
}
