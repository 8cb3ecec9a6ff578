#if canImport(Glibc)
    import Glibc
#endif

/// Replaces a small file so that a crash at any moment leaves the old or the new content:
/// write a temporary file beside it, fsync it, rename it over, fsync the directory.
///
/// The temporary file is created anew each time (`O_EXCL | O_NOFOLLOW`, after removing a stale
/// one), so a symbolic link planted at its name is never followed, and it is removed when a
/// step fails: nothing half-written is left behind.
enum DurableFile {
    struct WriteError: Error, CustomStringConvertible {
        var step: String
        var path: String
        var code: Int32
        var description: String { "\(step) \(path): \(String(cString: strerror(code)))" }
    }

    static func replace(_ path: String, with bytes: [UInt8]) throws(WriteError) {
        let temporary = path + ".tmp"
        // unlink removes a link itself, never its target; a link planted again before open makes
        // open fail (EEXIST, ELOOP) rather than write through it.
        if unlink(temporary) != 0, errno != ENOENT { throw WriteError(step: "unlink", path: temporary, code: errno) }
        let file = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard file >= 0 else { throw WriteError(step: "open", path: temporary, code: errno) }
        func abandon(_ step: String, _ code: Int32) -> WriteError {
            close(file)
            unlink(temporary)
            return WriteError(step: step, path: temporary, code: code)
        }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(file, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                throw abandon("write", errno)
            }
            written += count
        }
        guard fsync(file) == 0 else { throw abandon("fsync", errno) }
        close(file)
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw WriteError(step: "rename", path: path, code: code)
        }
        let directory = open(Self.directory(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { throw WriteError(step: "open", path: Self.directory(of: path), code: errno) }
        defer { close(directory) }
        guard fsync(directory) == 0 else { throw WriteError(step: "fsync", path: Self.directory(of: path), code: errno) }
    }

    /// The file's bytes, or nil when it does not exist.
    static func read(_ path: String) throws(WriteError) -> [UInt8]? {
        let file = open(path, O_RDONLY | O_CLOEXEC)
        if file < 0 {
            if errno == ENOENT { return nil }
            throw WriteError(step: "open", path: path, code: errno)
        }
        defer { close(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = Glibc.read(file, &chunk, chunk.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw WriteError(step: "read", path: path, code: errno)
            }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
        }
    }

    /// Creates `path` and its parents as needed.
    static func makeDirectories(_ path: String) throws(WriteError) {
        var current = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            current += "/" + part
            if mkdir(current, 0o700) != 0, errno != EEXIST { throw WriteError(step: "mkdir", path: current, code: errno) }
        }
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
