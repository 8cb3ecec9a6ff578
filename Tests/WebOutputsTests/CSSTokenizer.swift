/// A tokenizer written from CSS Syntax Level 3 §4 (Tokenization), independent of the code under
/// test, so the tests read fontd's stylesheets the way a browser does. Section numbers refer to
/// https://www.w3.org/TR/css-syntax-3/.
struct CSSTokenizer {
    private var input: [Unicode.Scalar]
    private var position = 0

    /// The tokens of `text`, comments included, up to the end of the input.
    static func tokens(of text: String) -> [CSSToken] {
        var tokenizer = CSSTokenizer(text)
        var tokens: [CSSToken] = []
        while let token = tokenizer.consumeToken() { tokens.append(token) }
        return tokens
    }

    private init(_ text: String) {
        // §3.3 Preprocessing: CR LF, CR and FF become LF; NUL becomes U+FFFD.
        var scalars: [Unicode.Scalar] = []
        var iterator = text.unicodeScalars.makeIterator()
        var pending = iterator.next()
        while let scalar = pending {
            pending = iterator.next()
            switch scalar {
            case "\r":
                scalars.append("\n")
                if pending == "\n" { pending = iterator.next() }
            case "\u{0C}": scalars.append("\n")
            case "\u{00}": scalars.append("\u{FFFD}")
            default: scalars.append(scalar)
            }
        }
        input = scalars
    }

    // MARK: Code points (§4.2 Definitions)

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        position + offset < input.count ? input[position + offset] : nil
    }

    private mutating func next() -> Unicode.Scalar? {
        defer { position += 1 }
        return peek()
    }

    private static func isDigit(_ scalar: Unicode.Scalar?) -> Bool { scalar.map { ("0"..."9").contains($0) } ?? false }

    private static func isHexDigit(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return false }
        return isDigit(scalar) || ("a"..."f").contains(scalar) || ("A"..."F").contains(scalar)
    }

    private static func isWhitespace(_ scalar: Unicode.Scalar?) -> Bool { scalar == "\n" || scalar == "\t" || scalar == " " }

    private static func isIdentStart(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return false }
        return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar.value >= 0x80 || scalar == "_"
    }

    private static func isIdent(_ scalar: Unicode.Scalar?) -> Bool { isIdentStart(scalar) || isDigit(scalar) || scalar == "-" }

    private static func isNonPrintable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value <= 0x08 || scalar.value == 0x0B || (0x0E...0x1F).contains(scalar.value) || scalar.value == 0x7F
    }

    /// §4.3.8 Check if two code points are a valid escape.
    private static func isValidEscape(_ first: Unicode.Scalar?, _ second: Unicode.Scalar?) -> Bool {
        first == "\\" && second != "\n"
    }

    /// §4.3.9 Check if three code points would start an ident sequence.
    private static func startsIdent(_ first: Unicode.Scalar?, _ second: Unicode.Scalar?, _ third: Unicode.Scalar?) -> Bool {
        switch first {
        case "-": isIdentStart(second) || second == "-" || isValidEscape(second, third)
        case "\\": isValidEscape(first, second)
        default: isIdentStart(first)
        }
    }

    /// §4.3.10 Check if three code points would start a number.
    private static func startsNumber(_ first: Unicode.Scalar?, _ second: Unicode.Scalar?, _ third: Unicode.Scalar?) -> Bool {
        switch first {
        case "+", "-": isDigit(second) || (second == "." && isDigit(third))
        case ".": isDigit(second)
        default: isDigit(first)
        }
    }

    // MARK: Tokens (§4.3)

    /// §4.3.1 Consume a token (comments, §4.3.2, come back as tokens).
    private mutating func consumeToken() -> CSSToken? {
        if peek() == "/" && peek(1) == "*" { return consumeComment() }
        guard let scalar = next() else { return nil }
        switch scalar {
        case _ where Self.isWhitespace(scalar):
            while Self.isWhitespace(peek()) { position += 1 }
            return .whitespace
        case "\"", "'":
            return consumeString(endingWith: scalar)
        case "#":
            if Self.isIdent(peek()) || Self.isValidEscape(peek(), peek(1)) {
                let isIdentifier = Self.startsIdent(peek(), peek(1), peek(2))
                return .hash(consumeIdentSequence(), isIdentifier: isIdentifier)
            }
            return .delim(scalar)
        case "(": return .openParenthesis
        case ")": return .closeParenthesis
        case ",": return .comma
        case ":": return .colon
        case ";": return .semicolon
        case "[": return .openSquare
        case "]": return .closeSquare
        case "{": return .openCurly
        case "}": return .closeCurly
        case "+", ".":
            if Self.startsNumber(scalar, peek(), peek(1)) {
                position -= 1
                return consumeNumeric()
            }
            return .delim(scalar)
        case "-":
            if Self.startsNumber(scalar, peek(), peek(1)) {
                position -= 1
                return consumeNumeric()
            }
            if peek() == "-" && peek(1) == ">" {
                position += 2
                return .cdc
            }
            if Self.startsIdent(scalar, peek(), peek(1)) {
                position -= 1
                return consumeIdentLike()
            }
            return .delim(scalar)
        case "<":
            if peek() == "!" && peek(1) == "-" && peek(2) == "-" {
                position += 3
                return .cdo
            }
            return .delim(scalar)
        case "@":
            if Self.startsIdent(peek(), peek(1), peek(2)) { return .atKeyword(consumeIdentSequence()) }
            return .delim(scalar)
        case "\\":
            if Self.isValidEscape(scalar, peek()) {
                position -= 1
                return consumeIdentLike()
            }
            return .delim(scalar)
        case _ where Self.isDigit(scalar):
            position -= 1
            return consumeNumeric()
        case _ where Self.isIdentStart(scalar):
            position -= 1
            return consumeIdentLike()
        default:
            return .delim(scalar)
        }
    }

    /// §4.3.2 Consume comments: up to the first `*/`, or the end of the input.
    private mutating func consumeComment() -> CSSToken {
        position += 2
        var text = String.UnicodeScalarView()
        while let scalar = next() {
            if scalar == "*" && peek() == "/" {
                position += 1
                return .comment(String(text))
            }
            text.append(scalar)
        }
        return .comment(String(text))
    }

    /// §4.3.3 Consume a numeric token.
    private mutating func consumeNumeric() -> CSSToken {
        let (value, representation) = consumeNumber()
        if Self.startsIdent(peek(), peek(1), peek(2)) {
            return .dimension(value, representation: representation, unit: consumeIdentSequence())
        }
        if peek() == "%" {
            position += 1
            return .percentage(value, representation: representation)
        }
        return .number(value, representation: representation)
    }

    /// §4.3.4 Consume an ident-like token, with `url(` as §4.3.6 says.
    private mutating func consumeIdentLike() -> CSSToken {
        let name = consumeIdentSequence()
        if name.lowercased() == "url" && peek() == "(" {
            position += 1
            while Self.isWhitespace(peek()) && Self.isWhitespace(peek(1)) { position += 1 }
            let quote: (Unicode.Scalar?) -> Bool = { $0 == "\"" || $0 == "'" }
            if quote(peek()) || (Self.isWhitespace(peek()) && quote(peek(1))) { return .function(name) }
            return consumeURL()
        }
        if peek() == "(" {
            position += 1
            return .function(name)
        }
        return .ident(name)
    }

    /// §4.3.5 Consume a string token.
    private mutating func consumeString(endingWith ending: Unicode.Scalar) -> CSSToken {
        var value = String.UnicodeScalarView()
        while true {
            guard let scalar = next() else { return .string(String(value)) }
            switch scalar {
            case ending:
                return .string(String(value))
            case "\n":
                position -= 1
                return .badString
            case "\\":
                if peek() == nil { continue }
                if peek() == "\n" {
                    position += 1
                    continue
                }
                value.append(consumeEscape())
            default:
                value.append(scalar)
            }
        }
    }

    /// §4.3.6 Consume a url token (the unquoted form).
    private mutating func consumeURL() -> CSSToken {
        var value = String.UnicodeScalarView()
        while Self.isWhitespace(peek()) { position += 1 }
        while true {
            guard let scalar = next() else { return .url(String(value)) }
            switch scalar {
            case ")":
                return .url(String(value))
            case _ where Self.isWhitespace(scalar):
                while Self.isWhitespace(peek()) { position += 1 }
                if peek() == ")" || peek() == nil {
                    if peek() != nil { position += 1 }
                    return .url(String(value))
                }
                consumeBadURLRemnants()
                return .badURL
            case "\"", "'", "(":
                consumeBadURLRemnants()
                return .badURL
            case _ where Self.isNonPrintable(scalar):
                consumeBadURLRemnants()
                return .badURL
            case "\\":
                if Self.isValidEscape(scalar, peek()) {
                    value.append(consumeEscape())
                } else {
                    consumeBadURLRemnants()
                    return .badURL
                }
            default:
                value.append(scalar)
            }
        }
    }

    /// §4.3.7 Consume an escaped code point (the backslash already consumed).
    private mutating func consumeEscape() -> Unicode.Scalar {
        guard let scalar = next() else { return "\u{FFFD}" }
        guard Self.isHexDigit(scalar) else { return scalar }
        var hex = String(scalar)
        while hex.count < 6, Self.isHexDigit(peek()), let digit = next() { hex.unicodeScalars.append(digit) }
        if Self.isWhitespace(peek()) { position += 1 }
        guard let value = UInt32(hex, radix: 16), value != 0, let decoded = Unicode.Scalar(value) else { return "\u{FFFD}" }
        return decoded
    }

    /// §4.3.11 Consume an ident sequence.
    private mutating func consumeIdentSequence() -> String {
        var result = String.UnicodeScalarView()
        while let scalar = peek() {
            if Self.isIdent(scalar) {
                result.append(scalar)
                position += 1
            } else if Self.isValidEscape(scalar, peek(1)) {
                position += 1
                result.append(consumeEscape())
            } else {
                break
            }
        }
        return String(result)
    }

    /// §4.3.12 Consume a number: its value and its source text.
    private mutating func consumeNumber() -> (Double, String) {
        var text = String.UnicodeScalarView()
        func take(_ tokenizer: inout CSSTokenizer) { if let scalar = tokenizer.next() { text.append(scalar) } }
        if peek() == "+" || peek() == "-" { take(&self) }
        while Self.isDigit(peek()) { take(&self) }
        if peek() == ".", Self.isDigit(peek(1)) {
            take(&self)
            while Self.isDigit(peek()) { take(&self) }
        }
        if peek() == "e" || peek() == "E",
            Self.isDigit(peek(1)) || ((peek(1) == "+" || peek(1) == "-") && Self.isDigit(peek(2)))
        {
            take(&self)
            if !Self.isDigit(peek()) { take(&self) }
            while Self.isDigit(peek()) { take(&self) }
        }
        let representation = String(text)
        // §4.3.13 converts the parts by hand; Swift's parser gives the same nearest double.
        return (Double(representation) ?? .nan, representation)
    }

    /// §4.3.14 Consume the remnants of a bad url.
    private mutating func consumeBadURLRemnants() {
        while let scalar = next() {
            if scalar == ")" { return }
            if Self.isValidEscape(scalar, peek()) { _ = consumeEscape() }
        }
    }
}
