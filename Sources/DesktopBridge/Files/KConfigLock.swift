import Glibc

/// KConfig's lock on a file it writes, taken as KConfig takes it (docs/DESIGN.md §35 (Editing a
/// reader's file)): KConfig holds Qt's `QLockFile` on `<file>.lock` (the file's canonical path, its
/// link's target) from before it reads the file again to merge until its rename. The compatible
/// subset fontd implements:
/// - taking: `<file>.lock` created with `O_CREAT | O_EXCL` (mode 0666 less the umask), `flock`ed
///   (`LOCK_EX | LOCK_NB`, which keeps `QLockFile` from removing it while held), holding five lines —
///   pid, the executable's name, host name, machine id, boot id — flushed;
/// - waiting: while the lock exists and is not stale, 10 ms, doubled up to 320 ms, for at most ~5 s
///   (Qt waits without end; fontd gives up with `.locked` and leaves the file untouched);
/// - stale, as `QLockFile` judges it: on this machine (same machine id, else same host name) a boot
///   id that differs, a pid that is gone (`kill(pid, 0)` gives `ESRCH`) or now runs another program
///   (`/proc/<pid>/exe`'s name), or a lock file older than 30 s; removed as Qt removes it, under
///   `<file>.lock.rmlock`, only if a `flock` on it succeeds;
/// - releasing: unlink, then close.
struct KConfigLock {
    let path: String
    private let descriptor: Int32

    /// How long fontd waits for the lock, in pauses; QLockFile's age after which a lock is stale.
    static let firstPauseMicroseconds: UInt32 = 10_000
    static let longestPauseMicroseconds: UInt32 = 320_000
    static let waitMicroseconds: UInt64 = 5_000_000
    static let staleSeconds = 30

    /// Takes the lock of `file`, waiting while another program holds it.
    static func take(for file: String) throws(ReaderFileError) -> KConfigLock {
        let path = file + ".lock"
        var pause = firstPauseMicroseconds
        var waited: UInt64 = 0
        while true {
            if let lock = try tryTake(path) { return lock }
            if isStale(path) {
                removeStale(path)
                continue
            }
            guard waited < waitMicroseconds else {
                throw .locked(lock: path, holder: holder(of: path).map { "pid \($0.pid) (\($0.name))" } ?? "another program")
            }
            usleep(pause)
            waited += UInt64(pause)
            pause = min(pause * 2, longestPauseMicroseconds)
        }
    }

    /// The lock when `path` could be created; nil when it exists.
    private static func tryTake(_ path: String) throws(ReaderFileError) -> KConfigLock? {
        let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            if errno == EEXIST { return nil }
            throw .notWritten(file: path, reason: "taking KConfig's lock: \(String(cString: strerror(errno)))")
        }
        _ = flock(descriptor, LOCK_EX | LOCK_NB)
        let contents = Array("\(getpid())\n\(programName(of: getpid()) ?? "")\n\(hostName)\n\(machineID)\n\(bootID)\n".utf8)
        let written = contents.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        guard written == contents.count else {
            let failure = ReaderFileError.notWritten(file: path, reason: "writing KConfig's lock: \(String(cString: strerror(errno)))")
            close(descriptor)
            unlink(path)
            throw failure
        }
        _ = fdatasync(descriptor)
        return KConfigLock(path: path, descriptor: descriptor)
    }

    /// Gives the lock back.
    func release() {
        unlink(path)
        close(descriptor)
    }

    // MARK: Stale locks

    /// The lock file's pid and program name; nil when it holds none.
    static func holder(of path: String) -> (pid: Int32, name: String, host: String, machine: String, boot: String)? {
        guard let bytes = try? ReaderFile.readOnce(path).bytes else { return nil }
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        guard let first = lines.first, let pid = Int32(first), pid > 0 else { return nil }
        func line(_ index: Int) -> String { index < lines.count ? lines[index] : "" }
        return (pid, line(1), line(2), line(3), line(4))
    }

    /// Whether `QLockFile` would take the lock at `path` for one a crashed program left.
    static func isStale(_ path: String) -> Bool {
        if let lock = holder(of: path) {
            var sameHost = lock.host.isEmpty || lock.host == hostName
            if !lock.machine.isEmpty, !machineID.isEmpty { sameHost = lock.machine == machineID }
            if sameHost {
                if !lock.boot.isEmpty, !bootID.isEmpty, lock.boot != bootID { return true }
                if !isRunning(lock.pid, named: lock.name) { return true }
            }
        }
        var status = stat()
        guard stat(path, &status) == 0 else { return false }
        return time(nil) - status.st_mtim.tv_sec > staleSeconds
    }

    /// Removes a stale lock as `QLockFile` does: one remover at a time (`.rmlock`), and only when
    /// no one holds a `flock` on it.
    private static func removeStale(_ path: String) {
        let guardPath = path + ".rmlock"
        let guardDescriptor = open(guardPath, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard guardDescriptor >= 0 else {
            usleep(firstPauseMicroseconds)
            return
        }
        defer {
            unlink(guardPath)
            close(guardDescriptor)
        }
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        if isStale(path), flock(descriptor, LOCK_EX | LOCK_NB) == 0 { unlink(path) }
        close(descriptor)
    }

    private static func isRunning(_ pid: Int32, named name: String) -> Bool {
        if kill(pid, 0) == -1, errno == ESRCH { return false }
        guard let running = programName(of: pid) else { return true }
        return name.isEmpty || running == ReaderFile.name(of: name)
    }

    /// The name of the program `pid` runs (`/proc/<pid>/exe`'s last segment); nil when unknown.
    static func programName(of pid: Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/\(pid)/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        var path = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if path.hasSuffix(" (deleted)") { path.removeLast(" (deleted)".count) }
        return ReaderFile.name(of: path)
    }

    private static var hostName: String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Qt's `QSysInfo::machineUniqueId()` on Linux.
    private static var machineID: String { firstLine(of: "/etc/machine-id") ?? firstLine(of: "/var/lib/dbus/machine-id") ?? "" }
    /// Qt's `QSysInfo::bootUniqueId()` on Linux.
    private static var bootID: String { firstLine(of: "/proc/sys/kernel/random/boot_id") ?? "" }

    private static func firstLine(of path: String) -> String? {
        guard let bytes = try? ReaderFile.readOnce(path).bytes else { return nil }
        let line = String(decoding: bytes.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        return line.isEmpty ? nil : line
    }
}
