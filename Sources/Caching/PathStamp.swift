import Glibc

/// What `stat` says of a path, as much of it as shows a change: which file it is (device and
/// inode), its size, and its modification and status-change times in nanoseconds; or why there is
/// nothing to stat, so that a path that appears is a change too. The command line's answer cache
/// (docs/DESIGN.md §18 (The command line)) and the server's font set (§25 (Font set changes)) both notice changes by it.
///
/// The status-change time is the kernel's own: it moves with every write, `chmod`, rename and
/// link, and cannot be set back as `touch -d` sets back the modification time.
public enum PathStamp: Hashable, Sendable {
    /// The path names a file or directory.
    case present(device: UInt64, inode: UInt64, bytes: Int64, modifiedNanoseconds: Int64, changedNanoseconds: Int64)
    /// `stat` failed with this `errno` (`ENOENT`: nothing is there).
    case absent(errno: Int32)

    /// The stamp of `path` now. Links are followed, as fontconfig and the style table's loader follow them.
    public init(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else {
            self = .absent(errno: errno)
            return
        }
        self.init(status: status)
    }

    /// The stamp of what `stat` or `fstat` said: of an open descriptor, the file it is open on,
    /// whatever its path names by now.
    public init(status: stat) {
        self = .present(
            device: UInt64(status.st_dev), inode: UInt64(status.st_ino), bytes: Int64(status.st_size),
            modifiedNanoseconds: Self.nanoseconds(status.st_mtim), changedNanoseconds: Self.nanoseconds(status.st_ctim))
    }

    /// Whether the path changed at `instant` or later, by the status-change time (an absent path has none).
    public func changed(since instant: Int64) -> Bool {
        guard case .present(_, _, _, _, let changed) = self else { return false }
        return changed >= instant
    }

    /// Now, in nanoseconds since the epoch, on the clock the kernel stamps files with.
    ///
    /// `CLOCK_REALTIME_COARSE` lags the precise clock by up to a tick (4 ms here), and file times
    /// come from it: a file changed after this call has a status-change time at or after its answer.
    public static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME_COARSE, &time)
        return nanoseconds(time)
    }

    /// Whether something was there to stat.
    public var exists: Bool {
        if case .present = self { true } else { false }
    }

    /// The file's size in bytes; 0 when absent.
    public var bytes: Int64 {
        if case .present(_, _, let bytes, _, _) = self { bytes } else { 0 }
    }

    /// The modification time in nanoseconds since the epoch; 0 when absent.
    public var modifiedNanoseconds: Int64 {
        if case .present(_, _, _, let modified, _) = self { modified } else { 0 }
    }

    private static func nanoseconds(_ time: timespec) -> Int64 {
        Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
