import DesktopBridge
import FontdTestSupport
import Foundation
import Testing

/// `serve --bridge`'s list (docs/DESIGN.md §31 (Terminals and editors)): names once each, `auto`
/// alone, and errors that say what is allowed and what was probably meant.
@Suite struct BridgeChoicesTests {
    @Test func namesAreKeptInTheirOrder() throws {
        let choices = try BridgeChoices(parsing: "foot,kitty,vscode")
        #expect(choices.names == ["foot", "kitty", "vscode"])
        #expect(!choices.isAuto)
        #expect(try BridgeChoices(parsing: "auto").isAuto)
    }

    @Test(arguments: [
        ("kity", "unknown program 'kity'; expected kitty, alacritty, foot, wezterm, ghostty, vscode, auto. Did you mean 'kitty'?"),
        (
            "kitty,alacrity",
            "unknown program 'alacrity'; expected kitty, alacritty, foot, wezterm, ghostty, vscode, auto. Did you mean 'alacritty'?"
        ),
        ("xterm", "unknown program 'xterm'; expected kitty, alacritty, foot, wezterm, ghostty, vscode, auto. Did you mean 'wezterm'?"),
        ("gnome-terminal", "unknown program 'gnome-terminal'; expected kitty, alacritty, foot, wezterm, ghostty, vscode, auto."),
        (
            "kitty,,foot",
            "'kitty,,foot' has an empty name; expected a comma-separated list of kitty, alacritty, foot, wezterm, ghostty, vscode, auto."
        ),
        ("foot,foot", "'foot' is named twice in 'foot,foot'."),
        ("auto,kitty", "auto chooses every program found; give it alone, not with kitty."),
    ])
    func aWrongListSaysWhatIsAllowed(_ argument: String, _ message: String) {
        #expect(throws: BridgeChoices.Invalid.self) { try BridgeChoices(parsing: argument) }
        do {
            _ = try BridgeChoices(parsing: argument)
        } catch {
            #expect(error.description == message)
        }
    }

    /// `auto` takes the programs the reader configured: wezterm, only on PATH, is not given a configuration.
    @Test func autoChoosesTheProgramsTheReaderConfigured() throws {
        let home = try TemporaryHome()
        try home.write("", to: "config/foot/foot.ini")
        try FileManager.default.createDirectory(at: home.configHome.appendingPathComponent("Code/User"), withIntermediateDirectories: true)
        try home.write("#!/bin/sh\n", to: "bin/wezterm", mode: 0o755)
        let environment = home.environment(["PATH": home.root.appendingPathComponent("bin").path])
        let chosen = try BridgeChoices(parsing: "auto").programs(environment: environment).map { type(of: $0).name }
        #expect(chosen == ["foot", "vscode"])
        let named = try BridgeChoices(parsing: "ghostty,kitty").programs(environment: environment).map { type(of: $0).name }
        #expect(named == ["ghostty", "kitty"])
    }
}
