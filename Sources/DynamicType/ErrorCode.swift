/// The stable identifier of an error the HTTP API answers with (docs/DESIGN.md §8 (Errors)), such as
/// `unknownStyle` or `unauthorized`.
///
/// A string-backed struct rather than an enum, so a client keeps working when a newer
/// server answers with a code this version does not know.
/// On the wire it is the bare string (the standard library's `Codable` for string-backed types).
public struct ErrorCode: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    public var description: String { rawValue }

    /// The code of a value `preference` does not take (`DynamicTypeError.unknownValue`): `unknown` and its wire
    /// name capitalised, `unknownTextSpacing`.
    public init(unknownValueOf preference: ReaderPreference) {
        let name = preference.wireName
        self.init(rawValue: "unknown" + name.prefix(1).uppercased() + name.dropFirst())
    }

    public static let unknownStyle: ErrorCode = "unknownStyle"
    public static let unknownCategory = ErrorCode(unknownValueOf: .category)
    public static let unknownLegibilityWeight = ErrorCode(unknownValueOf: .legibilityWeight)
    public static let unknownTextSpacing = ErrorCode(unknownValueOf: .textSpacing)
    public static let unknownTrait: ErrorCode = "unknownTrait"
    public static let conflictingTraits: ErrorCode = "conflictingTraits"
    public static let duplicateTrait: ErrorCode = "duplicateTrait"
    public static let invalidNumber: ErrorCode = "invalidNumber"
    public static let unknownParameter: ErrorCode = "unknownParameter"
    public static let duplicateParameter: ErrorCode = "duplicateParameter"
    public static let missingParameter: ErrorCode = "missingParameter"
    public static let invalidBody: ErrorCode = "invalidBody"
    public static let unauthorized: ErrorCode = "unauthorized"
    public static let notFound: ErrorCode = "notFound"
    public static let methodNotAllowed: ErrorCode = "methodNotAllowed"
    public static let payloadTooLarge: ErrorCode = "payloadTooLarge"
    public static let uriTooLong: ErrorCode = "uriTooLong"
    public static let headersTooLarge: ErrorCode = "headersTooLarge"
    public static let requestTimeout: ErrorCode = "requestTimeout"
    /// Malformed HTTP, or a query the server cannot read (broken percent-encoding).
    public static let badRequest: ErrorCode = "badRequest"
    public static let notImplemented: ErrorCode = "notImplemented"
    public static let unavailable: ErrorCode = "unavailable"
    public static let `internal`: ErrorCode = "internal"
    /// A font file whose licence forbids sending it, or a page of an origin the reader did not
    /// trust asking for a change or a scope without a token (403).
    public static let forbidden: ErrorCode = "forbidden"
    /// Two parameters that cannot hold together (`format=tailwind` with `category=all`).
    public static let conflictingParameters: ErrorCode = "conflictingParameters"
    /// A value of the wrong form (a `prefix`, a `format`, a hash); `allowed` gives the form.
    public static let invalidParameter: ErrorCode = "invalidParameter"
    /// A new scope past `--max-scopes` (409).
    public static let scopeLimit: ErrorCode = "scopeLimit"

    /// A `Host` that names neither this server's address, `localhost` nor a `--server-name` (421).
    public static let misdirectedRequest: ErrorCode = "misdirectedRequest"
    /// A change past `--max-writes-per-second`, with `Retry-After` (429).
    public static let tooManyRequests: ErrorCode = "tooManyRequests"
    /// A family fontconfig does not know, as a reading font (400); `allowed` names the closest installed ones.
    public static let unknownFamily: ErrorCode = "unknownFamily"

    /// Every code docs/DESIGN.md §8 (Errors) lists, in its order: after `unknownStyle`, the unknown-value code of each
    /// preference whose values are its own names (`ReaderPreference.Declaration.unknownValueCode`).
    public static let all: [ErrorCode] =
        [.unknownStyle] + ReaderPreference.allCases.compactMap(\.declaration.unknownValueCode) + [
            .unknownTrait, .conflictingTraits, .duplicateTrait,
            .invalidNumber, .unknownParameter, .duplicateParameter, .missingParameter, .invalidBody, .unauthorized,
            .notFound, .methodNotAllowed, .payloadTooLarge, .uriTooLong, .headersTooLarge, .requestTimeout, .badRequest,
            .notImplemented, .unavailable, .internal, .forbidden, .conflictingParameters, .invalidParameter,
            .scopeLimit, .misdirectedRequest, .tooManyRequests, .unknownFamily,
        ]
}
