import DynamicType
import ScopedPreferences

/// A request's query string, split on `&` and `=`, percent-decoded and checked against
/// what its route accepts: unknown, repeated and missing parameters are errors.
struct QueryParameters: Sendable {
    /// A parameter's name as the API spells it; each route accepts some.
    struct Name: RawRepresentable, Hashable, Sendable {
        let rawValue: String

        init(rawValue: String) {
            self.rawValue = rawValue
        }

        static let style = Name(rawValue: "style")
        static let category = Name(rawValue: "category")
        static let minimumCategory = Name(rawValue: "minimumCategory")
        static let maximumCategory = Name(rawValue: "maximumCategory")
        static let traits = Name(rawValue: "traits")
        static let family = Name(rawValue: "family")
        static let weight = Name(rawValue: "weight")
        static let legibility = Name(rawValue: ReaderPreference.legibilityWeight.declaration.queryParameter)
        static let textSpacing = Name(rawValue: ReaderPreference.textSpacing.declaration.queryParameter)
        static let readingFont = Name(rawValue: ReaderPreference.readingFont.declaration.queryParameter)
        static let maximumPointSize = Name(rawValue: "maximumPointSize")
        static let value = Name(rawValue: "value")
        static let lastEventID = Name(rawValue: "lastEventId")
        /// The program that opens an event stream, as it names itself (`chromium`, `firefox`).
        static let client = Name(rawValue: "client")
        static let prefix = Name(rawValue: "prefix")
        static let format = Name(rawValue: "format")
        static let unit = Name(rawValue: "unit")
        static let trim = Name(rawValue: "trim")
        static let fallbackFor = Name(rawValue: "fallbackFor")
        static let scope = Name(rawValue: "scope")
        /// A credential in the query, for browsers that cannot send headers (`EventSource`, `<link>`, a page).
        static let accessToken = Name(rawValue: "access_token")

        /// The parameter that names `preference` (docs/DESIGN.md §10 (Reader preferences)): `category`, `legibility`, `textSpacing`.
        init(_ preference: ReaderPreference) {
            self.init(rawValue: preference.declaration.queryParameter)
        }

        /// Every parameter of a reader preference that font answers depend on: what an endpoint that follows the reader takes.
        static let readerPreferences = ReaderPreference.allCases.filter(\.declaration.shapesFonts).map(Name.init)
    }

    private var values: [Name: String] = [:]
    /// The route's path and a request that works, for the message about a missing parameter.
    private var path = "", example = ""

    /// The request meant, when `parameter` is not `route`'s but a route whose path is near takes it
    /// (`/fonts?style=bodyy` → `/font?style=body`, docs/DESIGN.md §8 (Errors)): that path with the
    /// parameter, a style's value spelt as the nearest standard style when one is near.
    static func elsewhere(_ parameter: Name, value: String, near route: Route) -> String? {
        let others = FontService.routes.routes.filter { $0.path != route.path && $0.parameters.contains(parameter) }
        guard let path = NearestNames.suggestion(for: route.path, among: others.map(\.path)) else { return nil }
        let meant = parameter == .style ? NearestNames.suggestion(for: value, among: TextStyle.standard.map(\.rawValue)) ?? value : value
        return meant.isEmpty ? path : "\(path)?\(parameter.rawValue)=\(meant)"
    }

    /// Parses `query` (the target after `?`) for `route`.
    ///
    /// Empty pieces (`a=1&&b=2`) are skipped; a piece without `=` has an empty value.
    init(parsing query: Substring, for route: Route) throws(FontServiceError) {
        path = route.path
        example = route.example
        for piece in query.split(separator: "&") {
            let equals = piece.firstIndex(of: "=")
            let rawName = piece[..<(equals ?? piece.endIndex)]
            let rawValue = equals.map { piece[piece.index(after: $0)...] } ?? ""
            guard let name = Self.percentDecoded(rawName) else {
                throw .malformedPercentEncoding(parameter: nil, text: String(rawName))
            }
            let parameter = Name(rawValue: name)
            guard route.parameters.contains(parameter) else {
                throw .unknownParameter(
                    name, path: route.path, allowed: route.parameters.map(\.rawValue),
                    elsewhere: Self.elsewhere(parameter, value: Self.percentDecoded(rawValue) ?? "", near: route))
            }
            guard values[parameter] == nil else { throw .duplicateParameter(name) }
            guard let value = Self.percentDecoded(rawValue) else {
                // A credential is never repeated in an answer, not even a broken one (docs/DESIGN.md §8 (Errors)).
                throw .malformedPercentEncoding(parameter: name, text: parameter == .accessToken ? nil : String(rawValue))
            }
            values[parameter] = value
        }
        for parameter in route.requiredParameters where values[parameter] == nil {
            throw .missingParameter(parameter.rawValue, path: route.path, example: route.example)
        }
    }

    /// Parameters given directly, already decoded (the service's own requests, when prewarming).
    init(_ values: [Name: String]) {
        self.values = values
    }

    /// The decoded value of `name`, if the query gave it.
    subscript(name: Name) -> String? { values[name] }

    /// The reader's preferences `reader` with those the query names instead (each read as `PUT`
    /// reads it, its refusal the answer).
    func readerPreferences(over reader: PerPreference<String>) throws(FontServiceError) -> PerPreference<String> {
        var values = reader
        for preference in ReaderPreference.allCases {
            if let value = try value(Name(preference), preference.declaration.parse) { values[preference] = value }
        }
        return values
    }

    /// The value of `name` read by `parse` (a model parser, whose refusal is the answer), or nil when not given.
    func value<Value>(_ name: Name, _ parse: (String) throws(DynamicTypeError) -> Value) throws(FontServiceError) -> Value? {
        guard let text = values[name] else { return nil }
        do {
            return try parse(text)
        } catch {
            throw .invalidValue(error)
        }
    }

    /// The scope's bounds `reader` holds narrowed by `minimumCategory=` and `maximumCategory=`
    /// (docs/DESIGN.md §23 (Reader scopes and scoped tokens)); unbounded when there are none.
    func categoryRange(within reader: PerPreference<String>) throws(FontServiceError) -> CategoryRange {
        do {
            return reader.range.narrowed(by: try CategoryRange(parsingMinimum: values[.minimumCategory], maximum: values[.maximumCategory]))
        } catch {
            throw .invalidValue(error)
        }
    }

    /// The value of a parameter the route requires, read by `parse`.
    func required<Value>(_ name: Name, _ parse: (String) throws(DynamicTypeError) -> Value) throws(FontServiceError) -> Value {
        guard let value = try value(name, parse) else { throw .missingParameter(name.rawValue, path: path, example: example) }
        return value
    }

    /// `text` with `+` as a space and `%XX` as the byte XX (RFC 3986 §2.1, HTML form encoding),
    /// or nil when a `%` is not followed by two hex digits or the bytes are not UTF-8.
    static func percentDecoded(_ text: Substring) -> String? {
        let utf8 = text.utf8
        guard utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else { return String(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            index = utf8.index(after: index)
            switch byte {
            case UInt8(ascii: "+"):
                bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard index != utf8.endIndex, let high = hexValue(utf8[index]) else { return nil }
                index = utf8.index(after: index)
                guard index != utf8.endIndex, let low = hexValue(utf8[index]) else { return nil }
                index = utf8.index(after: index)
                bytes.append(high << 4 | low)
            default:
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
