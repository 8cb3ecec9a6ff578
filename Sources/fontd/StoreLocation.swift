import Caching
import DynamicType
import FontService
import Logging
import SQLiteStore
import ScopedPreferences

/// Where `fontd serve` keeps the reader's preferences (docs/DESIGN.md §12 (The store and the state file)), and the state
/// file it imports once: nobody's size is reset by an upgrade.
struct StoreLocation {
    /// The SQLite store.
    var store: String
    /// The state file imported when the store is new; the file is left as it was.
    var stateFile: String?

    /// `--store`, else the store beside `--state` (`state.json` → `state.sqlite`), else the default
    /// `$XDG_STATE_HOME/fontd/fontd.sqlite`; the state file is `--state`, else the default one.
    init?(store: String?, state: String?, environment: [String: String]) {
        let stateFile = state ?? Serve.defaultStatePath(environment)
        guard let location = store ?? state.map(Self.store(beside:)) ?? Self.defaultStorePath(environment) else { return nil }
        self.store = location
        self.stateFile = stateFile
    }

    /// `dir/state.json` → `dir/state.sqlite`.
    static func store(beside stateFile: String) -> String {
        let slash = stateFile.lastIndex(of: "/").map { stateFile.index(after: $0) } ?? stateFile.startIndex
        let name = stateFile[slash...]
        let stem = name.lastIndex(of: ".").map { name[..<$0] } ?? name
        return String(stateFile[..<slash]) + (stem.isEmpty ? name : stem) + ".sqlite"
    }

    static func defaultStorePath(_ environment: [String: String]) -> String? {
        if let base = environment["XDG_STATE_HOME"], base.hasPrefix("/") { return base + "/fontd/fontd.sqlite" }
        return environment["HOME"].map { $0 + "/.local/state/fontd/fontd.sqlite" }
    }

    /// Opens the store (locked for this process) and, when it is new, imports the state file.
    /// Says in the log when a full disk made it open without its shared-memory index.
    ///
    /// The state file is read first, so a broken one stops the start before a store exists: an
    /// empty store left behind would make the next start skip the import and reset the reader.
    func open(logger: Logger) throws -> SQLitePreferenceStore {
        var imported: StoredScopes?
        if let stateFile, !PathStamp(path: store).exists, PathStamp(path: stateFile).exists {
            imported = try StateFileStorage(path: stateFile).load()
        }
        let opened = try SQLitePreferenceStore.open(path: store)
        if opened.wasCreated, let imported, imported.sequence > 0 {
            try opened.importState(imported)
        }
        if opened.isExclusive {
            logger.warning(
                "the disk holding the store is full: SQLite's shared-memory index cannot be made, so fontd holds the store in exclusive mode (no other program can read it while fontd runs) and refuses changes until there is room",
                metadata: ["store": "\(opened.path)"])
        }
        return opened
    }
}
