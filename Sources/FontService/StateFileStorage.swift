import DynamicType

/// The §12 state file as a `PreferenceStorage`: one JSON document, rewritten whole and durably
/// (temp file, fsync, rename, fsync of the directory) on every change.
public final class StateFileStorage: PreferenceStorage {
    public let path: String

    /// The state file at `path`; its directory is created if missing.
    public init(path: String) throws {
        self.path = path
        try DurableFile.makeDirectories(DurableFile.directory(of: path))
    }

    public func load(historyLimit: Int) throws -> StoredPreferences {
        guard let bytes = try DurableFile.read(path) else { return StoredPreferences() }
        return try PreferencesState(fileBytes: bytes, path: path).stored
    }

    public func commit(_ changes: [PreferenceEvent], resulting state: StoredPreferences) throws {
        try DurableFile.replace(path, with: PreferencesState(stored: state).fileBytes())
    }
}
