import DynamicType

/// The state file's format: one JSON object, history oldest first.
///
/// ```json
/// {"version":1,"category":"xl","legibilityWeight":"regular","sequence":2,
///  "history":[{"sequence":1,"event":"contentSizeCategoryDidChange","category":"xl","previous":"l"}, …]}
/// ```
extension PreferencesState {
    /// Why a state file cannot be used; start-up stops with this rather than resetting silently.
    struct FileError: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String {
            "The state file \(path) is unusable: \(reason). Fix or move it away (fontd starts at l / regular without one)."
        }
    }

    var fileBytes: [UInt8] {
        var text = #"{"version":1,"category":"\#(preferences.category.rawValue)","legibilityWeight":"\#(preferences.legibilityWeight.rawValue)","sequence":\#(sequence),"history":["#
        for (index, change) in history.enumerated() {
            if index > 0 { text += "," }
            switch change.kind {
            case .category(let value, let previous):
                text += #"{"sequence":\#(change.sequence),"event":"\#(change.eventName)","category":"\#(value.rawValue)","previous":"\#(previous.rawValue)"}"#
            case .legibilityWeight(let value, let previous):
                text += #"{"sequence":\#(change.sequence),"event":"\#(change.eventName)","legibilityWeight":"\#(value.rawValue)","previous":"\#(previous.rawValue)"}"#
            }
        }
        text += "]}\n"
        return Array(text.utf8)
    }

    init(fileBytes: [UInt8], path: String) throws(FileError) {
        func fail(_ reason: String) -> FileError { FileError(path: path, reason: reason) }
        let document: JSONDocument
        do { document = try JSONDocument(parsing: fileBytes) } catch { throw fail("not JSON (\(error))") }
        guard case .object(let members) = document else { throw fail("expected an object") }
        var fields: [String: JSONDocument] = [:]
        for member in members {
            guard fields.updateValue(member.value, forKey: member.key) == nil else { throw fail("'\(member.key)' appears twice") }
        }
        guard case .number(1) = fields["version"] else { throw fail("'version' must be 1") }
        guard case .string(let category) = fields["category"], let category = ContentSizeCategory(rawValue: category) else {
            throw fail("'category' must be one of \(ContentSizeCategory.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard case .string(let weight) = fields["legibilityWeight"], let weight = LegibilityWeight(rawValue: weight) else {
            throw fail("'legibilityWeight' must be regular or bold")
        }
        guard case .number(let sequence) = fields["sequence"], sequence >= 0, sequence == sequence.rounded(),
              sequence <= Double(Self.maximumSequence)
        else {
            throw fail("'sequence' must be a whole number from 0 to \(Self.maximumSequence)")
        }
        guard case .array(let entries) = fields["history"] else { throw fail("'history' must be an array") }
        var history: [PreferenceChange] = []
        for (index, entry) in entries.enumerated() {
            guard case .object(let members) = entry else { throw fail("history[\(index)] must be an object") }
            var item: [String: String] = [:]
            var number: Double?
            for member in members {
                switch member.value {
                case .string(let text): item[member.key] = text
                case .number(let value) where member.key == "sequence": number = value
                default: throw fail("history[\(index)].\(member.key) has the wrong type")
                }
            }
            guard let number, number == number.rounded(), number >= 1, number <= sequence else {
                throw fail("history[\(index)].sequence must be a whole number from 1 to \(Int(sequence))")
            }
            let kind: PreferenceChange.Kind
            if let value = item["category"].flatMap(ContentSizeCategory.init(rawValue:)),
               let previous = item["previous"].flatMap(ContentSizeCategory.init(rawValue:)) {
                kind = .category(value, previous: previous)
            } else if let value = item["legibilityWeight"].flatMap(LegibilityWeight.init(rawValue:)),
                      let previous = item["previous"].flatMap(LegibilityWeight.init(rawValue:)) {
                kind = .legibilityWeight(value, previous: previous)
            } else {
                throw fail("history[\(index)] is neither a category nor a legibility change")
            }
            if let last = history.last, Int(number) != last.sequence + 1 {
                throw fail("history[\(index)].sequence is \(Int(number)), expected \(last.sequence + 1)")
            }
            history.append(PreferenceChange(sequence: Int(number), kind: kind))
        }
        if let last = history.last, last.sequence != Int(sequence) {
            throw fail("the last history entry is \(last.sequence) but 'sequence' is \(Int(sequence))")
        }
        self.init(preferences: ReaderPreferences(category: category, legibilityWeight: weight), sequence: Int(sequence), history: history)
    }
}
