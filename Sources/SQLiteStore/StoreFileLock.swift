import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive `flock` on the database file itself, held from `init` until `release()` (or
/// deinit), so that one fontd at a time owns a store.
///
/// Why `flock` on the database file rather than SQLite's own locking or a `PATH.lock` beside it:
/// SQLite takes its `fcntl` locks only for the length of a transaction, so two servers could
/// both open a store and interleave their changes; `flock` locks belong to the open file
/// description, so a second open — in this process or another — fails at once, and the kernel
/// drops the lock when the process dies (nothing stale is left, unlike a lock file that has to
/// be cleaned up). On Linux `flock` and SQLite's `fcntl` locks are independent, so holding this
/// one never blocks SQLite's. The descriptor is kept open for the store's whole life because
/// closing any descriptor of a file drops the process's `fcntl` locks on it — SQLite's
/// included. (On NFS Linux emulates `flock` with `fcntl`; SQLite's WAL mode needs a local
/// file system anyway.) Tools such as `flock --nonblock PATH true` see the same lock.
///
/// Held by one store (and by `open` before the store exists); the descriptor is behind a mutex
/// of its own, so `release()` and deinit never close it twice.
final class StoreFileLock: Sendable {
    /// The locked file.
    let path: String
    private let descriptor: Mutex<Int32?>

    /// Opens (creating it empty, mode 0600, when missing) and locks the file at `path`; a
    /// symbolic link there, dangling or not, is refused and nothing is created where it points.
    init(path: String) throws(SQLiteStoreError) {
        let file = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard file >= 0 else {
            let code = errno
            // ELOOP is also a loop of links among the directories; only a link at the end is this.
            var status = stat()
            if code == ELOOP, lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK { throw .symbolicLink(path) }
            throw .unwritable(path, reason: "open: \(String(cString: strerror(code)))")
        }
        while flock(file, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            close(file)
            if code == EWOULDBLOCK { throw .locked(path) }
            throw .unwritable(path, reason: "flock: \(String(cString: strerror(code)))")
        }
        self.path = path
        descriptor = Mutex(file)
    }

    deinit { release() }

    /// Up to `count` bytes from the start of the file: enough to tell an SQLite database from
    /// something else before SQLite opens (and perhaps writes) it.
    func prefix(_ count: Int) throws(SQLiteStoreError) -> [UInt8] {
        let (bytes, code) = descriptor.withLock { descriptor -> ([UInt8], Int32) in
            guard let descriptor else { return ([], EBADF) }
            var bytes = [UInt8](repeating: 0, count: count)
            var filled = 0
            while filled < count {
                let read = bytes.withUnsafeMutableBytes { buffer in
                    buffer.baseAddress.map { pread(descriptor, $0 + filled, count - filled, off_t(filled)) } ?? 0
                }
                if read < 0, errno == EINTR { continue }
                if read < 0 { return ([], errno) }
                if read == 0 { break }
                filled += read
            }
            return (Array(bytes[..<filled]), 0)
        }
        guard code == 0 else { throw .unwritable(path, reason: "read: \(String(cString: strerror(code)))") }
        return bytes
    }

    /// Whether `path` names, without following a link, the very file this lock holds: SQLite opens
    /// the path by name after the lock did, and may follow a link put there in between.
    func isFile(at path: String) -> Bool {
        descriptor.withLock { descriptor in
            guard let descriptor else { return false }
            var held = stat()
            var named = stat()
            guard fstat(descriptor, &held) == 0, lstat(path, &named) == 0 else { return false }
            return named.st_mode & S_IFMT == S_IFREG && held.st_dev == named.st_dev && held.st_ino == named.st_ino
        }
    }

    /// Unlocks and closes the descriptor; again is harmless.
    ///
    /// Unlocked first, not by the close alone: a child that another thread of this process
    /// forked holds the same open file description until its exec, and with it the lock — a
    /// store reopened meanwhile was refused as held by another server (seen in the tests).
    /// `LOCK_UN` releases the description's lock for every holder.
    func release() {
        descriptor.withLock { descriptor in
            if let file = descriptor {
                flock(file, LOCK_UN)
                close(file)
            }
            descriptor = nil
        }
    }
}
