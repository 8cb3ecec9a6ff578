/// The families a web page asks for, most preferred first: the resolved face's family, then
/// the style's own fontconfig families as fallbacks, each named once.
///
/// Shared by the stylesheet (`font-family`, quoted) and the design tokens (`fontFamily`, plain).
public struct FontFamilyList: Hashable, Sendable {
    /// One entry of the list.
    public enum Member: Hashable, Sendable {
        /// A CSS generic family keyword (`sans-serif`), written unquoted.
        case generic(String)
        /// A family name, written as a CSS string.
        case named(String)

        /// The name as a design token or a person writes it.
        public var name: String {
            switch self {
            case .generic(let keyword): keyword
            case .named(let name): name
            }
        }

        /// The entry as a CSS `font-family` member.
        public var css: String {
            switch self {
            case .generic(let keyword): keyword
            case .named(let name): CSSEscaping.string(name)
            }
        }
    }

    /// The families, most preferred first.
    public let members: [Member]

    /// The CSS generic family keywords (CSS Fonts 4 §4.1.1), and fontconfig's spellings of
    /// three of them (`sans`, `mono`, `sans serif`), keyed by their lowercased spelling.
    static let genericKeywords: [String: String] = {
        let css = [
            "serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "ui-serif", "ui-sans-serif",
            "ui-monospace", "ui-rounded", "math", "emoji", "fangsong",
        ]
        var keywords = Dictionary(uniqueKeysWithValues: css.map { ($0, $0) })
        keywords["sans"] = "sans-serif"
        keywords["sans serif"] = "sans-serif"
        keywords["mono"] = "monospace"
        return keywords
    }()

    /// The list for a face of `resolvedFamily` found for a style whose table lists `fallbacks`.
    ///
    /// The resolved family is always a name (a real face's family, quoted even if it reads
    /// like a keyword); a fallback that is a generic family, in any case, becomes its CSS
    /// keyword. Later repeats are dropped, names compared without case as fontconfig and
    /// browsers match them.
    public init(resolvedFamily: String, fallbacks: [String]) {
        var seen: Set<Member> = []
        var members: [Member] = []
        let candidates =
            [Member.named(resolvedFamily)]
            + fallbacks.map { family in
                Self.genericKeywords[family.lowercased()].map(Member.generic) ?? .named(family)
            }
        for member in candidates {
            let key: Member =
                switch member {
                case .generic: member
                case .named(let name): .named(name.lowercased())
                }
            if seen.insert(key).inserted { members.append(member) }
        }
        self.members = members
    }

    /// The list as a CSS `font-family` value: `"DejaVu Sans", sans-serif`.
    public var css: String { members.map(\.css).joined(separator: ", ") }

    /// The names, unquoted, as a DTCG `fontFamily` array.
    public var names: [String] { members.map(\.name) }
}
