import DynamicType
import ScopedPreferences

/// What the state file holds: the preferences, the sequence of the last change, and the
/// most recent changes (so a subscriber can resume across restarts).
struct StateFileContents: Equatable, Sendable {
    var preferences = PerPreference<String>.initial
    /// The last `historyLimit` changes, oldest first; never emptied once a change is made.
    var history: [StateFileEntry] = []

    /// The sequence of the last change; 0 before any.
    var sequence: Int { history.last?.sequence ?? 0 }

    /// The preferences the state file (§12 (The store and the state file)) holds, in its frozen format: not the reading font, which
    /// needs a store (docs/DESIGN.md §33 (The reading font)).
    static let held: [ReaderPreference] = [.category, .legibilityWeight, .textSpacing]

    /// How many changes are kept (docs/DESIGN.md §12 (The store and the state file): the newest 1024).
    static let historyLimit = 1024
    /// The largest sequence the state file may hold (it is read as a JSON number, exact below
    /// 2⁵³); a change past it is refused rather than written into a file the next start refuses.
    static let maximumSequence = StoredScopes.maximumSequence

    /// Appends `change` to the history, makes its value current, and keeps the newest
    /// `historyLimit` changes.
    mutating func record(_ change: StateFileEntry) {
        preferences[change.preference] = change.value
        preferences = preferences.normalized()
        history.append(change)
        if history.count > Self.historyLimit { history.removeFirst(history.count - Self.historyLimit) }
    }
}

/// The state file's format: one JSON object, keys in this order, history oldest first.
///
/// ```json
/// {"version":1,"category":"xl","legibilityWeight":"regular","sequence":2,
///  "history":[{"sequence":1,"event":"contentSizeCategoryDidChange","category":"xl","previous":"l"}, …]}
/// ```
///
/// `sequence` is written though the history's last entry tells it, and read back as a check.
/// `textSpacing` is written only when it is `wcag`: a file without it is at `default`, so files
/// written before text spacing existed read as they were, and a reader at `default` writes the
/// bytes the fontd before it wrote.
extension StateFileContents: Codable {
    /// Why a state file cannot be used; start-up stops with this rather than resetting silently.
    struct FileError: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String {
            "The state file \(path) is unusable: \(reason). Fix or move it away (fontd starts at l / regular without one)."
        }
    }

    /// The file's content: the state's JSON on one line, then a newline.
    func fileBytes() throws -> [UInt8] {
        Array(try OrderedJSONEncoder().encode(self)) + [UInt8(ascii: "\n")]
    }

    /// Reads a state file strictly: unknown and repeated members are refused, and so is any
    /// history fontd cannot have written.
    init(fileBytes: [UInt8], path: String) throws(FileError) {
        do {
            self = try JSONDocumentDecoder(mode: .strict).decode(StateFileContents.self, from: fileBytes)
        } catch {
            let at = error.pathDescription
            let reason =
                switch error.problem {
                case .notJSON(let syntaxError)?: "not JSON (\(syntaxError))"
                case .unknownKey?: "'\(at)' is not a field of the state file"
                case .duplicateKey?: "'\(at)' appears twice"
                case .wrongType? where at.isEmpty: "expected an object"
                default: error.reason
                }
            throw FileError(path: path, reason: reason)
        }
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case version, category, legibilityWeight, textSpacing, sequence, history }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(1, forKey: .version)
        try container.encode(preferences.category.rawValue, forKey: .category)
        try container.encode(preferences.legibilityWeight.rawValue, forKey: .legibilityWeight)
        if preferences.textSpacing != .default { try container.encode(preferences.textSpacing.rawValue, forKey: .textSpacing) }
        try container.encode(sequence, forKey: .sequence)
        try container.encode(history, forKey: .history)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func refusal(_ key: CodingKeys, _ reason: String) -> DecodingError { .refusal(at: container.codingPath + [key], reason) }
        guard (try? container.decode(Int.self, forKey: .version)) == 1 else { throw refusal(.version, "'version' must be 1") }
        guard let category = (try? container.decode(String.self, forKey: .category)).flatMap(ContentSizeCategory.init(rawValue:)) else {
            throw refusal(.category, "'category' must be one of \(ContentSizeCategory.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard let weight = (try? container.decode(String.self, forKey: .legibilityWeight)).flatMap(LegibilityWeight.init(rawValue:)) else {
            throw refusal(.legibilityWeight, "'legibilityWeight' must be regular or bold")
        }
        var spacing = TextSpacing.default
        if container.contains(.textSpacing) {
            guard let stored = (try? container.decode(String.self, forKey: .textSpacing)).flatMap(TextSpacing.init(rawValue:)) else {
                throw refusal(.textSpacing, "'textSpacing' must be default or wcag")
            }
            spacing = stored
        }
        guard let sequence = try? container.decode(Int.self, forKey: .sequence), (0...Self.maximumSequence).contains(sequence) else {
            throw refusal(.sequence, "'sequence' must be a whole number from 0 to \(Self.maximumSequence)")
        }
        var entries: any UnkeyedDecodingContainer
        do { entries = try container.nestedUnkeyedContainer(forKey: .history) } catch {
            throw refusal(.history, "'history' must be an array")
        }
        var history: [StateFileEntry] = []
        while !entries.isAtEnd {
            let index = entries.currentIndex
            let change: StateFileEntry
            do {
                change = try entries.decode(StateFileEntry.self)
            } catch let error as DecodingError where error.location.last?.stringValue == "sequence" && error.problem == nil {
                throw refusal(.history, "history[\(index)].sequence must be a whole number from 1 to \(sequence)")
            }
            guard change.sequence <= sequence else {
                throw refusal(.history, "history[\(index)].sequence must be a whole number from 1 to \(sequence)")
            }
            if let last = history.last, change.sequence != last.sequence + 1 {
                throw refusal(.history, "history[\(index)].sequence is \(change.sequence), expected \(last.sequence + 1)")
            }
            history.append(change)
        }
        // The sequence is the last change's; a file that says otherwise was not written by fontd.
        if let last = history.last, last.sequence != sequence {
            throw refusal(.history, "the last history entry is \(last.sequence) but 'sequence' is \(sequence)")
        }
        if history.isEmpty, sequence != 0 {
            throw refusal(.history, "'sequence' is \(sequence) but the history is empty (fontd keeps the last changes once there are any)")
        }
        self.init(
            preferences: PerPreference.initial.with(\.category, category).with(\.legibilityWeight, weight).with(\.textSpacing, spacing),
            history: history)
    }
}
