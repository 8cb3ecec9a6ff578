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

    /// Validates a table given as JSON; `source` names it in errors.
    public init(json: Data, source: String) throws(StyleTableError) {
        do {
            self = try JSONDecoder().decode(StyleTable.self, from: json)
        } catch let problem as StyleTableProblem {
            throw .invalid(file: source, path: Self.describe(problem.path), reason: problem.reason)
        } catch let error as DecodingError {
            let (path, reason) = Self.explain(error)
            throw .invalid(file: source, path: Self.describe(path), reason: reason)
        } catch {
            throw .invalid(file: source, path: "", reason: "\(error)")
        }
    }

    private static func explain(_ error: DecodingError) -> (path: [any CodingKey], reason: String) {
        switch error {
        case .typeMismatch(let type, let context):
            return (context.codingPath, "expected \(jsonName(of: type))")
        case .valueNotFound(let type, let context):
            return (context.codingPath, "expected \(jsonName(of: type)), found null")
        case .keyNotFound(let key, let context):
            return (context.codingPath + [key], "required field is missing")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return ([], "not valid JSON (\(context.debugDescription))") }
            return (context.codingPath, context.debugDescription)
        @unknown default:
            return ([], "\(error)")
        }
    }

    private static func jsonName(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Double.Type, is Int.Type: "a number"
        case is Bool.Type: "true or false"
        case is [Any].Type, is [String].Type, is [TextStyleDefinition].Type: "an array"
        default: "an object"
        }
    }

    /// `styles[5].sizes.ax5.size`
    static func describe(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text
    }
}

/// A value in a style table that is the wrong shape or out of range, found while decoding.
struct StyleTableProblem: Error {
    let path: [any CodingKey]
    let reason: String
}

/// A coding key for object members whose names are data (categories) and for array indices.
struct AnyCodingKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(_ string: String) { stringValue = string; intValue = nil }
    init(index: Int) { stringValue = "\(index)"; intValue = index }
    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) { self.init(index: intValue) }
}

extension Decoder {
    /// Refuses an object member that the format does not define; the table format is strict.
    func refuseUnknownFields(allowed: [String]) throws {
        let container = try self.container(keyedBy: AnyCodingKey.self)
        let unknown = container.allKeys.filter { !allowed.contains($0.stringValue) }.sorted { $0.stringValue < $1.stringValue }
        if let first = unknown.first {
            throw StyleTableProblem(path: codingPath + [first], reason: "unknown field; allowed: \(allowed.joined(separator: ", "))")
        }
    }
}

extension KeyedDecodingContainer {
    /// Decodes a JSON number and checks it with `isValid`, naming the rule in the error.
    func decodeNumber(forKey key: Key, _ rule: String, _ isValid: (Double) -> Bool) throws -> Double {
        let value = try decode(Double.self, forKey: key)
        guard value.isFinite, isValid(value) else {
            throw StyleTableProblem(path: codingPath + [key], reason: "\(rule), got \(value)")
        }
        return value
    }
}
