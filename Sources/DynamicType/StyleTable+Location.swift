#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension StyleTable {
    /// The environment variable that names a style table file.
    public static let environmentVariable = "FONTD_STYLES"

    /// The places a table is looked for, in order (docs/DESIGN.md §4 (The style table)): the explicit path, `$FONTD_STYLES`,
    /// `<executable's directory>/../share/fontd/Styles/default.json`, then the package's own `Styles/`.
    ///
    /// The package's copy is found from this source file's location rather than `Bundle.module`,
    /// which calls `fatalError` when a binary is copied without its resource folder.
    public static func searchPath(explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> [URL] {
        if let explicit { return [URL(fileURLWithPath: explicit)] }
        if let fromEnvironment = environment[environmentVariable], !fromEnvironment.isEmpty {
            return [URL(fileURLWithPath: fromEnvironment)]
        }
        var candidates: [URL] = []
        if let executable = executableURL() {
            candidates.append(executable.deletingLastPathComponent()
                .appendingPathComponent("../share/fontd/Styles/default.json").standardizedFileURL)
        }
        candidates.append(URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().appendingPathComponent("../../Styles/default.json").standardizedFileURL)
        return candidates
    }

    /// Loads the table from the first place of `searchPath` that has one. An explicitly named
    /// file (option or environment) that is missing is an error, never skipped.
    public static func locate(explicit: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(StyleTableError) -> StyleTable
    {
        let candidates = searchPath(explicit: explicit, environment: environment)
        let isExplicit = explicit != nil || !(environment[environmentVariable] ?? "").isEmpty
        if isExplicit, let named = candidates.first { return try load(from: named) }
        guard let found = candidates.first(where: { FileManager.default.isReadableFile(atPath: $0.path) }) else {
            throw .notFound(searched: candidates.map(\.path))
        }
        return try load(from: found)
    }

    /// The running executable, links resolved; `Bundle` would pull all of Foundation into the binary.
    private static func executableURL() -> URL? {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        guard let first = CommandLine.arguments.first, first.contains("/") else { return nil }
        return URL(fileURLWithPath: first).resolvingSymlinksInPath()
    }
}
