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

    /// Refused: a state file keeps the root scope's preferences only, and no revocations of scoped tokens.
    public func revoke(_ revocation: TokenRevocation) throws {
        throw PreferenceStorageFailure.revocationsNotKept("the state file \(path) keeps the root scope's preferences only")
    }

    /// The file as the root scope, its changes as the root's history (position = id), as a reader of the state
    /// file (§12 (The store and the state file)) reads it; no file is the initial preferences.
    public func load() throws -> StoredScopes {
        state = try DurableFile.read(path).map { try StateFileContents(fileBytes: $0, path: path) } ?? StateFileContents()
        var marks = PerPreference(repeating: 0)
        for change in state.history { marks[change.preference] = change.sequence }
        let root = ScopeRecord(scope: .root, values: PerPreference { state.preferences[$0] }, marks: marks)
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
            guard let value = entry.change.value, let previous = entry.change.previous else {
                throw StateFileError.scopesNotHeld(path: path)
            }
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
            case .scopesNotHeld(let path):
                "the state file \(path) holds the root scope's preferences only; use an SQLite store (--store) for scopes"
            case .preferenceNotHeld(let path, let noun): "the state file \(path) holds no \(noun); use an SQLite store (--store) for it"
            }
        }
    }
}

/// One change of the root scope's preferences as the state file's history keeps it
/// (docs/DESIGN.md §12 (The store and the state file)): its id and what changed, as raw values.
struct StateFileEntry: Equatable, Sendable {
    var sequence: Int
    var preference: ReaderPreference
    var value: String
    var previous: String

    /// The SSE event name (docs/DESIGN.md §11 (The event stream)), which the state file's history records.
    var eventName: String { preference.declaration.eventName }
}

/// A change as the state file's history keeps it, sequence first:
/// `{"sequence":1,"event":"contentSizeCategoryDidChange","category":"xl","previous":"l"}`.
extension StateFileEntry: Codable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(sequence, forKey: AnyCodingKey("sequence"))
        try container.encode(eventName, forKey: AnyCodingKey("event"))
        try container.encode(value, forKey: AnyCodingKey(preference.wireName))
        try container.encode(previous, forKey: AnyCodingKey("previous"))
    }

    /// Reads an entry; each refusal names the entry (`history[3] must be an object`). The
    /// sequence is only checked to be a whole number from 1: the state checks it against its neighbours.
    init(from decoder: any Decoder) throws {
        let entry = JSONDocumentDecoder.pathDescription(decoder.codingPath)
        let container: KeyedDecodingContainer<AnyCodingKey>
        do {
            container = try decoder.container(keyedBy: AnyCodingKey.self)
        } catch let error as DecodingError {
            guard case .wrongType? = error.problem else { throw error }
            throw DecodingError.refusal(at: decoder.codingPath, "\(entry) must be an object")
        }
        // A member's text; absent is nil, any other JSON type is refused.
        func text(_ name: String) throws -> String? {
            let key = AnyCodingKey(name)
            do {
                return try container.decodeUnlessAbsent(String.self, forKey: key)
            } catch {
                throw container.refusal(forKey: key, "\(entry).\(name) has the wrong type")
            }
        }
        let values = try PerPreference { preference in StateFileContents.held.contains(preference) ? try text(preference.wireName) : nil }
        let (previous, event) = try (text("previous"), text("event"))
        guard let sequence = try? container.decode(Int.self, forKey: AnyCodingKey("sequence")), sequence >= 1 else {
            throw container.refusal(forKey: AnyCodingKey("sequence"), "\(entry).sequence must be a whole number from 1")
        }
        // Exactly one preference's value, and it and `previous` values that preference takes.
        let named = values.preferences { $0 != nil }
        guard named.count == 1, let preference = named.first, let value = values[preference], let previous,
            preference.declaration.isRawValue(value), preference.declaration.isRawValue(previous)
        else {
            let kinds = StateFileContents.held.map { "a \($0.declaration.noun)" }
            throw DecodingError.refusal(
                at: decoder.codingPath, "\(entry) is neither \(kinds.dropLast().joined(separator: ", ")) nor \(kinds.last ?? "") change")
        }
        self.init(sequence: sequence, preference: preference, value: value, previous: previous)
        if let event, event != eventName {
            throw container.refusal(forKey: AnyCodingKey("event"), "\(entry).event is '\(event)', but the entry is a \(eventName) change")
        }
    }
}
