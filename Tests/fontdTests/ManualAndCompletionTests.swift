import FontdTestSupport
import Foundation
import Testing

/// The man pages keep the help's UTF-8 (`ax1 … ax5`, `÷`), which swift-argument-parser's
/// generate-manual drops, through scripts/man-page-text as scripts/install runs it; and the shell
/// completions offer the categories, the desktop targets and the `--bridge` programs (docs/DESIGN.md
/// §19 (Installation and the container)).
@Suite(.ownThread) struct ManualAndCompletionTests {
    private let script = TestPaths.packageRoot.appendingPathComponent("scripts/man-page-text").path

    @Test func theHelpGenerateManualReadsIsASCIIAndManShowsItsUTF8() throws {
        let fontd = try #require(TestPaths.fontdExecutable)
        // What generate-manual runs: the help of every command as JSON.
        let help = try CommandRunner.run(["help", fontd.path, "--experimental-dump-help"], executable: URL(fileURLWithPath: script))
        #expect(help.status == 0, "\(help.standardError)")
        #expect(help.standardOutput.utf8.allSatisfy { $0 < 0x80 })
        let original = try CommandRunner.run(["--experimental-dump-help"])
        // Each character spelled, none lost.
        let nonASCII = original.standardOutput.unicodeScalars.filter { !$0.isASCII }
        #expect(nonASCII.contains("…"))
        #expect(help.standardOutput.components(separatedBy: "ZZU").count - 1 == nonASCII.count)

        // A page line as generate-manual writes it, spelled back in roff and shown by man in a UTF-8 locale.
        let line = try #require(help.standardOutput.split(separator: "\"").first { $0.contains("ZZU2026ZZ") })
        let directory = try TestPaths.temporaryDirectory()
        let page = directory.appendingPathComponent("fontd-test.1")
        let source = ".Dd 2026-11-29\n.Dt FONTD-TEST 1\n.Os\n.Sh NAME\n.Nm fontd-test\n.Nd a test\n.Sh DESCRIPTION\n\(line)\n"
        let input = directory.appendingPathComponent("in")
        try source.write(to: input, atomically: true, encoding: .utf8)
        let spelled = try CommandRunner.run(
            ["-c", "\"$0\" page < \"$1\" > \"$2\"", script, input.path, page.path], executable: URL(fileURLWithPath: "/bin/sh"),
            environment: ["PATH": "/usr/bin:/bin"], timeoutSeconds: 10)
        #expect(spelled.status == 0, "\(spelled.standardError)")
        let shown = try CommandRunner.run(
            ["-l", page.path], executable: URL(fileURLWithPath: "/usr/bin/man"),
            environment: ["LANG": "C.UTF-8", "MANWIDTH": "400", "PATH": "/usr/bin:/bin", "MAN_KEEP_FORMATTING": ""])
        let expected = String(line).replacingOccurrences(of: "ZZU2026ZZ", with: "…")
        #expect(shown.standardOutput.replacingOccurrences(of: "\n", with: " ").contains(expected.prefix(60)), "\(shown.standardOutput)")
        #expect(shown.standardOutput.contains("…"))
    }

    /// Each shell's list of words for the category of `fontd category set`, the targets of `fontd
    /// desktop exclude|include` and the programs of `fontd serve --bridge`, as swift-argument-parser writes it.
    @Test(arguments: [
        (
            "bash",
            [
                #"'xl'$'\n''xxl'$'\n''xxxl'$'\n''ax1'$'\n''ax2'$'\n''ax3'$'\n''ax4'$'\n''ax5'"#,
                #"'gnome'$'\n''kde'$'\n''portal'$'\n''x11'$'\n''qt5ct'$'\n''qt6ct'$'\n''kitty'"#, #"-W 'auto'$'\n''kitty'$'\n''alacritty'"#,
            ]
        ),
        (
            "fish",
            [
                #""fontd category set" -eq 1' -fka 'xs s m l xl xxl xxxl ax1 ax2 ax3 ax4 ax5'"#,
                #""fontd desktop exclude" -eq 1' -fka 'gnome kde portal x11 qt5ct qt6ct kitty alacritty foot wezterm ghostty vscode'"#,
                #"-rfka 'auto kitty alacritty foot wezterm ghostty vscode'"#,
            ]
        ),
    ])
    func completionOffersCategoriesTargetsAndPrograms(shell: String, lists: [String]) throws {
        let script = try CommandRunner.run(["--generate-completion-script", shell])
        #expect(script.status == 0)
        for list in lists {
            #expect(script.standardOutput.contains(list), "\(shell): \(list)")
        }
    }
}
