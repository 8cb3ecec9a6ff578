import DynamicType

/// The body of `PUT /desktop` and its answer (docs/DESIGN.md §37 (The reader's control)):
/// `{"target": "kitty", "excluded": true}`; the answer adds `changed`, false when the choice already stood.
struct TargetExclusionChange: Hashable, Sendable, Codable {
    var target: String
    var excluded: Bool
    var changed: Bool?

    static let example = #"{"target": "kitty", "excluded": true}"#

    init(target: String, excluded: Bool, changed: Bool? = nil) {
        self.target = target
        self.excluded = excluded
        self.changed = changed
    }

    /// Reads a body strictly: a JSON object of exactly `target` (a string) and `excluded` (true or
    /// false), each once; every refusal says what to send instead.
    init(body: [UInt8]) throws(FontServiceError) {
        let document: JSONDocument
        do { document = try JSONDocument(parsing: body) } catch {
            throw .invalidBody(body.isEmpty ? "it is empty; send \(Self.example)" : "it is not JSON (\(error)); send \(Self.example)")
        }
        guard case .object(let members) = document else { throw .invalidBody("expected a JSON object such as \(Self.example)") }
        var target: String?
        var excluded: Bool?
        for member in members {
            switch (member.key, member.value) {
            case ("target", .string(let name)) where target == nil: target = name
            case ("excluded", .bool(let value)) where excluded == nil: excluded = value
            case ("target", _) where target != nil, ("excluded", _) where excluded != nil:
                throw .invalidBody("'\(member.key)' appears twice")
            case ("target", _): throw .invalidBody("'target' must be a string, not \(member.value.kind)")
            case ("excluded", _): throw .invalidBody("'excluded' must be true or false, not \(member.value.kind)")
            default: throw .invalidBody("unknown field '\(member.key)'; /desktop takes target and excluded, as in \(Self.example)")
            }
        }
        guard let target, let excluded else { throw .invalidBody("it needs both target and excluded, as in \(Self.example)") }
        self.init(target: target, excluded: excluded)
    }
}
