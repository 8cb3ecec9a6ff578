import Glibc
import Logging

/// A file of the reader's that fontd edits — `kdeglobals`, a terminal's configuration, VS Code's
/// `settings.json`, xsettingsd's configuration, `portals.conf` — by the one way docs/DESIGN.md §35
/// (Editing a reader's file) sets: bytes in, bytes out; through a symbolic link to its target;
/// never from a read that may be another writer's half-way state; compare-and-swap at the rename;
/// KConfig's lock when the file is KConfig's; never a file without a write bit.
///
/// A value: each call does all of its work before it returns, on the caller's thread.
public struct ReaderFile: Sendable {
    /// The lock another writer of the file takes, which fontd takes the same way.
    public enum Lock: Sendable, Hashable {
        case none
        /// KConfig's `QLockFile` on `<target>.lock` (`KConfigLock`).
        case kconfig
    }

    /// What an edit does with the file.
    public enum Change: Sendable, Hashable {
        case write([UInt8])
        case remove
    }

    /// What an edit did.
    public enum Outcome: Sendable, Hashable {
        case unchanged, written, removed
    }

    /// The path as the program names it; a symbolic link is followed to its target.
    public let path: String
    public var lock: Lock
    /// Whether a file that stays empty through every look is the reader's empty file (line formats,
    /// where fontd's lines only add to it); otherwise it is refused (`.empty`).
    public var emptyIsTheReaders: Bool
    /// The mode of a file fontd creates.
    public var newFileMode: mode_t

    /// How many times a read that may be half-way is looked at, the pause before the second look
    /// (doubled before each next one: 10, 20, 40, 80 ms), and how many times an edit starts over
    /// when the file changed under it.
    static let looks = 5
    static let firstPauseMicroseconds: UInt32 = 10_000
    static let attempts = 5

    public init(path: String, lock: Lock = .none, emptyIsTheReaders: Bool = true, newFileMode: mode_t = 0o644) {
        self.path = path
        self.lock = lock
        self.emptyIsTheReaders = emptyIsTheReaders
        self.newFileMode = newFileMode
    }

    /// The file's bytes, through a link; nil when there is no file. An empty file is looked at
    /// again as `edit` does.
    public func read() throws(ReaderFileError) -> [UInt8]? {
        try settledRead(try target()) { bytes throws(ReaderFileError) in bytes }.0.bytes
    }

    /// Whether the file (its target) exists without any write bit.
    public var isReadOnly: Bool {
        guard let target = try? target() else { return false }
        var status = stat()
        return stat(target, &status) == 0 && status.st_mode & 0o222 == 0
    }

    /// Reads the file, asks `transform` what to make of it (nil bytes: no file; a nil answer:
    /// nothing to do), and puts the answer in place only if the file is still what was read.
    ///
    /// - Parameters:
    ///   - transform: pure; throwing `.malformed` means the read may be half-way: it is looked at again.
    ///   - beforeReplacing: called once the change is known, before the file is touched (to record
    ///     what fontd needs to undo it).
    @discardableResult
    public func edit(
        _ transform: ([UInt8]?) throws(ReaderFileError) -> Change?,
        beforeReplacing: ([UInt8]?, Change) throws(ReaderFileError) -> Void = { _, _ in }
    ) throws(ReaderFileError) -> Outcome {
        let target = try target()
        Self.removeLeftovers(beside: target)
        var held: KConfigLock?
        if lock == .kconfig { held = try KConfigLock.take(for: target) }
        defer { held?.release() }
        for _ in 0..<Self.attempts {
            let (read, change) = try settledRead(target, transform)
            guard let change else { return .unchanged }
            if case .write(let bytes) = change, bytes == read.bytes { return .unchanged }
            if case .remove = change, read.bytes == nil { return .unchanged }
            if read.bytes != nil, read.mode & 0o222 == 0 { throw .readOnly(file: target) }
            try beforeReplacing(read.bytes, change)
            if let outcome = try swap(change, for: read, at: target) { return outcome }
        }
        throw .keptChanging(file: target, attempts: Self.attempts)
    }

    // MARK: Reading

    /// One read of the file: its bytes (nil: none), its mode and its inode.
    struct Read {
        var bytes: [UInt8]?
        var mode: mode_t
        var inode: ino_t = 0
    }

    /// Reads `target` and applies `transform` until the read is not half-way: an empty file, or a
    /// read `transform` finds malformed, is looked at again after a pause, `looks` times in all.
    private func settledRead<Answer>(
        _ target: String, _ transform: ([UInt8]?) throws(ReaderFileError) -> Answer
    ) throws(ReaderFileError) -> (Read, Answer) {
        var pause = Self.firstPauseMicroseconds
        for look in 1...Self.looks {
            let read = try Self.readOnce(target)
            let last = look == Self.looks
            do throws(ReaderFileError) {
                if read.bytes?.isEmpty == true, !(last && emptyIsTheReaders) { throw .empty(file: target, looks: Self.looks) }
                return (read, try transform(read.bytes))
            } catch  where error.mayBeHalfway && !last {
                usleep(pause)
                pause *= 2
            }
        }
        preconditionFailure("the last look returns or throws")
    }

    /// The file's bytes and mode now; nil bytes when it does not exist.
    static func readOnce(_ target: String) throws(ReaderFileError) -> Read {
        let descriptor = open(target, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return Read(bytes: nil, mode: 0) }
            throw .unreadable(file: target, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, let bytes = readAll(descriptor) else {
            throw .unreadable(file: target, reason: String(cString: strerror(errno)))
        }
        return Read(bytes: bytes, mode: status.st_mode & 0o7777, inode: status.st_ino)
    }

    /// Everything `descriptor` has from where it stands; nil on a read error.
    static func readAll(_ descriptor: Int32) -> [UInt8]? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = Glibc.read(descriptor, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
        }
    }

    // MARK: Following a link

    /// The file the path names after its links; the path itself when it is no link.
    public func target() throws(ReaderFileError) -> String {
        var current = path
        for _ in 0..<40 {
            var status = stat()
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { throw .unreadable(file: current, reason: String(cString: strerror(errno))) }
            let link = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let next = link.hasPrefix("/") ? link : Self.folder(of: current) + "/" + link
            if access(next, F_OK) != 0, lstat(next, &status) != 0 { throw .danglingLink(link: path, target: next) }
            current = next
        }
        throw .unreadable(file: path, reason: "too many levels of symbolic links")
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The names in `folder` but `.` and `..`; nil when it cannot be listed.
    static func entries(of folder: String) -> [String]? {
        guard let stream = opendir(folder) else { return nil }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
