import Caching
import Glibc

/// The answer cache's two directories, open and checked (docs/DESIGN.md §18 (The command line)): `fontd/`, which
/// holds the key, and `fontd/answers/`, which holds the entries.
///
/// Each is opened without following a link and must be a directory owned by the effective user
/// that group and others cannot write. Then nobody else can put, swap or remove what is in it,
/// and what is below is reached from these descriptors (`openat`, `renameat`, `unlinkat`), never
/// by its path again. Used by the thread that runs the command.
final class CacheDirectory {
    /// `…/fontd`, where the key is.
    let base: String
    /// `…/fontd/answers`, where the entries are.
    let path: String
    /// Open on `base`.
    let baseDescriptor: Int32
    /// Open on `path`.
    let descriptor: Int32

    /// The name of the entries' directory in `base`.
    static let entriesName = "answers"

    /// Opens and checks `base` and its entries' directory; with `making`, makes what is missing
    /// first (mode 0700, the XDG rule), the directories above `base` included.
    init(base: String, making: Bool) throws(CommandLineCacheError) {
        let path = base + "/" + Self.entriesName
        if making { try Self.makeDirectories(base) }
        let baseDescriptor = try Self.openDirectory(base, in: AT_FDCWD, path: base)
        let descriptor: Int32
        do throws(CommandLineCacheError) {
            if making, mkdirat(baseDescriptor, Self.entriesName, 0o700) != 0, errno != EEXIST {
                throw .unwritable(path: path, errno: errno)
            }
            descriptor = try Self.openDirectory(Self.entriesName, in: baseDescriptor, path: path)
        } catch {
            close(baseDescriptor)
            throw error
        }
        self.base = base
        self.path = path
        self.baseDescriptor = baseDescriptor
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
        close(baseDescriptor)
    }

    /// The bytes of the entry `name`, at most `limit`, read through a descriptor checked as
    /// `openChecked` checks it: a link, a FIFO, another user's file or one that others may write is
    /// ignored, never read.
    func readEntry(named name: String, limit: Int) throws(CommandLineCacheError) -> [UInt8] {
        let file = path + "/" + name
        let opened: (descriptor: Int32, status: stat)
        do throws(OpenFailure) {
            opened = try Self.openChecked(name, in: descriptor, directory: false)
        } catch {
            throw error.cacheError(at: file, missing: .noEntry(file: file), untrusted: CommandLineCacheError.untrustedEntry)
        }
        defer { close(opened.descriptor) }
        guard opened.status.st_size <= limit else { throw .damaged("larger than \(limit) bytes") }
        guard let bytes = Descriptor.read(opened.descriptor, limit: limit, expectedBytes: Int(opened.status.st_size)) else {
            throw .unreadable(path: file, errno: errno)
        }
        return bytes
    }

    /// Keeps `bytes` as the entry `name`: written to a new file beside it and renamed over it, so
    /// that a concurrent run reads the old entry or the new one, never half of one. The rename
    /// replaces whatever stands at `name` (a link, a FIFO) without following it.
    func keep(_ bytes: [UInt8], named name: String) throws(CommandLineCacheError) {
        let temporary = try makeFile(prefix: ".entry-", in: descriptor)
        let written = Descriptor.write(bytes, to: temporary.descriptor)
        let writeError = errno
        close(temporary.descriptor)
        guard written else {
            unlinkat(descriptor, temporary.name, 0)
            throw .unwritable(path: path + "/" + temporary.name, errno: writeError)
        }
        guard renameat(descriptor, temporary.name, descriptor, name) == 0 else {
            let renameError = errno
            unlinkat(descriptor, temporary.name, 0)
            throw .unwritable(path: path + "/" + name, errno: renameError)
        }
        pruneEntries()
    }

    /// A new file named `prefix` and twelve random hexadecimal digits in the directory `parent`
    /// (one of this directory's descriptors), open for reading and writing: made with `O_CREAT |
    /// O_EXCL | O_NOFOLLOW`, so never a file or link that was there, and mode 0600.
    func makeFile(prefix: String, in parent: Int32) throws(CommandLineCacheError) -> (descriptor: Int32, name: String) {
        let parentPath = parent == baseDescriptor ? base : path
        for _ in 0..<100 {
            let digits = String(UInt64.random(in: 0..<(1 << 48)), radix: 16)
            let name = prefix + String(repeating: "0", count: 12 - digits.count) + digits
            let file = openat(parent, name, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if file >= 0 { return (file, name) }
            guard errno == EEXIST else { throw .unwritable(path: parentPath + "/" + name, errno: errno) }
        }
        throw .unwritable(path: parentPath + "/" + prefix + "…", errno: EEXIST)
    }

    /// Removes the oldest entries past `CommandAnswerCache.maximumEntries`, and temporary files a
    /// killed run left (`.entry-…`, `.capture-…`, an hour old). Links are neither followed nor kept.
    private func pruneEntries() {
        // fdopendir takes the descriptor it is given, and closedir closes it: give it a copy.
        let copy = dup(descriptor)
        guard copy >= 0 else { return }
        guard let handle = fdopendir(copy) else {
            close(copy)
            return
        }
        defer { closedir(handle) }
        var names: [String] = []
        let hourAgo = PathStamp.now() - 3600 * 1_000_000_000
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name != ".", name != ".." else { continue }
            if name.hasPrefix(".") {
                if modifiedNanoseconds(of: name) < hourAgo { unlinkat(descriptor, name, 0) }
            } else {
                names.append(name)
            }
        }
        guard names.count > CommandAnswerCache.maximumEntries else { return }
        let entries = names.map { (name: $0, modified: modifiedNanoseconds(of: $0)) }
        for entry in entries.sorted(by: { $0.modified < $1.modified }).prefix(entries.count - CommandAnswerCache.maximumEntries * 3 / 4) {
            unlinkat(descriptor, entry.name, 0)
        }
    }

    /// The modification time of `name` in the entries' directory (of a link, the link's own); 0 when it is gone.
    private func modifiedNanoseconds(of name: String) -> Int64 {
        var status = stat()
        return fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 ? PathStamp(status: status).modifiedNanoseconds : 0
    }

    /// Why `openChecked` gave no descriptor.
    enum OpenFailure: Error {
        /// Nothing is there.
        case missing
        /// Something is there that is not to be read.
        case untrusted(Distrust)
        /// `open` or `fstat` failed with this `errno`.
        case failed(errno: Int32)

        /// What this failure to open `path` means to the cache: `missing` when nothing is there, made
        /// by `untrusted` when what is there is not to be read, else `unreadable`.
        func cacheError(
            at path: String, missing: CommandLineCacheError, untrusted: (String, Distrust) -> CommandLineCacheError
        ) -> CommandLineCacheError {
            switch self {
            case .missing: missing
            case .untrusted(let distrust): untrusted(path, distrust)
            case .failed(let code): .unreadable(path: path, errno: code)
            }
        }
    }

    /// Opens `name` in the directory `parent` (or the path `name` with `AT_FDCWD`) for reading,
    /// without following a link and without blocking (a FIFO would wait for a writer), and checks
    /// with `fstat` that it is a directory (`directory`) or a regular file, owned by the effective
    /// user, with none of `forbiddenBits` in its mode (by default group and others' write bits).
    static func openChecked(
        _ name: String, in parent: Int32, directory: Bool, forbiddenBits: mode_t = 0o022
    ) throws(OpenFailure) -> (descriptor: Int32, status: stat) {
        let opened = openat(parent, name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | (directory ? O_DIRECTORY : 0))
        guard opened >= 0 else {
            let code = errno
            if code == ENOENT { throw .missing }
            if code == ELOOP || code == ENOTDIR, let distrust = Distrust.ofKind(at: name, in: parent, directory: directory) {
                throw .untrusted(distrust)
            }
            throw .failed(errno: code)
        }
        var status = stat()
        guard fstat(opened, &status) == 0 else {
            let code = errno
            close(opened)
            throw .failed(errno: code)
        }
        if let distrust = Distrust.of(status, directory: directory, forbiddenBits: forbiddenBits) {
            close(opened)
            throw .untrusted(distrust)
        }
        return (opened, status)
    }

    /// Opens and checks the directory `name` in `parent`; `path` names it in errors.
    private static func openDirectory(_ name: String, in parent: Int32, path: String) throws(CommandLineCacheError) -> Int32 {
        do throws(OpenFailure) {
            return try openChecked(name, in: parent, directory: true).descriptor
        } catch {
            throw error.cacheError(at: path, missing: .noDirectory(path: path), untrusted: CommandLineCacheError.untrusted)
        }
    }

    /// Makes `path` and the directories above it that are missing (mode 0700, the XDG rule).
    private static func makeDirectories(_ path: String) throws(CommandLineCacheError) {
        var prefix = ""
        for component in path.split(separator: "/") {
            prefix += "/" + component
            guard mkdir(prefix, 0o700) == 0 || errno == EEXIST else { throw .unwritable(path: prefix, errno: errno) }
        }
    }
}
