import Caching
import Glibc

/// The command line's answer cache (docs/DESIGN.md §18): a local command's output, kept under
/// `$XDG_CACHE_HOME/fontd/answers/` (else `~/.cache/fontd/answers/`) and written again by the
/// next run with the same command line, environment and files, without starting fontconfig.
///
/// An entry is valid while every path it was made from stats the same (`PathStamp`). Nothing here
/// fails a command: an entry that is missing, damaged or stale is a miss, and an answer that cannot
/// be kept is still printed. `FONTD_NO_CACHE=1` turns the cache off; `FONTD_CACHE_TRACE=1` says on
/// stderr what it did and why.
///
/// A hit is the whole of a run, so what it does is kept cheap: bytes rather than `String`
/// operations, and no `Set` or dictionary (their metadata is made at run time, checking
/// `Hashable` by a scan of every protocol conformance in the binary, ~8,000 since SwiftNIO).
public struct CommandAnswerCache: Sendable {
    /// The directory of the entries.
    public let directory: String
    let key: AnswerKey
    let tracing: Bool

    /// At most this many entries are kept; past it the oldest written go.
    static let maximumEntries = 256
    /// A cache file larger than this is not read (a stylesheet of every category is ~100 KB).
    static let maximumFileBytes = 64 << 20

    /// The cache for `arguments` (the command line after the program's name), or nil when their
    /// command is not one of `commands`, when they ask for help or a server (`--server`), when
    /// `FONTD_NO_CACHE` is set, or when neither `XDG_CACHE_HOME` nor `HOME` says where the cache is.
    public init?(arguments: [String], commands: [String]) {
        guard let command = arguments.first, commands.contains(command) else { return nil }
        // Help is not an answer (and is wrapped to the terminal's width); a server answers for the reader.
        let uncached = ["-h", "-help", "--help", "--server"]
        guard !arguments.contains(where: { uncached.contains($0) || $0.hasPrefix("--server=") }) else { return nil }
        guard !Self.isSet("FONTD_NO_CACHE"), let directory = Self.directory() else { return nil }
        self.directory = directory
        self.key = AnswerKey(arguments: arguments, environment: Self.environment())
        self.tracing = Self.isSet("FONTD_CACHE_TRACE")
    }

    /// The file of this command line's entry.
    public var file: String { directory + "/" + key.fileName }

    /// Writes the kept answer to stdout and stderr and returns true when there is a valid one.
    public func replay() -> Bool {
        do throws(CommandLineCacheError) {
            let answer = try keptAnswer()
            Descriptor.write(answer.standardOutput, to: STDOUT_FILENO)
            Descriptor.write(answer.standardError, to: STDERR_FILENO)
            trace("hit \(file)")
            return true
        } catch {
            trace(error.description)
            return false
        }
    }

    /// The valid entry for this command line.
    func keptAnswer() throws(CommandLineCacheError) -> StoredAnswer {
        guard let bytes = Descriptor.readFile(file, limit: Self.maximumFileBytes) else { throw .noEntry(file: file) }
        let answer = try StoredAnswer(decoding: bytes)
        guard answer.key == key.bytes else { throw .otherCommandLine }
        for input in answer.inputs where PathStamp(path: input.path) != input.stamp {
            throw .changed(path: input.path)
        }
        return answer
    }

    /// Starts making the answer for the cache: output goes to files until `CommandRun.finish`.
    /// Nil when the directory cannot be made or written; the command then runs as without the cache.
    public func begin() -> CommandRun? {
        let started = PathStamp.now()
        do throws(CommandLineCacheError) {
            try Self.makeDirectory(directory)
            let capture = try OutputCapture(directory: directory)
            AnswerInputs.begin()
            return CommandRun(cache: self, started: started, capture: capture)
        } catch {
            trace(error.description)
            return nil
        }
    }

    /// Keeps `answer`: written beside its file and renamed over it, so a concurrent run reads the
    /// old entry or the new one, never half of one.
    func keep(_ answer: StoredAnswer) throws(CommandLineCacheError) {
        var template = Array((directory + "/.entry-XXXXXX").utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw .unwritable(path: directory, errno: errno) }
        let temporary = String(cString: template)
        let written = Descriptor.write(answer.encoded(), to: descriptor)
        let writeError = errno
        close(descriptor)
        guard written else {
            unlink(temporary)
            throw .unwritable(path: temporary, errno: writeError)
        }
        guard rename(temporary, file) == 0 else {
            let renameError = errno
            unlink(temporary)
            throw .unwritable(path: file, errno: renameError)
        }
        pruneEntries()
    }

    /// Removes the oldest entries past `maximumEntries`, and temporary files a killed run left.
    private func pruneEntries() {
        guard let handle = opendir(directory) else { return }
        defer { closedir(handle) }
        var entries: [(path: String, modified: Int64)] = []
        let hourAgo = PathStamp.now() - 3600 * 1_000_000_000
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name != ".", name != ".." else { continue }
            let path = directory + "/" + name
            if name.hasPrefix(".") {
                if case .present(_, _, _, let modified, _) = PathStamp(path: path), modified < hourAgo { unlink(path) }
            } else {
                entries.append((path, 0))
            }
        }
        guard entries.count > Self.maximumEntries else { return }
        for index in entries.indices {
            if case .present(_, _, _, let modified, _) = PathStamp(path: entries[index].path) { entries[index].modified = modified }
        }
        for entry in entries.sorted(by: { $0.modified < $1.modified }).prefix(entries.count - Self.maximumEntries * 3 / 4) {
            unlink(entry.path)
        }
    }

    /// Writes `fontd: cache: MESSAGE` on stderr when `FONTD_CACHE_TRACE` is set.
    func trace(_ message: String) {
        guard tracing else { return }
        Descriptor.write(Array("fontd: cache: \(message)\n".utf8), to: STDERR_FILENO)
    }

    /// `$XDG_CACHE_HOME/fontd/answers` when that is an absolute path (the XDG rule), else `$HOME/.cache/fontd/answers`.
    static func directory() -> String? {
        if let cache = variable("XDG_CACHE_HOME"), cache.hasPrefix("/") { return cache + "/fontd/answers" }
        guard let home = variable("HOME"), !home.isEmpty else { return nil }
        return home + "/.cache/fontd/answers"
    }

    /// Makes `path` and the directories above it that are missing (mode 0700, the XDG rule).
    private static func makeDirectory(_ path: String) throws(CommandLineCacheError) {
        var prefix = ""
        for component in path.split(separator: "/") {
            prefix += "/" + component
            guard mkdir(prefix, 0o700) == 0 || errno == EEXIST else { throw .unwritable(path: prefix, errno: errno) }
        }
    }

    private static func variable(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Whether `name` is set to something other than empty or `0`.
    private static func isSet(_ name: String) -> Bool {
        guard let value = variable(name) else { return false }
        return !value.isEmpty && value != "0"
    }

    /// The process's environment, `NAME=VALUE` each.
    private static func environment() -> [[UInt8]] {
        var variables: [[UInt8]] = []
        var pointer = environ
        while let variable = pointer.pointee {
            variables.append(Array(UnsafeBufferPointer(start: UnsafeRawPointer(variable).assumingMemoryBound(to: UInt8.self), count: strlen(variable))))
            pointer += 1
        }
        return variables
    }
}
