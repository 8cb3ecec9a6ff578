#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension StyleTable {
    /// Reads and validates a table file; any problem is refused whole, naming the file and the path.
    public static func load(from url: URL) throws(StyleTableError) -> StyleTable {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            var isDirectory = false
            let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
            throw .unreadable(file: url.path, reason: !exists ? "no such file" : isDirectory ? "it is a directory" : "permission denied")
        }
        return try StyleTable(json: data, source: url.path)
    }

    /// Validates a table given as JSON (the file format of docs/DESIGN.md §4, also the body of `GET /styles`);
    /// `source` names it in errors.
    public init(json: some Collection<UInt8>, source: String) throws(StyleTableError) {
        let document: JSONDocument
        do {
            document = try JSONDocument(parsing: json)
        } catch {
            throw .invalid(file: source, path: "", reason: "not valid JSON (\(error))")
        }
        do {
            self = try StyleTableReader.table(from: document)
        } catch {
            throw .invalid(file: source, path: error.path.description, reason: error.reason)
        }
    }
}

/// A value in a style table that is the wrong shape or out of range.
struct StyleTableProblem: Error {
    let path: JSONPath
    let reason: String
}

/// A position in a JSON document, written as `styles[5].sizes.ax5.size`.
struct JSONPath: CustomStringConvertible {
    private(set) var description = ""

    func member(_ key: String) -> JSONPath {
        JSONPath(description: description.isEmpty ? key : description + "." + key)
    }

    func element(_ index: Int) -> JSONPath {
        JSONPath(description: description + "[\(index)]")
    }
}

/// Turns a parsed document into a `StyleTable`, checking every rule of the format (docs/DESIGN.md §4).
enum StyleTableReader {
    static func table(from document: JSONDocument) throws(StyleTableProblem) -> StyleTable {
        let root = JSONPath()
        let members = try object(document, at: root, allowed: ["name", "styles"])
        let name = try string(required(members, "name", in: root), at: root.member("name"))
        let stylesPath = root.member("styles")
        guard case .array(let elements) = try required(members, "styles", in: root) else {
            throw StyleTableProblem(path: stylesPath, reason: "expected an array")
        }
        guard !elements.isEmpty else { throw StyleTableProblem(path: stylesPath, reason: "must define at least one style") }

        var styles: [TextStyleDefinition] = []
        var firstIndex: [String: Int] = [:]
        for (index, element) in elements.enumerated() {
            let definition = try style(from: element, at: stylesPath.element(index))
            let key = definition.style.rawValue.lowercased()
            if let earlier = firstIndex[key] {
                throw StyleTableProblem(
                    path: stylesPath.element(index).member("name"),
                    reason: "duplicate style name '\(definition.style)' (also styles[\(earlier)])")
            }
            firstIndex[key] = index
            styles.append(definition)
        }
        return StyleTable(name: name, styles: styles)
    }

    private static func style(from document: JSONDocument, at path: JSONPath) throws(StyleTableProblem) -> TextStyleDefinition {
        let members = try object(
            document, at: path, allowed: ["name", "family", "weight", "emphasizedWeight", "opticalSizing", "sizes"])
        let name = try string(required(members, "name", in: path), at: path.member("name"))
        guard !name.isEmpty else { throw StyleTableProblem(path: path.member("name"), reason: "must not be empty") }

        let familyPath = path.member("family")
        guard case .array(let familyElements) = try required(members, "family", in: path) else {
            throw StyleTableProblem(path: familyPath, reason: "expected an array")
        }
        var families: [String] = []
        for (index, element) in familyElements.enumerated() {
            families.append(try string(element, at: familyPath.element(index)))
        }
        if families.isEmpty || families.contains(where: \.isEmpty) {
            throw StyleTableProblem(path: familyPath, reason: "must be a non-empty list of family names")
        }

        let weightRule = "must be a weight from 1 to 1000"
        let isWeight: (Double) -> Bool = { FontWeight.range.contains($0) }
        let weight = try number(required(members, "weight", in: path), at: path.member("weight"), weightRule, isWeight)
        let emphasized = try number(
            required(members, "emphasizedWeight", in: path), at: path.member("emphasizedWeight"), weightRule, isWeight)
        let opticalSizing = try members["opticalSizing"].map { value throws(StyleTableProblem) in
            guard case .bool(let flag) = value else {
                throw StyleTableProblem(path: path.member("opticalSizing"), reason: "expected true or false, found \(value.kind)")
            }
            return flag
        }

        return TextStyleDefinition(
            style: TextStyle(name), families: families, weight: FontWeight(weight), emphasizedWeight: FontWeight(emphasized),
            sizes: try sizes(from: required(members, "sizes", in: path), at: path.member("sizes")),
            opticalSizing: opticalSizing ?? true)
    }

    private static func sizes(from document: JSONDocument, at path: JSONPath) throws(StyleTableProblem) -> CategoryTable<TextStyleSize> {
        guard case .object(let members) = document else {
            throw StyleTableProblem(path: path, reason: "expected an object, found \(document.kind)")
        }
        var sizes: [ContentSizeCategory: TextStyleSize] = [:]
        var keys: [ContentSizeCategory: String] = [:]
        for member in members {
            let cellPath = path.member(member.key)
            guard let category = ContentSizeCategory(name: member.key) else {
                throw StyleTableProblem(
                    path: cellPath,
                    reason: "unknown content-size category; use: \(ContentSizeCategory.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            if let earlier = keys[category] {
                throw StyleTableProblem(
                    path: path, reason: "names category '\(category.rawValue)' twice ('\(earlier)' and '\(member.key)')")
            }
            keys[category] = member.key
            sizes[category] = try cell(from: member.value, at: cellPath)
        }
        guard let table = CategoryTable(sizes) else {
            let missing = ContentSizeCategory.allCases.filter { sizes[$0] == nil }
            throw StyleTableProblem(path: path, reason: "missing categories: \(missing.map(\.rawValue).joined(separator: ", "))")
        }
        return table
    }

    private static func cell(from document: JSONDocument, at path: JSONPath) throws(StyleTableProblem) -> TextStyleSize {
        let members = try object(document, at: path, allowed: ["size", "lineHeight", "tracking", "variations"])
        let positive = "must be a positive number"
        let size = try number(required(members, "size", in: path), at: path.member("size"), positive) { $0 > 0 }
        let lineHeight = try number(required(members, "lineHeight", in: path), at: path.member("lineHeight"), positive) { $0 > 0 }
        let tracking = try members["tracking"].map { value throws(StyleTableProblem) in
            try number(value, at: path.member("tracking"), "must be a finite number") { _ in true }
        }
        let variations = try members["variations"].map { value throws(StyleTableProblem) in
            try self.variations(from: value, at: path.member("variations"))
        }
        return TextStyleSize(size: size, lineHeight: lineHeight, tracking: tracking ?? 0, variations: variations ?? [:])
    }

    /// Explicit axis values: OpenType tags to finite numbers, never an axis fontd derives itself.
    private static func variations(from document: JSONDocument, at path: JSONPath) throws(StyleTableProblem) -> [String: Double] {
        guard case .object(let members) = document else {
            throw StyleTableProblem(path: path, reason: "expected an object of axis tags to numbers, found \(document.kind)")
        }
        var variations: [String: Double] = [:]
        for member in members {
            let axisPath = path.member(member.key)
            guard VariationAxis.isValidTag(member.key) else {
                throw StyleTableProblem(
                    path: axisPath, reason: "not an OpenType axis tag; a tag is four characters from space to '~', such as GRAD")
            }
            guard !VariationAxis.derivedTags.contains(member.key) else {
                throw StyleTableProblem(
                    path: axisPath,
                    reason: "fontd sets \(VariationAxis.derivedTags.joined(separator: ", ")) itself from the weight, width, "
                        + "point size and traits; give the style's weight instead, or opticalSizing: false")
            }
            guard variations.updateValue(
                try number(member.value, at: axisPath, "must be a finite number") { _ in true }, forKey: member.key) == nil
            else {
                throw StyleTableProblem(path: axisPath, reason: "appears twice in one object")
            }
        }
        return variations
    }

    // MARK: Shapes

    /// The members of an object, refusing other JSON types, unknown members and repeated members.
    private static func object(_ document: JSONDocument, at path: JSONPath, allowed: [String]) throws(StyleTableProblem) -> [String: JSONDocument] {
        guard case .object(let members) = document else {
            throw StyleTableProblem(path: path, reason: "expected an object, found \(document.kind)")
        }
        var byKey: [String: JSONDocument] = [:]
        for member in members {
            guard allowed.contains(member.key) else {
                throw StyleTableProblem(path: path.member(member.key), reason: "unknown field; allowed: \(allowed.joined(separator: ", "))")
            }
            guard byKey.updateValue(member.value, forKey: member.key) == nil else {
                throw StyleTableProblem(path: path.member(member.key), reason: "appears twice in one object")
            }
        }
        return byKey
    }

    private static func required(_ members: [String: JSONDocument], _ key: String, in path: JSONPath) throws(StyleTableProblem) -> JSONDocument {
        guard let value = members[key] else { throw StyleTableProblem(path: path.member(key), reason: "required field is missing") }
        return value
    }

    private static func string(_ document: JSONDocument, at path: JSONPath) throws(StyleTableProblem) -> String {
        guard case .string(let text) = document else {
            throw StyleTableProblem(path: path, reason: "expected a string, found \(document.kind)")
        }
        return text
    }

    private static func number(
        _ document: JSONDocument, at path: JSONPath, _ rule: String, _ isValid: (Double) -> Bool
    ) throws(StyleTableProblem) -> Double {
        guard case .number(let value) = document else {
            throw StyleTableProblem(path: path, reason: "expected a number, found \(document.kind)")
        }
        guard isValid(value) else { throw StyleTableProblem(path: path, reason: "\(rule), got \(value)") }
        return value
    }
}
