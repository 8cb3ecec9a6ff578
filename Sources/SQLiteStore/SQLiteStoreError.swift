import DynamicType

/// Why the SQLite store could not be opened, read or changed; each description says what to do.
///
/// A refused change or import leaves the store as it was: its transaction is rolled back.
public enum SQLiteStoreError: Error, Equatable, CustomStringConvertible {
    /// Another open store — in this process or another, normally a second `fontd serve` — holds
    /// the exclusive lock on the file.
    case locked(String)
    /// The file is not a store fontd can use: not an SQLite database, a database with tables
    /// fontd did not make, or one that fails SQLite's integrity check. It is never reset.
    case damaged(String, reason: String)
    /// The store's path names a symbolic link (dangling or not), which fontd never follows: a
    /// link planted there would have it create or write a file elsewhere.
    case symbolicLink(String)
    /// The file, its directory or its write-ahead log cannot be created or written.
    case unwritable(String, reason: String)
    /// The store was written by a newer fontd, whose migrations this one does not know.
    case newerSchema(String, migrations: [String])
    /// A commit whose history entry is not at the position after the stored one (or the entry before it).
    case positionOutOfOrder(expected: Int, got: Int)
    /// A commit whose sequence is lower than the stored one: the store's sequence never goes back.
    case sequenceBehind(stored: Int, got: Int)
    /// A commit that does not hold together (a root value cleared, an entry beyond the commit's sequence).
    case invalidCommit(String)
    /// An import into a store that already holds changes.
    case notEmpty(String)
    /// A state to import whose history does not fit its sequence.
    case invalidImport(String)
    /// A pragma name that is not a plain identifier.
    case invalidPragma(String)
    /// The store was used after `close()`.
    case closed(String)
    /// The disk holding the store has no room for a change, even after a checkpoint moved the
    /// write-ahead log into the file: the change was not made. Changes are taken again as soon
    /// as there is room (docs/DESIGN.md §12 (The store and the state file)).
    case diskFull(String)
    /// The store's write-ahead log (`PATH-wal`) was removed or replaced while the store was open:
    /// what SQLite writes now goes to a file no restart would read, so the store takes no more
    /// changes until it is opened again. `kept` tells whether what it held was copied into the
    /// store file first.
    case writeAheadLogReplaced(String, kept: Bool)
    /// SQLite failed in a way none of the other cases describes.
    case sqlite(String, reason: String)

    public var description: String {
        switch self {
        case .locked(let path):
            "another fontd serve holds the store \(path); stop it or give another --store"
        case .damaged(let path, let reason):
            "the store \(path) is unusable: \(reason). fontd never resets it; move it away (a new store is then made) or restore it from a backup"
        case .symbolicLink(let path):
            "the store \(path) is a symbolic link, which fontd does not follow; give --store the path of the file itself"
        case .unwritable(let path, let reason):
            "cannot write the store \(path): \(reason). Check the permissions and free space of its directory, or give another --store"
        case .newerSchema(let path, let migrations):
            "the store \(path) was written by a newer fontd (migrations \(migrations.joined(separator: ", "))); run that version, or give another --store"
        case .positionOutOfOrder(let expected, let got):
            "the commit was refused: its history entry at position \(got) does not follow on; the next position is \(expected)"
        case .sequenceBehind(let stored, let got):
            "the commit was refused: its sequence \(got) is lower than the store's \(stored)"
        case .invalidCommit(let reason):
            "the commit was refused: \(reason)"
        case .notEmpty(let path):
            "the store \(path) already holds changes; a state is imported only into a new store (move the store away to import again)"
        case .invalidImport(let reason):
            "the state to import does not hold together: \(reason)"
        case .invalidPragma(let name):
            "'\(name)' is not a pragma name (letters and underscores only)"
        case .closed(let path):
            "the store \(path) was closed; open it again"
        case .diskFull(let path):
            "the disk holding \(path) is full, even after a checkpoint; free space on it and try again"
        case .writeAheadLogReplaced(let path, let kept):
            "the write-ahead log of the store \(path) (\(path)-wal) was removed or replaced while fontd ran, so no change can be kept durably: "
                + (kept
                    ? "changes are refused, and every change made before is in the store file. Restart fontd serve to recover"
                    : "changes are refused, and the changes since the last checkpoint could not be copied into the store file. Restart fontd serve to recover")
        case .sqlite(let path, let reason):
            "SQLite failed on the store \(path): \(reason)"
        }
    }
}
