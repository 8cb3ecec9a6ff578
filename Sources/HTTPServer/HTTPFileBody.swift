#if canImport(Glibc)
    import Glibc
#endif

/// A file to answer with (`HTTPReply.file`): an open, read-only descriptor and how many bytes of
/// it to send, from its start. The event loop sends them with `sendfile(2)`, so the file is never
/// read into memory, however large it is (docs/DESIGN.md §13 (The server)).
///
/// Made on whichever thread builds the answer; from then on only event loops touch the
/// descriptor, and only through `sendfile` at an offset of each transfer's own, so one body may
/// answer many requests at once, on any loops. The descriptor is closed when the last reference
/// goes: when its transfers have finished or their connections have ended (a client gone
/// mid-transfer, a HEAD, a 304, a server stop), on the thread that let go of it.
public final class HTTPFileBody: Sendable {
    /// Why a file cannot be sent.
    public enum OpenError: Error, Equatable, Sendable, CustomStringConvertible {
        /// `open` or `fstat` failed; `errno` says why.
        case cannotOpen(path: String, errno: Int32)
        /// The path names something other than a regular file; `kind` says what ("a directory").
        case notARegularFile(path: String, kind: String)
        /// The path's last component is a symbolic link, and links were not to be followed.
        case symbolicLink(path: String)

        public var description: String {
            switch self {
            case .cannotOpen(let path, let code): "Cannot open '\(path)': \(String(cString: strerror(code)))."
            case .notARegularFile(let path, let kind): "'\(path)' is \(kind), not a regular file; only regular files can be sent."
            case .symbolicLink(let path): "'\(path)' is a symbolic link, and it was to be opened without following one."
            }
        }
    }

    /// The open descriptor, read only through `sendfile` at an explicit offset.
    let descriptor: Int32
    /// The bytes to send: the file's size when it was opened.
    public let length: Int
    /// The path it was opened at, for the server's log.
    public let path: String
    /// What `fstat` said of the descriptor when it was opened: which file it is (`st_dev`,
    /// `st_ino`), whatever the path names by now, so the caller can check it is the one it meant.
    public let status: stat

    /// Opens the regular file at `path` for reading and takes its current size as the length to
    /// send; with `followingLinks` false a symbolic link as the last component is refused.
    public init(path: String, followingLinks: Bool = true) throws(OpenError) {
        // O_NONBLOCK so that a FIFO is refused instead of blocking the caller until a writer
        // comes; it changes nothing for a regular file.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (followingLinks ? 0 : O_NOFOLLOW))
        guard descriptor >= 0 else {
            let code = errno
            throw !followingLinks && code == ELOOP ? .symbolicLink(path: path) : .cannotOpen(path: path, errno: code)
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            throw .cannotOpen(path: path, errno: code)
        }
        let type = status.st_mode & S_IFMT
        guard type == S_IFREG else {
            close(descriptor)
            throw .notARegularFile(path: path, kind: Self.kind(of: type))
        }
        self.descriptor = descriptor
        self.length = Int(status.st_size)
        self.path = path
        self.status = status
    }

    deinit { close(descriptor) }

    /// What a file type of `st_mode` is, in words.
    private static func kind(of type: mode_t) -> String {
        switch type {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a pipe"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        default: "of another kind"
        }
    }
}
