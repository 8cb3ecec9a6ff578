import HTTPServer

/// Why `fontd serve` refuses the sockets it inherited (docs/DESIGN.md §29 (A desktop service)): each description is
/// one line saying what was passed and what fontd takes instead.
enum InheritedSocketError: Error, CustomStringConvertible {
    /// `LISTEN_FDS` is not a number.
    case unreadableCount(String)
    /// More than one socket was passed.
    case tooMany(Int)
    /// The socket is not a TCP socket that listens (or could not be made non-blocking).
    case notAListener(HTTPServerError)

    /// What fontd serves on instead, said at the end of every refusal.
    private static let allowed = "fontd serve takes exactly one listening TCP socket (one ListenStream= of an address and port)"

    var description: String {
        switch self {
        case .unreadableCount(let text):
            "LISTEN_FDS=\(text) is not a number of descriptors; \(Self.allowed)."
        case .tooMany(let count):
            "LISTEN_FDS=\(count): descriptors 3 to \(2 + count) were passed; \(Self.allowed)."
        case .notAListener(let error):
            "LISTEN_FDS=1: \(error); \(Self.allowed)."
        }
    }
}
