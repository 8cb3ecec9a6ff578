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

    /// Validates a table given as JSON (the file format of docs/DESIGN.md §4 (The style table), also the body of `GET /styles`);
    /// `source` names it in errors.
    ///
    /// - Parameter mode: `.strict` (a file fontd loads: an unknown field is refused) or
    ///   `.tolerant` (a server's answer: fields a newer server adds are skipped).
    public init(json: some Collection<UInt8>, source: String, mode: JSONDocumentDecoder.Mode = .strict) throws(StyleTableError) {
        do {
            self = try JSONDocumentDecoder(mode: mode).decode(StyleTable.self, from: json)
        } catch {
            throw .invalid(file: source, path: error.pathDescription, reason: error.reason)
        }
    }
}
