extension DecodingError {
    /// The keys that lead to the value at fault; for a missing member, the member itself.
    public var location: [any CodingKey] {
        switch self {
        case .keyNotFound(let key, let context): context.codingPath + [key]
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context): context.codingPath
        @unknown default: []
        }
    }

    /// Where the value at fault is, printed as `styles[5].sizes.ax5.size` (empty for the whole document).
    public var pathDescription: String { JSONDocumentDecoder.pathDescription(location) }

    /// What is wrong, in words, without the location (`expected a number, found a string`).
    public var reason: String {
        switch self {
        case .keyNotFound(_, let context), .typeMismatch(_, let context), .valueNotFound(_, let context),
            .dataCorrupted(let context):
            context.debugDescription
        @unknown default: "\(self)"
        }
    }

    /// The refusal of `JSONDocumentDecoder` this error stands for; nil for an error a type's
    /// own `init(from:)` threw.
    public var problem: JSONDocumentDecoder.Problem? {
        switch self {
        case .keyNotFound(_, let context), .typeMismatch(_, let context), .valueNotFound(_, let context),
            .dataCorrupted(let context):
            context.underlyingError as? JSONDocumentDecoder.Problem
        @unknown default: nil
        }
    }

    /// A refusal of the value at `codingPath` for `reason`, thrown by a type's `init(from:)`
    /// when a value decodes but breaks a rule (`must be a positive number, got -3.0`).
    public static func refusal(at codingPath: [any CodingKey], _ reason: String, underlyingError: (any Error)? = nil) -> DecodingError {
        .dataCorrupted(.init(codingPath: codingPath, debugDescription: reason, underlyingError: underlyingError))
    }
}
