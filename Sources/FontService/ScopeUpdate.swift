import DynamicType
import ScopedPreferences

/// The body of `PUT /preferences` and `PUT /category` for a scope (docs/DESIGN.md §23 (Reader scopes and scoped tokens)): each
/// preference set (`"xl"`), cleared so it inherits again (`null`), or, absent, left as it is.
struct ScopeUpdate: Sendable {
    var settings = PerPreference<ScopeTree.Setting>(repeating: .keep)

    /// Reads a body strictly: a non-empty JSON object of the `fields` preferences only, each
    /// once, each a string naming a value or `null` (not on the root scope, which inherits from
    /// nothing). Every refusal says what to send instead (`example`).
    init(body: [UInt8], path: String, fields: [ReaderPreference], example: String, scope: PreferenceScope) throws(FontServiceError) {
        let document: JSONDocument
        do { document = try JSONDocument(parsing: body) } catch {
            throw .invalidBody(body.isEmpty ? "it is empty; send \(example)" : "it is not JSON (\(error)); send \(example)")
        }
        guard case .object(let members) = document, !members.isEmpty else { throw .invalidBody("expected a JSON object such as \(example)") }
        var seen: Set<String> = []
        for member in members {
            guard let preference = fields.first(where: { $0.wireName == member.key }) else {
                throw .invalidBody("unknown field '\(member.key)'; \(path) takes \(fields.map(\.wireName).listed("and"))")
            }
            guard seen.insert(member.key).inserted else { throw .invalidBody("'\(member.key)' appears twice") }
            switch member.value {
            case .null where scope.isRoot && preference.declaration.initialValue.isEmpty:
                // A preference that can be none (the reading font): on the root, null is none.
                settings[preference] = .set("")
            case .null:
                guard !scope.isRoot else {
                    throw .invalidBody(
                        "'\(member.key)' is null, which clears a scope's own value so it inherits again; the root scope inherits from nothing, so give it a value")
                }
                settings[preference] = .clear
            case .string(let name):
                do { settings[preference] = .set(try preference.declaration.parse(name)) } catch { throw .invalidValue(error) }
            default:
                throw .invalidBody("'\(member.key)' must be a string\(scope.isRoot ? "" : " or null"), not \(member.value.kind)")
            }
        }
    }
}
