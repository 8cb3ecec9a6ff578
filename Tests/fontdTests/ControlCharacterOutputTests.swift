import FontdTestSupport
import Foundation
import OpenTypeTestSupport
import Testing

/// Human (non-`--json`) output shows the control characters of names from a font or a style
/// table escaped (`\e`, `\u{07}`), never as the bytes a terminal acts on (docs/DESIGN.md §18 (The command
/// line)).
@Suite(.ownThread) struct ControlCharacterOutputTests {
    /// Whether `text` holds a control character a terminal acts on — C0 but the line feeds
    /// that end lines, DEL, or C1 (U+009B is CSI) — rather than its escaped form.
    static func holdsControlBytes(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            (scalar.value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(scalar.value)
        }
    }

    @Test func stylesShowsATablesControlCharactersEscaped() throws {
        let table = try StyleTableBreakage.writeDefaultTable { table in
            table["name"] = "T\u{1B}]0;TITLE\u{07}\nnext\u{9B}31m"
            StyleTableBreakage.editStyle(&table, 0) { $0["name"] = "s\u{1B}[31m\u{07}\n\u{9B}\u{7F}\tx" }
        }
        for arguments in [["styles"], ["styles", "--category", "xl"]] {
            let run = try CommandRunner.run(arguments + ["--styles", table.path])
            #expect(run.status == 0, "\(run.standardError)")
            #expect(!Self.holdsControlBytes(run.standardOutput), "\(run.standardOutput.debugDescription)")
            #expect(run.standardOutput.hasPrefix(#"Style table "T\e]0;TITLE\u{07}\u{0A}next\u{9B}31m""#), "\(run.standardOutput)")
            #expect(run.standardOutput.contains(#"s\e[31m\u{07}\u{0A}\u{9B}\u{7F}\u{09}x "#), "\(run.standardOutput)")
        }
        // An error naming the style is one line with the same escapes.
        let unknown = try CommandRunner.run(["query", "nope", "--styles", table.path])
        #expect(unknown.status != 0)
        #expect(!Self.holdsControlBytes(unknown.standardError), "\(unknown.standardError.debugDescription)")
        #expect(unknown.standardError.split(separator: "\n").count == 1, "\(unknown.standardError)")
    }

    @Test func stylesJSONKeepsTheNamesAsJSONEscapesThem() throws {
        let table = try StyleTableBreakage.writeDefaultTable { $0["name"] = "T\u{1B}]0;x\u{07}" }
        let run = try CommandRunner.run(["styles", "--json", "--styles", table.path])
        #expect(
            run.standardOutput.contains(#""name" : "T\u001b]0;x\u0007""#) || run.standardOutput.contains(#""name": "T\u001b]0;x\u0007""#),
            "\(run.standardOutput.prefix(200))")
    }

    /// A family name that would set the terminal's title and colour.
    static let hostileFamily = "Esc\u{1B}]0;TITLE\u{07}\u{1B}[31mRed\u{9B}2J"

    @Test func listAndQueryShowAFontsControlCharactersEscaped() throws {
        let directory = try TestPaths.temporaryDirectory()
        _ = try FontFileCopies.withFamilyName(Self.hostileFamily, in: directory)
        let environment = PinnedFonts.environment(seeingOnly: directory)
        let escaped = #"Esc\e]0;TITLE\u{07}\e[31mRed\u{9B}2J"#

        let list = try CommandRunner.run(["list"], environment: environment)
        #expect(list.status == 0, "\(list.standardError)")
        #expect(!Self.holdsControlBytes(list.standardOutput), "\(list.standardOutput.debugDescription)")
        #expect(list.standardOutput.contains(escaped), "\(list.standardOutput)")

        let query = try CommandRunner.run(["query", "body", "--family", Self.hostileFamily], environment: environment)
        #expect(query.status == 0, "\(query.standardError)")
        #expect(!Self.holdsControlBytes(query.standardOutput), "\(query.standardOutput.debugDescription)")
        #expect(query.standardOutput.contains(escaped), "\(query.standardOutput)")
    }
}
