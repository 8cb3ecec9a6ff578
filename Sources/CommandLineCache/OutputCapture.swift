import Glibc

/// Standard output and standard error sent to files while a command makes an answer, then
/// handed back (docs/DESIGN.md §18 (The command line)): whatever writes them — Swift's `print`, a plain `write`,
/// a C library's warning — is kept byte for byte.
///
/// The files are in the cache's entries' directory and unlinked at once, so nothing is left
/// behind if the process dies. Used by the thread that runs the command.
final class OutputCapture {
    /// The standard descriptors captured, their saved originals, and the files they go to meanwhile.
    private let captured: [Int32] = [STDOUT_FILENO, STDERR_FILENO]
    private var saved: [Int32] = []
    private var files: [Int32] = []

    /// Redirects standard output and error to new files in `directory`'s entries' directory.
    init(directory: CacheDirectory) throws(CommandLineCacheError) {
        do throws(CommandLineCacheError) {
            for _ in captured {
                let file = try directory.makeFile(prefix: ".capture-", in: directory.descriptor)
                unlinkat(directory.descriptor, file.name, 0)
                files.append(file.descriptor)
                // The process was started without a standard descriptor: leave it as it is.
                guard file.descriptor > STDERR_FILENO else { throw .unwritable(path: "standard output or error (closed)", errno: EBADF) }
            }
            for descriptor in captured {
                let copy = fcntl(descriptor, F_DUPFD_CLOEXEC, 3)
                guard copy >= 0 else { throw .unwritable(path: "standard output", errno: errno) }
                saved.append(copy)
            }
        } catch {
            (files + saved).forEach { _ = close($0) }
            throw error
        }
        fflush(nil)
        for (descriptor, file) in zip(captured, files) { dup2(file, descriptor) }
    }

    /// Puts the standard descriptors back and returns what was written to them meanwhile.
    func finish() -> (standardOutput: [UInt8], standardError: [UInt8]) {
        fflush(nil)
        for (descriptor, original) in zip(captured, saved) {
            dup2(original, descriptor)
            close(original)
        }
        let contents = files.map { file in
            defer { close(file) }
            return Descriptor.read(file, limit: Int.max) ?? []
        }
        return (contents[0], contents[1])
    }
}
