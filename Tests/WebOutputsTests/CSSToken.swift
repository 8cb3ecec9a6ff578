/// A token of CSS Syntax Level 3 §4, as `CSSTokenizer` reads it; values are decoded (escapes
/// resolved), so a test compares what a browser would see.
enum CSSToken: Hashable, CustomStringConvertible {
    case ident(String)
    case function(String)
    case atKeyword(String)
    case hash(String, isIdentifier: Bool)
    case string(String)
    case badString
    case url(String)
    case badURL
    case delim(Unicode.Scalar)
    /// `representation` is the source text, so a number can be compared exactly.
    case number(Double, representation: String)
    case percentage(Double, representation: String)
    case dimension(Double, representation: String, unit: String)
    case whitespace
    case cdo, cdc
    case colon, semicolon, comma
    case openSquare, closeSquare, openParenthesis, closeParenthesis, openCurly, closeCurly
    /// §4.3.2 consumes comments without producing a token; kept here so tests can see them.
    case comment(String)

    var description: String {
        switch self {
        case .ident(let name): "ident(\(name))"
        case .function(let name): "function(\(name))"
        case .atKeyword(let name): "at-keyword(\(name))"
        case .hash(let name, _): "hash(\(name))"
        case .string(let value): "string(\(value.debugDescription))"
        case .badString: "bad-string"
        case .url(let value): "url(\(value))"
        case .badURL: "bad-url"
        case .delim(let scalar): "delim(\(scalar))"
        case .number(_, let text): "number(\(text))"
        case .percentage(_, let text): "percentage(\(text))"
        case .dimension(_, let text, let unit): "dimension(\(text)\(unit))"
        case .whitespace: "whitespace"
        case .cdo: "<!--"
        case .cdc: "-->"
        case .colon: ":"
        case .semicolon: ";"
        case .comma: ","
        case .openSquare: "["
        case .closeSquare: "]"
        case .openParenthesis: "("
        case .closeParenthesis: ")"
        case .openCurly: "{"
        case .closeCurly: "}"
        case .comment(let text): "comment(\(text.debugDescription))"
        }
    }
}
