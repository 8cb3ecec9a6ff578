import Glibc

/// Why the cache did not answer a command line, or did not keep its answer. None of these fails
/// the command: it answers without the cache. `FONTD_CACHE_TRACE=1` prints them on stderr.
public enum CommandLineCacheError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No entry for this command line yet.
    case noEntry(file: String)
    /// The cache's directory, or its entries' directory, is not made yet.
    case noDirectory(path: String)
    /// The key entries are checked with is not made yet: no entry can be valid.
    case noKey(path: String)
    /// The key is the user's own file, 0600, in a checked directory, but not 32 bytes long (emptied or
    /// cut short by a full disk or a crash, or written by hand): no entry can be valid, and a new key
    /// replaces it.
    case damagedKey(path: String, bytes: Int64)
    /// The entry is not a regular file of this user's that only they may write (a link, a FIFO,
    /// another user's file…): it is not read, and this run's answer replaces it.
    case untrustedEntry(path: String, Distrust)
    /// A directory of the cache, or its key, is not what it must be: the cache is not used at all.
    case untrusted(path: String, Distrust)
    /// A file or directory of the cache could not be opened or read, for this `errno`.
    case unreadable(path: String, errno: Int32)
    /// The entry's file is not whole or not of this version; it is ignored and rewritten.
    case damaged(String)
    /// The file holds another command line's answer (two keys with one hash).
    case otherCommandLine
    /// A path the answer was made from is not as it was: the answer is made again.
    case changed(path: String)
    /// A path the answer was made from changed while it was being made; kept next time.
    case changedDuringRun(path: String)
    /// The command named nothing it was made from (help, `--server`, an answer not worth keeping).
    case noInputsNamed
    /// The command failed; errors are not kept.
    case failed(status: Int32)
    /// The cache directory, or a file in it, could not be made or written.
    case unwritable(path: String, errno: Int32)

    public var description: String {
        switch self {
        case .noEntry(let file): "miss: no entry \(file)"
        case .noDirectory(let path): "miss: no directory \(path) yet"
        case .noKey(let path): "miss: no key \(path) yet"
        case .damagedKey(let path, let bytes):
            "miss: the key \(path) is damaged (it holds \(bytes) bytes, not \(CacheSecret.byteCount)); a new one replaces it"
        case .untrustedEntry(let path, let distrust): "miss: ignored \(path): it \(distrust)"
        case .untrusted(let path, let distrust): "not used: \(path) \(distrust); remove it and the next run makes a new one"
        case .unreadable(let path, let errno): "miss: \(path): \(String(cString: strerror(errno)))"
        case .damaged(let reason): "miss: the entry is damaged (\(reason)); it will be rewritten"
        case .otherCommandLine: "miss: the entry belongs to another command line"
        case .changed(let path): "miss: \(path) changed"
        case .changedDuringRun(let path): "not kept: \(path) changed while the answer was made"
        case .noInputsNamed: "not kept: the command named no inputs"
        case .failed(let status): "not kept: the command failed (exit status \(status))"
        case .unwritable(let path, let errno): "not kept: \(path): \(String(cString: strerror(errno)))"
        }
    }

    /// Whether the cache is not to be used at all this run, neither read nor written.
    var turnsCacheOff: Bool {
        if case .untrusted = self { true } else { false }
    }
}
