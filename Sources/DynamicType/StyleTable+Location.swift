#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension StyleTable {
    /// The environment variable that names a style table file.
    public static let environmentVariable = "FONTD_STYLES"

    /// The places a table is looked for, in order (docs/DESIGN.md §4 (The style table)): the explicit table, `$FONTD_STYLES`,
    /// `<executable's directory>/../share/fontd/Styles/default.json`, then the package's own `Styles/`.
    /// A table given by name (`material3`) is looked for as a file first, then among the bundled
    /// tables (`bundledDirectories`).
    ///
    /// The package's copy is found from this source file's location rather than `Bundle.module`,
    /// which calls `fatalError` when a binary is copied without its resource folder.
    public static func searchPath(explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> [URL] {
        if let named = named(explicit: explicit, environment: environment) {
            let file = URL(fileURLWithPath: named)
            guard isTableName(named) else { return [file] }
            return [file] + bundledDirectories().map { $0.appendingPathComponent(named + ".json") }
        }
        return bundledDirectories().map { $0.appendingPathComponent("default.json") }
    }

    /// Loads the table from the first place of `searchPath` that has one. An explicitly named
    /// table (option or environment) that is missing is an error, never skipped; a missing one
    /// given by name is `unknownName`, with the nearest bundled name and all of them.
    public static func locate(explicit: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(StyleTableError) -> StyleTable
    {
        let candidates = searchPath(explicit: explicit, environment: environment)
        if let named = named(explicit: explicit, environment: environment), let file = candidates.first {
            // A file of that name wins, readable or not: its own error says what is wrong with it.
            if !isTableName(named) || FileManager.default.fileExists(atPath: file.path) { return try load(from: file) }
            guard let bundled = candidates.dropFirst().first(where: { FileManager.default.isReadableFile(atPath: $0.path) }) else {
                throw .unknownName(named, bundled: bundledNames())
            }
            return try load(from: bundled)
        }
        guard let found = candidates.first(where: { FileManager.default.isReadableFile(atPath: $0.path) }) else {
            throw .notFound(searched: candidates.map(\.path))
        }
        return try load(from: found)
    }

    /// The directories of the tables that come with fontd, in search order:
    /// `<executable's directory>/../share/fontd/Styles`, then the package's own `Styles/`.
    public static func bundledDirectories() -> [URL] {
        var directories: [URL] = []
        if let executable = executableURL() {
            directories.append(executable.deletingLastPathComponent().appendingPathComponent("../share/fontd/Styles").standardizedFileURL)
        }
        directories.append(
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Styles").standardizedFileURL)
        return directories
    }

    /// The names of the bundled tables (`default`, `material3`): each `.json` file of
    /// `bundledDirectories`, without the extension, once, sorted.
    public static func bundledNames() -> [String] {
        let names = bundledDirectories().flatMap { directory in
            ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
                .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(".json".count)) }
        }
        return Set(names).sorted()
    }

    /// The table `--styles` or `$FONTD_STYLES` names, if either does.
    private static func named(explicit: String?, environment: [String: String]) -> String? {
        if let explicit { return explicit }
        guard let fromEnvironment = environment[environmentVariable], !fromEnvironment.isEmpty else { return nil }
        return fromEnvironment
    }

    /// Whether `text` may name a bundled table: a word, without `/` or `.` (`material3`), so a
    /// path (`./mine.json`, `/etc/fontd.json`) is always a path.
    static func isTableName(_ text: String) -> Bool {
        !text.isEmpty && !text.contains("/") && !text.contains(".")
    }

    /// The running executable, links resolved; `Bundle` would pull all of Foundation into the binary.
    package static func executableURL() -> URL? {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        guard let first = CommandLine.arguments.first, first.contains("/") else { return nil }
        return URL(fileURLWithPath: first).resolvingSymlinksInPath()
    }
}
