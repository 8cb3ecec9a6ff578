import DynamicType

extension PreferencesUpdate {
    /// Reads a `PUT` body strictly: a non-empty JSON object of `fields` only, each once, each a
    /// string naming a value. Every refusal says what to send instead (`example`).
    ///
    /// - Parameters:
    ///   - path: The endpoint, for messages (`/category`).
    ///   - fields: The fields the endpoint takes, a subset of the update's.
    init(body: [UInt8], path: String, fields: [String], example: String) throws(FontServiceError) {
        let document: JSONDocument
        do { document = try JSONDocument(parsing: body) } catch {
            throw .invalidBody(body.isEmpty ? "it is empty; send \(example)" : "it is not JSON (\(error)); send \(example)")
        }
        guard case .object(let members) = document, !members.isEmpty else { throw .invalidBody("expected a JSON object such as \(example)") }
        // Checked here, not by the decoder: an endpoint may take fewer fields than the update has.
        if let stray = members.first(where: { !fields.contains($0.key) }) {
            throw .invalidBody("unknown field '\(stray.key)'; \(path) takes \(fields.joined(separator: " and "))")
        }
        do {
            self = try JSONDocumentDecoder(mode: .strict).decode(PreferencesUpdate.self, from: document)
        } catch {
            let field = error.location.last?.stringValue ?? ""
            switch error.problem {
            case .duplicateKey?: throw .invalidBody("'\(field)' appears twice")
            case .wrongType(_, let found)?: throw .invalidBody("'\(field)' must be a string, not \(found)")
            default:
                if case .dataCorrupted(let context) = error, let refusal = context.underlyingError as? DynamicTypeError {
                    throw .invalidValue(refusal)
                }
                throw .invalidBody("\(field.isEmpty ? "" : "'\(field)': ")\(error.reason); send \(example)")
            }
        }
    }
}
