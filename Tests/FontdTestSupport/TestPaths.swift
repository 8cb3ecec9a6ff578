import Foundation

/// Where things are in a checkout, found from this file's location.
public enum TestPaths {
    /// The package's root directory.
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The package's default style table.
    public static let defaultStyles = packageRoot.appendingPathComponent("Styles/default.json")

    /// The package's Material 3 type scale, a scaled table (docs/DESIGN.md §4 (The style table)).
    public static let material3Styles = packageRoot.appendingPathComponent("Styles/material3.json")

    /// The built `fontd` executable: beside the test bundle, or in the debug build folder.
    public static var fontdExecutable: URL? { builtExecutable("fontd") }

    /// A built executable product of the package, found as `fontdExecutable` is.
    /// `FONTD_TEST_EXECUTABLE`, when set, names the `fontd` to test instead (to run the tests
    /// against another build, an earlier revision's, say).
    public static func builtExecutable(_ name: String) -> URL? {
        if name == "fontd", let path = ProcessInfo.processInfo.environment["FONTD_TEST_EXECUTABLE"] {
            return URL(fileURLWithPath: path)
        }
        let candidates = [
            Bundle.main.executableURL?.deletingLastPathComponent().appendingPathComponent(name),
            packageRoot.appendingPathComponent(".build/debug/\(name)"),
        ].compactMap { $0 }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// A new empty directory for one test's files, removed when the test process exits (`RemovedAtExit`).
    public static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fontd-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        RemovedAtExit.register(directory.path)
        return directory
    }
}
