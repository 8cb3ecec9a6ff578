import DesktopTestSupport
import DynamicType
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// Every terminal and VS Code scales the reader's own size (docs/DESIGN.md §34 (The reader's own
/// sizes)): at `l` each program's value is the reader's own, at every other category their own × r,
/// `exclude` leaves their files byte for byte as they were, their own change while fontd runs is
/// the new base, and a server killed at ax1 does not take its own write for the reader's.
@Suite(.ownThread) struct TerminalBasesTests {
    /// The reader's own sizes: kitty 11.0, Alacritty 0.11 12.5, foot 10, Ghostty 13, WezTerm 13.0,
    /// VS Code's editor 13 and terminal 12.
    static let readerFiles = [
        "kitty/kitty.conf": "font_family DejaVu Sans Mono\nfont_size 11.0\n",
        "alacritty/alacritty.yml": "# mine\nfont:\n  size: 12.5\n  offset:\n    x: 1\n",
        "foot/foot.ini": "font=DejaVu Sans Mono:size=10\n",
        "ghostty/config": "font-size = 13\n",
        "wezterm/wezterm.lua": "local config = {}\nconfig.font_size = 13.0\nreturn config\n",
        "Code/User/settings.json": "{\n    // mine\n    \"editor.fontSize\": 13,\n    \"terminal.integrated.fontSize\": 12\n}\n",
    ]

    /// What each program's file says at `category`, as `session` computes base × r.
    static func expected(_ session: TerminalTargetTests.Session, _ category: ContentSizeCategory) throws -> [String: String] {
        [
            "kitty": "font_size \(try session.decimal(11, category))\n",
            "alacritty": "font:\n  size: \(try session.decimal(12.5, category))\n",
            "foot": ":size=\(try session.shortest(10, category))\n",
            "ghostty": "font-size = \(try session.shortest(13, category))\n",
            "wezterm": "font_size = \(try session.decimal(13, category)), scale = ",
            "vscode":
                "\"editor.fontSize\": \(try session.shortest(13, category)),\n    \"terminal.integrated.fontSize\": \(try session.shortest(12, category))\n",
        ]
    }

    /// What each program's file holds now.
    static func written(_ home: TemporaryHome) -> [String: String] {
        [
            "kitty": home.text("config/kitty/fontd.conf") ?? "", "alacritty": home.text("config/alacritty/alacritty.yml") ?? "",
            "foot": home.text("config/foot/fontd.ini") ?? "", "ghostty": home.text("config/ghostty/fontd") ?? "",
            "wezterm": home.text("config/wezterm/fontd.lua") ?? "", "vscode": home.text("config/Code/User/settings.json") ?? "",
        ]
    }

    /// Whether every program's file says what `expected` does.
    static func matches(_ home: TemporaryHome, _ expected: [String: String]) -> Bool {
        let now = written(home)
        return expected.allSatisfy { now[$0.key]?.contains($0.value) == true }
    }

    @Test func eachProgramHasTheReadersOwnSizeAtLAndItScaledElsewhereAndExcludePutsBackTheirBytes() throws {
        let session = try TerminalTargetTests.Session("kitty,alacritty,foot,ghostty,wezterm,vscode", readerFiles: Self.readerFiles)
        defer { session.server.stop() }
        let atL = try Self.expected(session, .large)
        #expect(atL["kitty"] == "font_size 11.0\n" && atL["vscode"]?.contains("\"editor.fontSize\": 13,") == true)
        #expect(Wait.holds { Self.matches(session.home, atL) }, "\(Self.written(session.home))")
        for category: ContentSizeCategory in [.extraSmall, .extraExtraLarge, .accessibilityMedium] {
            try session.setCategory(category)
            let expected = try Self.expected(session, category)
            #expect(expected != atL)
            #expect(Wait.holds { Self.matches(session.home, expected) }, "\(category): \(Self.written(session.home))")
        }
        let kitty = try #require(try session.statusTargets()["kitty"])
        #expect(kitty["base"] as? String == "font_size 11", "\(kitty)")
        for name in ["kitty", "alacritty", "foot", "ghostty", "wezterm", "vscode"] {
            let excluded = try session.fontd(["desktop", "exclude", name])
            #expect(excluded.status == 0, "\(excluded.standardError)")
        }
        #expect(try session.home.snapshot().filter { $0.key.hasPrefix("config/") } == session.original)
    }

    @Test func theReadersOwnKittySizeChangedWhileFontdRunsIsTheNewBase() throws {
        let session = try TerminalTargetTests.Session("kitty", readerFiles: ["kitty/kitty.conf": "font_size 11.0\n"])
        defer { session.server.stop() }
        let kitty = { session.home.text("config/kitty/fontd.conf") ?? "" }
        #expect(Wait.holds { kitty().hasSuffix("font_size 11.0\n") }, "\(kitty())")
        let own = try #require(session.home.text("config/kitty/kitty.conf"))
        try session.home.write(own.replacingOccurrences(of: "font_size 11.0", with: "font_size 14"), to: "config/kitty/kitty.conf")
        try session.setCategory(.extraLarge)
        let scaled = try session.decimal(14, .extraLarge)
        #expect(scaled != (try session.decimal(11, .extraLarge)))
        #expect(Wait.holds { kitty().hasSuffix("font_size \(scaled)\n") }, "\(kitty())")
        try session.setCategory(.large)
        #expect(Wait.holds { kitty().hasSuffix("font_size 14.0\n") }, "\(kitty())")
    }

    @Test func aReadersFontSizeBelowTheIncludeMovesTheIncludeToTheEnd() throws {
        let session = try TerminalTargetTests.Session("kitty", readerFiles: ["kitty/kitty.conf": "font_size 11.0\n"])
        defer { session.server.stop() }
        let conf = { session.home.text("config/kitty/kitty.conf") ?? "" }
        #expect(Wait.holds { conf().hasSuffix("include fontd.conf\n") }, "\(conf())")
        try session.home.write(conf() + "font_size 12\n", to: "config/kitty/kitty.conf")
        try session.setCategory(.extraExtraLarge)
        let scaled = try session.decimal(12, .extraExtraLarge)
        #expect(
            Wait.holds {
                conf().hasSuffix(
                    "font_size 12\n# The reader's text size, from fontd (fontd desktop exclude kitty removes these lines)\ninclude fontd.conf\n"
                )
                    && session.home.text("config/kitty/fontd.conf")?.hasSuffix("font_size \(scaled)\n") == true
            }, "\(conf())")
    }

    @Test func aServerKilledAtAx1KeepsTheReadersOwnSizes() throws {
        let files = ["kitty/kitty.conf": "font_size 11.0\n", "Code/User/settings.json": Self.readerFiles["Code/User/settings.json"] ?? ""]
        let session = try TerminalTargetTests.Session("kitty,vscode", readerFiles: files)
        let settings = { session.home.text("config/Code/User/settings.json") ?? "" }
        try session.setCategory(.accessibilityMedium)
        let ax1 = try session.shortest(13, .accessibilityMedium)
        #expect(Wait.holds { settings().contains("\"editor.fontSize\": \(ax1),") }, "\(settings())")
        session.server.process.kill()

        // fontd's own write is what settings.json holds; the next server (a fresh store: l) knows it for fontd's.
        #expect(settings().contains("\"editor.fontSize\": \(ax1),"))
        let second = try ServerProcess(["--bridge", "kitty,vscode"], environment: session.home.environment())
        defer { second.stop() }
        #expect(
            Wait.holds {
                settings().contains("\"editor.fontSize\": 13,\n    \"terminal.integrated.fontSize\": 12\n")
                    && session.home.text("config/kitty/fontd.conf")?.hasSuffix("font_size 11.0\n") == true
            }, "\(settings())")
        let status = try CommandRunner.run(["desktop", "status", "--json"], environment: session.home.environment())
        let document = try #require(try JSONSerialization.jsonObject(with: Data(status.standardOutput.utf8)) as? [String: Any])
        let vscode = try #require((document["targets"] as? [String: [String: Any]])?["vscode"])
        #expect(vscode["base"] as? String == "editor.fontSize 13, terminal.integrated.fontSize 12", "\(vscode)")
        let kitty = try #require((document["targets"] as? [String: [String: Any]])?["kitty"])
        #expect(kitty["base"] as? String == "font_size 11", "\(kitty)")
    }

    @Test func uninstallPutsBackEveryTerminalsOwnBytes() throws {
        let files = Self.readerFiles.filter { !$0.key.hasPrefix("foot") }
        let session = try TerminalTargetTests.Session("kitty,alacritty,ghostty,wezterm,vscode", readerFiles: files)
        try session.setCategory(.accessibilityMedium)
        let expected = try Self.expected(session, .accessibilityMedium).filter { $0.key != "foot" }
        #expect(Wait.holds { Self.matches(session.home, expected) }, "\(Self.written(session.home))")
        session.server.stop()
        let uninstall = try session.fontd(["desktop", "uninstall"])
        #expect(uninstall.status == 0, "\(uninstall.standardError)")
        #expect(uninstall.standardOutput.contains("kitty: put back your own font_size"), "\(uninstall.standardOutput)")
        let after = try session.home.snapshot().filter { $0.key.hasPrefix("config/") }
        #expect(after == session.original, "\(after.filter { session.original[$0.key] != $0.value }) \(uninstall.standardOutput)")
    }
}
