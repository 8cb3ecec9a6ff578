import DynamicType
import FontdTestSupport
import Testing

/// `fontd <command> --help`, as a user reads it.
@Suite(.ownThread) struct HelpTests {
    /// The help's option entries, each with its wrapped lines joined: an entry starts at a line
    /// indented by two spaces and a dash, and the lines indented further continue it.
    static func optionEntries(_ help: String) -> [String] {
        var entries: [String] = []
        for line in help.split(separator: "\n") {
            if line.hasPrefix("  -") {
                entries.append(String(line))
            } else if line.hasPrefix("   "), !entries.isEmpty {
                entries[entries.count - 1] += " " + line.trimmingPrefix(while: \.isWhitespace)
            }
        }
        return entries
    }

    @Test(arguments: [
        ["serve"], ["query"], ["styles"], ["categories"], ["list"], ["category", "get"], ["category", "set"],
        ["legibility", "get"], ["legibility", "set"], ["watch"], ["health"], ["category", "clear"], ["legibility", "clear"],
        ["token", "issue"], ["text-spacing", "get"], ["text-spacing", "set"], ["text-spacing", "clear"], ["css"], ["tokens"],
    ])
    func eachOptionStatesItsDefaultAtMostOnce(_ command: [String]) throws {
        let result = try CommandRunner.run(command + ["--help"])
        #expect(result.status == 0)
        let entries = Self.optionEntries(result.standardOutput)
        #expect(entries.contains { $0.hasPrefix("  -h, --help") }, "no options read from: \(result.standardOutput)")
        for entry in entries {
            #expect(entry.matches(of: /default/.ignoresCase()).count <= 1, "\(entry)")
        }
    }

    /// One command per preference, named and described by its declaration (docs/DESIGN.md §10 (Reader
    /// preferences)): the command list places each by its place in the list, and this finds a misplaced one.
    @Test(arguments: ReaderPreference.allCases)
    func eachPreferenceHasTheCommandItsDeclarationNames(_ preference: ReaderPreference) throws {
        let declaration = preference.declaration
        let result = try CommandRunner.run([declaration.commandName, "--help"])
        #expect(result.status == 0, "\(result.standardError)")
        // The overview up to its blank line, its wrapped lines joined.
        let paragraph = result.standardOutput.split(separator: "\n\n").first.map(String.init) ?? ""
        let overview = paragraph.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(overview == "OVERVIEW: Show or set the reader's \(declaration.description) on a fontd server.", "\(result.standardOutput)")
        let clear = try CommandRunner.run([declaration.commandName, "clear", "--help"])
        let clearHelp = clear.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(clearHelp.contains("own \(declaration.noun), so that"), "\(clear.standardOutput)")
    }
}

/// The version, from its one place (docs/DESIGN.md §29 (A desktop service)), wherever fontd says it.
@Suite(.ownThread) struct VersionTests {
    @Test func versionFlagPrintsTheVersionAlone() throws {
        let result = try CommandRunner.run(["--version"])
        #expect(result.status == 0)
        #expect(result.standardOutput == FontdVersion.current + "\n")
    }

    @Test func helpOpensWithTheVersion() throws {
        let result = try CommandRunner.run(["--help"])
        #expect(result.status == 0)
        let first = result.standardOutput.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("OVERVIEW: fontd \(FontdVersion.current):"), "\(first)")
    }

    @Test func theVersionIsADebianVersion() {
        #expect(FontdVersion.current.wholeMatch(of: /[0-9]+(\.[0-9]+)*/) != nil)
    }
}
