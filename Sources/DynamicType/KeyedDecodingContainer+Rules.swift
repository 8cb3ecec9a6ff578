extension KeyedDecodingContainer {
    /// The value of an optional member: nil when the member is absent. `null` is refused
    /// like any other wrong type (`decodeIfPresent` would read it as absent).
    public func decodeUnlessAbsent<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value? {
        contains(key) ? try decode(type, forKey: key) : nil
    }

    /// A number that must pass `isValid`; refused with `rule` and the number (`must be a
    /// positive number, got -3.0`).
    func decodeNumber(forKey key: Key, _ rule: String, _ isValid: (Double) -> Bool) throws -> Double {
        let value = try decode(Double.self, forKey: key)
        guard isValid(value) else { throw refusal(forKey: key, "\(rule), got \(value)") }
        return value
    }

    /// A refusal of the member at `key` for `reason`.
    public func refusal(forKey key: Key, _ reason: String, underlyingError: (any Error)? = nil) -> DecodingError {
        .refusal(at: codingPath + [key], reason, underlyingError: underlyingError)
    }

    /// `body`, with a wrong JSON type at `key` refused as `reason(found)` instead of the
    /// decoder's words (`found` is the JSON type's name, `a string`).
    func rewordingWrongType<Value>(forKey key: Key, _ reason: (String) -> String, _ body: () throws -> Value) throws -> Value {
        do {
            return try body()
        } catch let error as DecodingError {
            guard case .wrongType(_, let found)? = error.problem, error.location.count == codingPath.count + 1 else { throw error }
            throw refusal(forKey: key, reason(found))
        }
    }
}
