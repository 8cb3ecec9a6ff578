/// Why a reader's file was not read or edited (docs/DESIGN.md §35 (Editing a reader's file)); in
/// every case the file is as the reader left it.
public enum ReaderFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path is a symbolic link to nothing: fontd neither replaces the link nor creates its target.
    case danglingLink(link: String, target: String)
    /// The file has no write bit: the reader made it read-only, and fontd leaves it alone.
    case readOnly(file: String)
    /// The file is not what its program reads (or may be a writer's half-way state that did not settle).
    case malformed(file: String, reason: String, line: Int, column: Int)
    /// The file stayed empty through every look: another program may be writing it in place.
    case empty(file: String, looks: Int)
    /// Another program changed the file each time between fontd's read and its rename.
    case keptChanging(file: String, attempts: Int)
    /// KConfig's lock stayed taken (by `holder`, the pid the lock file names) for as long as fontd waits.
    case locked(lock: String, holder: String)
    /// The file exists but could not be read.
    case unreadable(file: String, reason: String)
    /// The file could not be replaced or removed; the old one is as it was.
    case notWritten(file: String, reason: String)

    public var description: String {
        switch self {
        case .danglingLink(let link, let target): "\(link) is a symbolic link to \(target), which does not exist; fontd left the link alone"
        case .readOnly(let file): "\(file) is read-only (no write bit); fontd leaves it alone"
        case .malformed(let file, let reason, let line, let column): "\(file):\(line):\(column): \(reason); fontd left it untouched"
        case .empty(let file, let looks):
            "\(file) was empty each of \(looks) times fontd read it (another program may be writing it); fontd left it untouched"
        case .keptChanging(let file, let attempts):
            "\(file) changed between fontd's read and its write \(attempts) times running; fontd left it as the other program wrote it"
        case .locked(let lock, let holder): "\(lock) stayed taken by \(holder); fontd left the file untouched"
        case .unreadable(let file, let reason): "\(file) cannot be read (\(reason))"
        case .notWritten(let file, let reason): "\(file) was not written (\(reason)); the old file is as it was"
        }
    }

    /// Whether the read may be a writer's half-way state, so that a later look may find the whole file.
    var mayBeHalfway: Bool {
        switch self {
        case .malformed, .empty: true
        default: false
        }
    }
}
