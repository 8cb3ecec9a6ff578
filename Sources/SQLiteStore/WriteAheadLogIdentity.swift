#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The device and inode of a store's write-ahead log (`PATH-wal`) as the store was opened, to tell
/// whether the file at that path is still the one SQLite writes to (docs/DESIGN.md §12 (The store and the state file)).
///
/// SQLite keeps the log open from the first read to the close of the connection, and never makes
/// it anew meanwhile (a checkpoint truncates it in place). A log unlinked or renamed away while
/// the store is open is still written through that descriptor, but a restart reads whatever is at
/// the path: the changes committed to it since the last checkpoint would be gone. A `stat` of
/// the path, compared with the identity recorded here, tells; it costs one system call, next to a
/// commit's two fsyncs.
///
/// Immutable; any thread may call it.
struct WriteAheadLogIdentity: Sendable, Equatable {
    /// The log's path, `PATH-wal`.
    let path: String
    let device: UInt64
    let inode: UInt64

    /// The log at `storePath + "-wal"` as it is now; nil when there is none (no WAL mode).
    init?(storePath: String) {
        let path = storePath + "-wal"
        guard let (device, inode) = Self.identity(of: path) else { return nil }
        self.path = path
        self.device = device
        self.inode = inode
    }

    /// Whether the file at the path is still the log recorded: false when it is missing or
    /// another file (a replacement, a copy renamed over it).
    var isInPlace: Bool {
        guard let (device, inode) = Self.identity(of: path) else { return false }
        return device == self.device && inode == self.inode
    }

    /// The device and inode of the file at `path`, without following a link; nil when there is none.
    private static func identity(of path: String) -> (UInt64, UInt64)? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return (UInt64(status.st_dev), UInt64(status.st_ino))
    }
}
