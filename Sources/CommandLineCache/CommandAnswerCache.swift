import Caching
import Glibc

/// The command line's answer cache (docs/DESIGN.md §18 (The command line)): a local command's output, kept under
/// `$XDG_CACHE_HOME/fontd/answers/` (else `~/.cache/fontd/answers/`) and written again by the
/// next run with the same command line, environment and files, without starting fontconfig.
///
/// An entry is valid while every path it was made from stats the same (`PathStamp`), and is read
/// only from directories, through a descriptor and with a key that nobody but the user can have
/// made or changed (`CacheDirectory`, `CacheSecret`). Nothing here fails a command: an entry that
/// is missing, damaged, stale or untrusted is a miss, and an answer that cannot be kept is still
/// printed. `FONTD_NO_CACHE=1` turns the cache off; `FONTD_CACHE_TRACE=1` says on
/// stderr what it did and why.
///
/// A hit is the whole of a run, so what it does is kept cheap: bytes rather than `String`
/// operations, and no `Set` or dictionary (their metadata is made at run time, checking
/// `Hashable` by a scan of every protocol conformance in the binary, ~8,000 since SwiftNIO).
public struct CommandAnswerCache: Sendable {
    /// The cache's own directory, `…/fontd`: the key, and the entries' directory.
    public let base: String
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
        guard !Self.isSet("FONTD_NO_CACHE"), let base = Self.baseDirectory() else { return nil }
        self.base = base
        self.key = AnswerKey(arguments: arguments, environment: Self.environment())
        self.tracing = Self.isSet("FONTD_CACHE_TRACE")
    }

    /// The directory of the entries.
    public var directory: String { base + "/" + CacheDirectory.entriesName }

    /// The file of this command line's entry.
    public var file: String { directory + "/" + key.fileName }

    /// What `lookUp()` found.
    public enum Lookup {
        /// The kept answer was written to stdout and stderr: the run is over.
        case replayed
        /// There is no valid answer: the command is to make it. With a run, its output is being
        /// captured for the cache (finish it); without, the cache is not used this time.
        case miss(CommandRun?)
    }

    /// Writes the kept answer to stdout and stderr when there is a valid one; otherwise starts
    /// making the answer for the cache, unless the cache's directories or key cannot be trusted.
    public func lookUp() -> Lookup {
        do throws(CommandLineCacheError) {
            let answer = try keptAnswer()
            Descriptor.write(answer.standardOutput, to: STDOUT_FILENO)
            Descriptor.write(answer.standardError, to: STDERR_FILENO)
            trace("hit \(file)")
            return .replayed
        } catch {
            trace(error.description)
            return .miss(error.turnsCacheOff ? nil : begin())
        }
    }

    /// The valid entry for this command line: read from checked directories through a checked
    /// descriptor, authenticated with the user's key, of this command line, and made from inputs
    /// that all stat as they did.
    func keptAnswer() throws(CommandLineCacheError) -> StoredAnswer {
        let directory = try CacheDirectory(base: base, making: false)
        let secret = try CacheSecret(readingIn: directory)
        let answer = try StoredAnswer(
            decoding: directory.readEntry(named: key.fileName, limit: Self.maximumFileBytes), with: secret)
        guard answer.key == key.bytes else { throw .otherCommandLine }
        for input in answer.inputs where PathStamp(path: input.path) != input.stamp {
            throw .changed(path: input.path)
        }
        return answer
    }

    /// Starts making the answer for the cache: output goes to files until `CommandRun.finish`.
    /// Nil when the directories or the key cannot be made or trusted; the command then runs as
    /// without the cache.
    func begin() -> CommandRun? {
        let started = PathStamp.now()
        do throws(CommandLineCacheError) {
            let directory = try CacheDirectory(base: base, making: true)
            let secret = try CacheSecret.readingOrMaking(in: directory)
            let capture = try OutputCapture(directory: directory)
            AnswerInputs.begin()
            return CommandRun(cache: self, directory: directory, secret: secret, started: started, capture: capture)
        } catch {
            trace(error.description)
            return nil
        }
    }

    /// Writes `fontd: cache: MESSAGE` on stderr when `FONTD_CACHE_TRACE` is set.
    func trace(_ message: String) {
        guard tracing else { return }
        Descriptor.write(Array("fontd: cache: \(message)\n".utf8), to: STDERR_FILENO)
    }

    /// `$XDG_CACHE_HOME/fontd` when that is an absolute path (the XDG rule), else `$HOME/.cache/fontd`.
    static func baseDirectory() -> String? {
        if let cache = variable("XDG_CACHE_HOME"), cache.hasPrefix("/") { return cache + "/fontd" }
        guard let home = variable("HOME"), !home.isEmpty else { return nil }
        return home + "/.cache/fontd"
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
            variables.append(
                Array(UnsafeBufferPointer(start: UnsafeRawPointer(variable).assumingMemoryBound(to: UInt8.self), count: strlen(variable))))
            pointer += 1
        }
        return variables
    }
}
