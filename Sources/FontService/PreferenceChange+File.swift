import DynamicType

/// A change as the state file's history keeps it, sequence first:
/// `{"sequence":1,"event":"contentSizeCategoryDidChange","category":"xl","previous":"l"}`.
extension PreferenceChange: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable { case sequence, event, category, legibilityWeight, textSpacing, previous }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(sequence, forKey: .sequence)
        try container.encode(eventName, forKey: .event)
        switch kind {
        case .category(let value, let previous):
            try container.encode(value.rawValue, forKey: .category)
            try container.encode(previous.rawValue, forKey: .previous)
        case .legibilityWeight(let value, let previous):
            try container.encode(value.rawValue, forKey: .legibilityWeight)
            try container.encode(previous.rawValue, forKey: .previous)
        case .textSpacing(let value, let previous):
            try container.encode(value.rawValue, forKey: .textSpacing)
            try container.encode(previous.rawValue, forKey: .previous)
        }
    }

    /// Reads an entry; each refusal names the entry (`history[3] must be an object`). The
    /// sequence is only checked to be a whole number from 1: the state checks it against its neighbours.
    init(from decoder: any Decoder) throws {
        let entry = JSONDocumentDecoder.pathDescription(decoder.codingPath)
        let container: KeyedDecodingContainer<CodingKeys>
        do {
            container = try decoder.container(keyedBy: CodingKeys.self)
        } catch let error as DecodingError {
            guard case .wrongType? = error.problem else { throw error }
            throw DecodingError.refusal(at: decoder.codingPath, "\(entry) must be an object")
        }
        // A member's text; absent is nil, any other JSON type is refused.
        func text(_ key: CodingKeys) throws -> String? {
            do {
                return try container.decodeUnlessAbsent(String.self, forKey: key)
            } catch {
                throw container.refusal(forKey: key, "\(entry).\(key.stringValue) has the wrong type")
            }
        }
        let (category, legibilityWeight, previous, event) = try (text(.category), text(.legibilityWeight), text(.previous), text(.event))
        let textSpacing = try text(.textSpacing)
        guard let sequence = try? container.decode(Int.self, forKey: .sequence), sequence >= 1 else {
            throw container.refusal(forKey: .sequence, "\(entry).sequence must be a whole number from 1")
        }
        if legibilityWeight == nil, textSpacing == nil, let value = category.flatMap(ContentSizeCategory.init(rawValue:)),
           let previous = previous.flatMap(ContentSizeCategory.init(rawValue:)) {
            self.init(sequence: sequence, kind: .category(value, previous: previous))
        } else if category == nil, textSpacing == nil, let value = legibilityWeight.flatMap(LegibilityWeight.init(rawValue:)),
                  let previous = previous.flatMap(LegibilityWeight.init(rawValue:)) {
            self.init(sequence: sequence, kind: .legibilityWeight(value, previous: previous))
        } else if category == nil, legibilityWeight == nil, let value = textSpacing.flatMap(TextSpacing.init(rawValue:)),
                  let previous = previous.flatMap(TextSpacing.init(rawValue:)) {
            self.init(sequence: sequence, kind: .textSpacing(value, previous: previous))
        } else {
            throw DecodingError.refusal(at: decoder.codingPath, "\(entry) is neither a category, a legibility nor a text spacing change")
        }
        if let event, event != eventName {
            throw container.refusal(forKey: .event, "\(entry).event is '\(event)', but the entry is a \(eventName) change")
        }
    }
}
