/// Why the server could not start.
public enum HTTPServerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The host is neither an address nor a name that resolves.
    case unknownHost(String, reason: String)
    /// A system call failed while setting up; `call` names it, `errno` says why.
    case system(call: String, errno: Int32)
    /// Another socket listens on the address: another process (or another fontd) serves there.
    case addressInUse(host: String, port: Int)
    /// A setting is outside what the server can use.
    case invalidConfiguration(String)
    /// An inherited descriptor is not a TCP socket that listens; `found` says what it is ("a regular file").
    case notAListeningSocket(descriptor: Int32, found: String)

    public var description: String {
        switch self {
        case .unknownHost(let host, let reason): "Cannot listen on '\(host)': \(reason)."
        case .system(let call, let code): "\(call) failed: \(String(cString: strerror(code)))."
        case .addressInUse(let host, let port): "\(host.contains(":") ? "[\(host)]" : host):\(port) is in use by another process"
        case .invalidConfiguration(let message): message
        case .notAListeningSocket(let descriptor, let found): "descriptor \(descriptor) is \(found), not a listening TCP socket"
        }
    }
}

#if canImport(Glibc)
    import Glibc
#endif
