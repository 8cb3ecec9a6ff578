import DynamicType
import ScopedPreferences
#if canImport(Glibc)
import Glibc
#endif

/// The state file (§12 (The store and the state file)) as a `PreferenceStorage`: one JSON document, rewritten whole and durably
/// (temp file, fsync, rename, fsync of the directory) on every change. It holds the root scope
/// only; `fontd serve` imports it into its SQLite store, and tests use it directly.
public final class StateFileStorage: PreferenceStorage {
    public let path: String
    /// What the file holds now; only the service's queue touches it.
    nonisolated(unsafe) private var state = StateFileContents()

    /// The state file at `path`; its directory is created if missing.
    public init(path: String) throws {
        self.path = path
        try DurableFile.makeDirectories(DurableFile.directory(of: path))
    }

    /// The file's preferences and history as a reader of the state file (§12 (The store and the state file)) reads them.
    public func load(historyLimit: Int) throws -> StoredPreferences {
        guard let bytes = try DurableFile.read(path) else { return StoredPreferences() }
        return try StateFileContents(fileBytes: bytes, path: path).stored
    }

    /// Refused: a state file keeps the root scope's preferences only, and no revocations of scoped tokens.
    public func revoke(_ revocation: TokenRevocation) throws {
        throw PreferenceStorageFailure.revocationsNotKept("the state file \(path) keeps the root scope's preferences only")
    }

    /// The file as the root scope, its changes as the root's history (position = id).
    public func load() throws -> StoredScopes {
        state = StateFileContents(stored: try load(historyLimit: .max))
        var marks = PerPreference(repeating: 0)
        for change in state.history { marks[change.preference] = change.sequence }
        let root = ScopeRecord(scope: .root, values: PerPreference { state.preferences.values[$0] }, marks: marks)
        let history = state.history.map { change in
            ScopeHistoryEntry(
                position: change.sequence, sequence: change.sequence, isEvent: true, scope: .root,
                change: ScopeHistoryEntry.Change(change.preference, value: change.value, previous: change.previous))
        }
        return StoredScopes(sequence: state.sequence, position: state.sequence, scopes: [root], history: history)
    }

    /// Writes the file with the root's changes; a change of any other scope is refused.
    public func commit(_ commit: ScopeCommit) throws {
        var next = state
        for entry in commit.entries {
            guard entry.scope.isRoot, entry.isEvent, entry.position == entry.sequence else {
                throw StateFileError.scopesNotHeld(path: path)
            }
            guard let value = entry.change.value, let previous = entry.change.previous else { throw StateFileError.scopesNotHeld(path: path) }
            guard StateFileContents.held.contains(entry.change.preference) else {
                throw StateFileError.preferenceNotHeld(path: path, noun: entry.change.preference.declaration.noun)
            }
            next.record(StateFileEntry(sequence: entry.sequence, preference: entry.change.preference, value: value, previous: previous))
        }
        let bytes = try next.fileBytes()
        do { try DurableFile.replace(path, with: bytes) } catch { throw Self.failure(error, path: path) }
        state = next
    }

    /// A write's failure as the service reads it: a full disk is a change refused for now
    /// (docs/DESIGN.md §12 (The store and the state file)), as the SQLite store's is; other failures pass as they are.
    private static func failure(_ error: DurableFile.WriteError, path: String) -> any Error {
        guard error.code == ENOSPC || error.code == EDQUOT else { return error }
        return PreferenceStorageFailure.refusing(PreferenceStorageFailure.diskFull(holding: path))
    }

    /// Why a state file cannot take a change.
    public enum StateFileError: Error, CustomStringConvertible {
        case scopesNotHeld(path: String)
        case preferenceNotHeld(path: String, noun: String)

        public var description: String {
            switch self {
            case .scopesNotHeld(let path): "the state file \(path) holds the root scope's preferences only; use an SQLite store (--store) for scopes"
            case .preferenceNotHeld(let path, let noun): "the state file \(path) holds no \(noun); use an SQLite store (--store) for it"
            }
        }
    }
}
