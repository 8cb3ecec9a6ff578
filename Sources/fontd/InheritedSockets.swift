import Glibc
import HTTPServer

/// The listening sockets systemd passed `fontd serve` (socket activation, `sd_listen_fds(3)`),
/// read from `LISTEN_PID`, `LISTEN_FDS` and `LISTEN_FDNAMES`; fontd serves exactly one
/// (docs/DESIGN.md §29 (A desktop service)).
struct InheritedSockets {
    /// The first inherited descriptor (`SD_LISTEN_FDS_START`); any others follow it.
    static let firstDescriptor: Int32 = 3

    /// How many descriptors were passed (`LISTEN_FDS`).
    let count: Int
    /// Their names (`LISTEN_FDNAMES`: the socket unit's `FileDescriptorName=`, else its name), when given.
    let names: [String]

    /// The sockets passed to this process. The three variables are removed from the environment
    /// whatever they say (as `sd_listen_fds(1)` does), so that no child takes the sockets for its
    /// own. Nil when none were passed, or they were meant for another process (`LISTEN_PID`).
    static func take() throws(InheritedSocketError) -> InheritedSockets? {
        let names: [String] = ["LISTEN_PID", "LISTEN_FDS", "LISTEN_FDNAMES"]
        let variables = names.map { name in getenv(name).map { String(cString: $0) } }
        for name in names { unsetenv(name) }
        guard let pid = variables[0], pid_t(pid) == getpid(), let descriptors = variables[1] else { return nil }
        guard let count = Int(descriptors), count >= 0 else { throw .unreadableCount(descriptors) }
        guard count > 0 else { return nil }
        let socketNames = variables[2].map { $0.split(separator: ":", omittingEmptySubsequences: false).map(String.init) } ?? []
        return InheritedSockets(count: count, names: socketNames)
    }

    /// The one socket to serve on, non-blocking and close-on-exec; refused when more than one
    /// was passed, or it is not a listening TCP socket.
    func listener() throws(InheritedSocketError) -> HTTPListener {
        guard count == 1 else { throw .tooMany(count) }
        do {
            return try HTTPListener(inheritedDescriptor: Self.firstDescriptor)
        } catch {
            throw .notAListener(error)
        }
    }
}
