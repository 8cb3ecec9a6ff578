import FontdTestSupport
import Foundation
import Testing

/// fontconfig, FreeType and SQLite, which `fontd` opens on their first call (docs/DESIGN.md §18 (The command line)):
/// one that does not load stops fontd there as the loader would have at start, with one line that names it.
@Suite struct LazyLibraryTests {
    @Test func aFontconfigThatDoesNotLoadStopsTheCommandWithOneLine() throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Found before the system's (LD_LIBRARY_PATH), and no ELF file: dlopen refuses it.
        try Data("not a library\n".utf8).write(to: directory.appendingPathComponent("libfontconfig.so.1"))
        var environment = PinnedFonts.environment
        environment["LD_LIBRARY_PATH"] = directory.path
        environment["FONTD_NO_CACHE"] = "1"
        let result = try CommandRunner.run(["query", "body"], environment: environment)
        #expect(result.status == 127)
        #expect(result.standardOutput.isEmpty)
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 1, "\(result.standardError)")
        #expect(
            result.standardError.hasPrefix("fontd: libfontconfig.so.1 does not load (\(directory.path)/libfontconfig.so.1: ")
                && result.standardError.hasSuffix("); it comes with Debian's libfontconfig1\n"),
            "\(result.standardError)")

        // A command that resolves nothing never opens it.
        let categories = try CommandRunner.run(["categories"], environment: environment)
        #expect(categories.status == 0, "\(categories.standardError)")
    }
}
