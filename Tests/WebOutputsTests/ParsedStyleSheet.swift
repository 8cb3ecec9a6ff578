/// A stylesheet read into its rules and their declarations from `CSSTokenizer`'s tokens: a
/// small subset of CSS Syntax Level 3 §5 (consume a list of rules, a qualified rule, a list of
/// declarations), enough to read what fontd writes and to notice what it must never write.
struct ParsedStyleSheet {
    /// `name: value` inside a rule's block; `value` without the white space around it.
    struct Declaration: Equatable {
        var name: String
        var value: [CSSToken]
    }

    /// A rule: its prelude (an at-keyword's or a selector's tokens, trimmed, comments dropped) and its declarations.
    struct Rule {
        var prelude: [CSSToken]
        var declarations: [Declaration]

        /// The value of the declaration called `name`, if there is exactly one.
        func value(of name: String) -> [CSSToken]? {
            let matches = declarations.filter { $0.name == name }
            return matches.count == 1 ? matches[0].value : nil
        }
    }

    /// What the reader could not fit into rules and declarations; fontd's output must have none.
    struct Malformed: Error, CustomStringConvertible {
        var reason: String
        var description: String { "malformed stylesheet: \(reason)" }
    }

    var tokens: [CSSToken]
    /// Comments between rules, in order.
    var comments: [String]
    var rules: [Rule]

    init(_ text: String) throws {
        tokens = CSSTokenizer.tokens(of: text)
        comments = []
        rules = []
        var index = 0
        while index < tokens.count {
            switch tokens[index] {
            case .whitespace:
                index += 1
            case .comment(let text):
                comments.append(text)
                index += 1
            default:
                var prelude: [CSSToken] = []
                while index < tokens.count, tokens[index] != .openCurly {
                    if tokens[index] == .semicolon || tokens[index] == .closeCurly {
                        throw Malformed(reason: "a rule's prelude ends with \(tokens[index]) before its block")
                    }
                    if case .comment = tokens[index] {} else { prelude.append(tokens[index]) }
                    index += 1
                }
                guard index < tokens.count else { throw Malformed(reason: "a rule without a block at the end") }
                index += 1
                let declarations = try Self.declarations(in: tokens, from: &index)
                rules.append(Rule(prelude: Self.trimmed(prelude), declarations: declarations))
            }
        }
    }

    /// The declarations of a block, up to and past its `}`.
    private static func declarations(in tokens: [CSSToken], from index: inout Int) throws -> [Declaration] {
        var declarations: [Declaration] = []
        while index < tokens.count {
            switch tokens[index] {
            case .whitespace, .semicolon, .comment:
                index += 1
            case .closeCurly:
                index += 1
                return declarations
            case .ident(let name):
                index += 1
                while index < tokens.count, tokens[index] == .whitespace { index += 1 }
                guard index < tokens.count, tokens[index] == .colon else {
                    throw Malformed(reason: "declaration '\(name)' has no colon")
                }
                index += 1
                var value: [CSSToken] = []
                var depth = 0
                while index < tokens.count {
                    let token = tokens[index]
                    if depth == 0 && (token == .semicolon || token == .closeCurly) { break }
                    switch token {
                    case .openCurly, .openSquare, .openParenthesis, .function: depth += 1
                    case .closeCurly, .closeSquare, .closeParenthesis: depth -= 1
                    default: break
                    }
                    value.append(token)
                    index += 1
                }
                declarations.append(Declaration(name: name, value: trimmed(value)))
            default:
                throw Malformed(reason: "\(tokens[index]) where a declaration should start")
            }
        }
        throw Malformed(reason: "a block is not closed")
    }

    private static func trimmed(_ tokens: [CSSToken]) -> [CSSToken] {
        Array(tokens.drop { $0 == .whitespace }.reversed().drop { $0 == .whitespace }.reversed())
    }

    /// The rules whose prelude is exactly `prelude`.
    func rules(withPrelude prelude: [CSSToken]) -> [Rule] {
        rules.filter { $0.prelude == prelude }
    }

    /// The `@font-face` rules.
    var fontFaceRules: [Rule] { rules.filter { $0.prelude == [.atKeyword("font-face")] } }

    /// The plain `:root` rule's prelude.
    static let rootPrelude: [CSSToken] = [.colon, .ident("root")]
}
