import DynamicType

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
