import DynamicType

/// Checks a design tokens document against the Design Tokens Format Module 2025.10, for the
/// parts fontd writes: groups (DTCG §6), token names (§5.1.1), token properties (§5.2) and
/// typography values (§9.8 with §8.2 dimension, §8.3 font family, §8.4 font weight, §8.7 number).
/// Written from the module, not from `DesignTokens`, so it can disagree with it.
enum DTCGValidator {
    /// A token found in the document: its path of group and token names, and its members.
    struct Token {
        var path: [String]
        var members: [JSONDocument.Member]

        func member(_ key: String) -> JSONDocument? { members.first { $0.key == key }?.value }
    }

    /// §8.4's pre-defined weight names.
    static let weightKeywords: Set<String> = [
        "thin", "hairline", "extra-light", "ultra-light", "light", "normal", "regular", "book", "medium", "semi-bold",
        "demi-bold", "bold", "extra-bold", "ultra-bold", "black", "heavy", "extra-black", "ultra-black",
    ]

    static let typographyKeys = ["fontFamily", "fontSize", "fontWeight", "letterSpacing", "lineHeight"]

    /// Every problem, each with the path where it is; empty when the document conforms.
    static func problems(in document: JSONDocument) -> [String] {
        var problems: [String] = []
        guard case .object(let members) = document else { return ["the document is \(document.kind), not an object"] }
        checkGroup(members, path: [], problems: &problems)
        return problems
    }

    /// The tokens of a document, in document order.
    static func tokens(in document: JSONDocument) -> [Token] {
        var found: [Token] = []
        func walk(_ members: [JSONDocument.Member], _ path: [String]) {
            for member in members where !member.key.hasPrefix("$") {
                guard case .object(let children) = member.value else { continue }
                if children.contains(where: { $0.key == "$value" }) {
                    found.append(Token(path: path + [member.key], members: children))
                } else {
                    walk(children, path + [member.key])
                }
            }
        }
        if case .object(let members) = document { walk(members, []) }
        return found
    }

    private static func checkGroup(_ members: [JSONDocument.Member], path: [String], problems: inout [String]) {
        let place = path.isEmpty ? "the root" : path.joined(separator: "/")
        for member in members {
            if member.key.hasPrefix("$") {
                // §6.3: what a group may carry besides its children.
                switch (member.key, member.value) {
                case ("$description", .string), ("$extensions", .object), ("$type", .string), ("$deprecated", .bool),
                    ("$deprecated", .string), ("$extends", .string):
                    continue
                default:
                    problems.append("\(place): '\(member.key)' is not a group property of this kind (\(member.value.kind))")
                    continue
                }
            }
            checkName(member.key, at: place, problems: &problems)
            guard case .object(let children) = member.value else {
                problems.append("\(place)/\(member.key): \(member.value.kind) is neither a token nor a group")
                continue
            }
            if children.contains(where: { $0.key == "$value" }) {
                checkToken(Token(path: path + [member.key], members: children), problems: &problems)
            } else {
                checkGroup(children, path: path + [member.key], problems: &problems)
            }
        }
    }

    /// §5.1.1: no `$` first, no `{`, `}` or `.` anywhere.
    private static func checkName(_ name: String, at place: String, problems: inout [String]) {
        if name.hasPrefix("$") || name.contains(where: { "{}.".contains($0) }) {
            problems.append("\(place): the name '\(name)' breaks §5.1.1")
        }
    }

    private static func checkToken(_ token: Token, problems: inout [String]) {
        let place = token.path.joined(separator: "/")
        let allowed: Set<String> = ["$value", "$type", "$description", "$extensions", "$deprecated"]
        for member in token.members where !allowed.contains(member.key) {
            problems.append("\(place): '\(member.key)' is not a token property")
        }
        guard token.member("$type") == .string("typography") else {
            return problems.append("\(place): $type is not \"typography\"")
        }
        switch token.member("$extensions") {
        case nil, .object?: break
        default: problems.append("\(place): $extensions is not an object")
        }
        guard case .object(let value)? = token.member("$value") else {
            return problems.append("\(place): $value is not an object")
        }
        let keys = value.map(\.key)
        if keys.sorted() != typographyKeys.sorted() || Set(keys).count != keys.count {
            problems.append("\(place): $value has \(keys), not exactly \(typographyKeys)")
        }
        for member in value {
            let at = "\(place)/$value/\(member.key)"
            switch member.key {
            case "fontFamily": checkFontFamily(member.value, at: at, problems: &problems)
            case "fontSize", "letterSpacing": checkDimension(member.value, at: at, problems: &problems)
            case "fontWeight": checkFontWeight(member.value, at: at, problems: &problems)
            case "lineHeight":
                if case .number = member.value {} else { problems.append("\(at): \(member.value.kind), not a number") }
            default: break
            }
        }
    }

    /// §8.3: a name, or a non-empty array of names.
    private static func checkFontFamily(_ value: JSONDocument, at place: String, problems: inout [String]) {
        switch value {
        case .string: break
        case .array(let names) where !names.isEmpty && names.allSatisfy({ if case .string = $0 { true } else { false } }): break
        default: problems.append("\(place): not a font name nor a non-empty array of names")
        }
    }

    /// §8.2: exactly a numeric `value` and a `unit` of `px` or `rem`.
    private static func checkDimension(_ value: JSONDocument, at place: String, problems: inout [String]) {
        guard case .object(let members) = value, members.map(\.key).sorted() == ["unit", "value"] else {
            return problems.append("\(place): not a {value, unit} object")
        }
        if case .number = members.first(where: { $0.key == "value" })?.value {
        } else {
            problems.append("\(place): value is not a number")
        }
        let unit = members.first { $0.key == "unit" }?.value
        if unit != .string("px") && unit != .string("rem") { problems.append("\(place): unit is not px or rem") }
    }

    /// §8.4: a number from 1 to 1000, or one of the weight names.
    private static func checkFontWeight(_ value: JSONDocument, at place: String, problems: inout [String]) {
        switch value {
        case .number(let weight) where (1...1000).contains(weight): break
        case .string(let name) where weightKeywords.contains(name): break
        default: problems.append("\(place): not a weight from 1 to 1000 nor a weight name")
        }
    }
}
