import Caching
import Crypto
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The font files fontd lets browsers download, by the SHA-256 of their bytes (docs/DESIGN.md §22 (The web)).
///
/// Only files that a stylesheet names are read, lazily, when the stylesheet is built; a file is
/// read again when its stamp changes (another file at the path, or its size, modification or
/// status-change time). A face inside a collection (index > 0), a file that is not sfnt, and a
/// font whose licence forbids embedding get no `url()`; a restricted file is remembered all the
/// same, so that asking for it by hash is answered `forbidden` rather than `notFound`. Whoever
/// sends a file opens it and asks `confirm(_:opened:)` whether the descriptor is the file that
/// was hashed. Any thread may call; the maps sit behind one lock, and files are read outside it.
public final class FontFileRegistry: Sendable {
    /// What a hash names.
    public enum Lookup: Hashable, Sendable {
        /// A file that may be sent.
        case file(FontFile)
        /// A file whose licence forbids sending it.
        case forbidden(FontFile)
        /// No file a stylesheet named has this hash (now).
        case notFound
    }

    private struct Files {
        /// By the path fontconfig names.
        var byPath: [String: FontFile] = [:]
        var pathByHash: [String: String] = [:]
    }

    private let files = Mutex(Files())

    public init() {}

    /// The hash a stylesheet's `url()` names for face `index` of `path`; nil when the face gets
    /// no `url()`: inside a collection past its first face, not an sfnt file, unreadable, or
    /// under a licence that forbids embedding.
    public func urlHash(file path: String, index: Int) -> String? {
        // A variable font's named instances are the face index plus instance << 16.
        guard index & 0xFFFF == 0, let file = current(path) else { return nil }
        return file.permitsEmbedding ? file.sha256 : nil
    }

    /// The file whose bytes hash to `sha256` (lowercase hex), checked again against the disk.
    public func file(sha256: String) -> Lookup {
        guard let path = files.withLock({ $0.pathByHash[sha256] }) else { return .notFound }
        // Read again if it changed: an edited file answers only to its new hash.
        guard let file = current(path), file.sha256 == sha256 else { return .notFound }
        return file.permitsEmbedding ? .file(file) : .forbidden(file)
    }

    /// Whether a descriptor just opened at `file.path` is the file that was hashed as `file`:
    /// `opened` is what `fstat` says of it, nil when it could not be opened. When it is not, the
    /// file is read again at once, so that it answers to the hash of what it holds now (and a
    /// stylesheet built from now on names that).
    public func confirm(_ file: FontFile, opened: PathStamp?) -> Bool {
        if opened == file.stamp { return true }
        guard let path = files.withLock({ $0.pathByHash[file.sha256] }) else { return false }
        reread(path, replacing: file)
        return false
    }

    /// What `path` holds now: remembered while its stamp holds, else read and remembered afresh;
    /// nil (and forgotten) when it cannot be read or is not sfnt.
    private func current(_ path: String) -> FontFile? {
        let known = files.withLock { $0.byPath[path] }
        if let known, PathStamp(path: path) == known.stamp { return known }
        return reread(path, replacing: known)
    }

    /// Reads `path` afresh and remembers what it holds in place of `known`.
    @discardableResult
    private func reread(_ path: String, replacing known: FontFile?) -> FontFile? {
        let file = Self.read(path)
        files.withLock { files in
            if let known, files.pathByHash[known.sha256] == path { files.pathByHash[known.sha256] = nil }
            files.byPath[path] = file
            if let file { files.pathByHash[file.sha256] = path }
        }
        return file
    }

    /// Hashes the file and reads its format and embedding flags; nil when it cannot be read or is not sfnt.
    ///
    /// fontconfig may name a font through links: the file is read at its real path, opened there
    /// without following a link, and stamped from the descriptor it was read through, so the stamp
    /// is of the bytes hashed whatever the path names a moment later.
    static func read(_ path: String) -> FontFile? {
        guard let resolved = realpath(path, nil) else { return nil }
        let realPath = String(cString: resolved)
        free(resolved)
        let descriptor = open(realPath, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        let reader = SfntReader(descriptor: descriptor, size: Int(status.st_size))
        guard let format = reader.format else { return nil }
        var hasher = SHA256()
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var offset = 0
        while true {
            let count = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(offset)) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            chunk.withUnsafeBytes { hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            offset += count
        }
        let digest = hasher.finalize().map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
        return FontFile(
            path: realPath, sha256: digest, format: format, embeddingFlags: reader.embeddingFlags(format: format) ?? 0,
            stamp: PathStamp(status: status))
    }
}
