import Glibc

/// A file replaced whole or not at all: the new text goes to a temporary file in the same folder,
/// is flushed (`fsync`), takes the old file's mode, and is renamed over it; the folder is flushed
/// too (docs/DESIGN.md §30 (KDE Plasma, X11, and per-target limits)). A failure at any step removes the
/// temporary file and leaves the old one as it was. A reader (KConfig) sees the old file or the new
/// one, never a part. For fontd's own records (bases, exclusions, the status board) and `/proc`;
/// the reader's files go through `ReaderFile` (docs/DESIGN.md §35 (Editing a reader's file)).
enum AtomicFile {
    /// Why a file was not replaced: the step and its `errno`.
    struct Failure: Error, CustomStringConvertible {
        var step: String
        var code: Int32
        var description: String { "\(step): \(String(cString: strerror(code)))" }
    }

    /// The file's text, or nil when it does not exist or cannot be read.
    static func read(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return ReaderFile.readAll(descriptor).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Replaces `path` with `text`, keeping its mode (0600 for a new file).
    static func write(_ text: String, to path: String, defaultMode: mode_t = 0o600) throws(Failure) {
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        let name = path.split(separator: "/").last.map(String.init) ?? path
        var status = stat()
        let mode = stat(path, &status) == 0 ? status.st_mode & 0o7777 : defaultMode
        var template = Array("\(folder)/.\(name).fontd-XXXXXX".utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw Failure(step: "creating a temporary file in \(folder)", code: errno) }
        let temporary = String(cString: template)
        var closed = false
        func fail(_ step: String) -> Failure {
            let failure = Failure(step: step, code: errno)
            if !closed { close(descriptor) }
            unlink(temporary)
            return failure
        }
        var bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeMutableBytes { Glibc.write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw fail("writing \(temporary)") }
            written += count
        }
        bytes.removeAll()
        guard fchmod(descriptor, mode) == 0 else { throw fail("setting the mode of \(temporary)") }
        guard fsync(descriptor) == 0 else { throw fail("flushing \(temporary)") }
        closed = true
        guard close(descriptor) == 0 else { throw fail("closing \(temporary)") }
        guard rename(temporary, path) == 0 else { throw fail("renaming \(temporary) to \(path)") }
        let directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directory >= 0 {
            _ = fsync(directory)
            close(directory)
        }
    }
}
