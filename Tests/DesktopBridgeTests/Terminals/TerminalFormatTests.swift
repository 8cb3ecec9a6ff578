import FontdTestSupport
import Testing

@testable import DesktopBridge

/// Each program's own file, in its own format and units (docs/DESIGN.md §31 (Terminals and editors)).
@Suite struct TerminalFormatTests {
    static let size = TerminalFontSize(points: 18.96, family: "DejaVu Sans Mono")

    @Test func sizesAreRoundedToATenth() {
        #expect(Self.size.decimal == "19.0")
        #expect(Self.size.shortest == "19")
        #expect(TerminalFontSize(points: 17.54, family: "").decimal == "17.5")
        #expect(TerminalFontSize(points: 17.54, family: "").shortest == "17.5")
    }

    @Test func eachProgramsFileSaysTheSizeInItsFormat() throws {
        let home = try TemporaryHome()
        let environment = home.environment(["PATH": "/nonexistent"])
        try home.write("font=Fira Mono:size=10:weight=bold,Noto Color Emoji:pixelsize=12\n", to: "config/foot/foot.ini")
        _ = try Kitty(environment: environment).apply(Self.size)
        _ = try Alacritty(environment: environment, format: .toml).apply(Self.size)
        _ = try Foot(environment: environment).apply(Self.size)
        _ = try WezTerm(environment: environment).apply(Self.size)
        _ = try Ghostty(environment: environment).apply(Self.size)
        let config = home.configHome.path
        #expect(home.text("config/kitty/fontd.conf") == "# Written by fontd: the reader's text size.\nfont_size 19.0\n")
        #expect(home.text("config/kitty/kitty.conf")?.hasSuffix("\ninclude fontd.conf\n") == true)
        #expect(home.text("config/alacritty/fontd.toml") == "# Written by fontd: the reader's text size.\n[font]\nsize = 19.0\n")
        #expect(home.text("config/alacritty/alacritty.toml")?.contains("\nimport = [\"\(config)/alacritty/fontd.toml\"]\n") == true)
        #expect(
            home.text("config/foot/fontd.ini")
                == "# Written by fontd: the reader's text size.\n[main]\nfont=Fira Mono:weight=bold:size=19,Noto Color Emoji:size=19\n")
        #expect(home.text("config/foot/foot.ini")?.hasSuffix("\n[main]\ninclude=\(config)/foot/fontd.ini\n") == true)
        #expect(home.text("config/wezterm/fontd.lua")?.hasSuffix("\nreturn { font_size = 19.0, scale = 1 }\n") == true)
        #expect(home.text("config/ghostty/fontd") == "# Written by fontd: the reader's text size.\nfont-size = 19\n")
        #expect(home.text("config/ghostty/config")?.hasSuffix("\nconfig-file = fontd\n") == true)
    }

    @Test func footUsesFontdsFamilyWhenTheReaderNamesNone() throws {
        let home = try TemporaryHome()
        _ = try Foot(environment: home.environment()).apply(Self.size)
        #expect(home.text("config/foot/fontd.ini")?.hasSuffix("\nfont=DejaVu Sans Mono:size=19\n") == true)
    }

    @Test func alacrittyElevenWritesYAML() throws {
        let home = try TemporaryHome()
        try home.write("window:\n  opacity: 1.0\n", to: "config/alacritty/alacritty.yml")
        let alacritty = try Alacritty(environment: home.environment(["PATH": "/nonexistent"]))
        #expect(alacritty.format == .yaml)
        _ = try alacritty.apply(Self.size)
        #expect(home.text("config/alacritty/fontd.yml")?.hasSuffix("\nfont:\n  size: 19.0\n") == true)
        #expect(
            home.text("config/alacritty/alacritty.yml")?.hasSuffix(
                "\nimport:\n  - \(home.configHome.path)/alacritty/fontd.yml\nwindow:\n  opacity: 1.0\n") == true)
    }

    @Test func alacrittysOwnImportListIsReportedNotDoubled() throws {
        let home = try TemporaryHome()
        try home.write("import = [\"~/theme.toml\"]\n", to: "config/alacritty/alacritty.toml")
        let alacritty = try Alacritty(environment: home.environment(["PATH": "/nonexistent"]), format: .toml)
        let untouched = try home.snapshot()
        #expect(throws: TerminalTargetError.self) { try alacritty.apply(Self.size) }
        #expect(try home.snapshot() == untouched)
    }
}
