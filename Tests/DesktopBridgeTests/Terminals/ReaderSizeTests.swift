import FontdTestSupport
import Testing

@testable import DesktopBridge

/// The reader's own size in each program's file, and Alacritty's edited in place
/// (docs/DESIGN.md §34 (The reader's own sizes)).
@Suite struct ReaderSizeTests {
    @Test(
        arguments: [
            ("font:\n  size: 12.5\n", Alacritty.Format.yaml, "12.5"),
            ("\u{FEFF}font:\n  size: 12.5\n", .yaml, "12.5"),
            ("\u{FEFF}font.size = 10\n", .toml, "10"),
            ("# mine\r\nfont:\r\n  normal:\r\n    family: Mono\r\n  size: 9 # small\r\nwindow:\r\n  size: 3\r\n", .yaml, "9"),
            ("window:\n  size: 3\nfont:\n  offset:\n    size: 4\n", .yaml, nil),
            ("[window]\nsize = 3\n[font]\nnormal = { family = \"Mono\" }\nsize = 13.5\n", .toml, "13.5"),
            ("font.size = 10\n[window]\n", .toml, "10"),
            ("[window]\nfont.size = 10\n", .toml, nil),
        ] as [(String, Alacritty.Format, String?)])
    func alacrittysOwnSizeIsFoundWhereItStands(_ text: String, _ format: Alacritty.Format, _ value: String?) {
        let bytes = Array(text.utf8)
        let range = AlacrittyFontSize.range(in: bytes, format: format)
        #expect(range.map { String(decoding: bytes[$0], as: UTF8.self) } == value)
    }

    @Test func alacrittysOwnSizeIsEditedInPlaceAndPutBackByteForByte() throws {
        let home = try TemporaryHome()
        let environment = home.environment(["PATH": "/nonexistent"])
        let own = "[window]\r\nopacity = 0.9\r\n\r\n[font]\r\nsize = 12.50 # mine\r\n"
        try home.write(own, to: "config/alacritty/alacritty.toml")
        let alacritty = try Alacritty(environment: environment, format: .toml)
        #expect(try alacritty.found()["font.size"] == TerminalSize.Found(value: 12.5, inPlace: true))
        try alacritty.apply(TerminalFontSize(points: 17.04, family: ""))
        #expect(home.text("config/alacritty/alacritty.toml")?.hasSuffix("[font]\r\nsize = 17.0 # mine\r\n") == true)
        try alacritty.exclude()
        #expect(home.text("config/alacritty/alacritty.toml") == own)
        #expect(home.text("config/alacritty/fontd-alacritty-before") == nil)
    }

    @Test func eachIncludedProgramReadsTheReadersOwnLineNotFontds() throws {
        let home = try TemporaryHome()
        let environment = home.environment(["PATH": "/nonexistent"])
        try home.write("font_size 9\nfont_size  10.5\n# font_size 30\n", to: "config/kitty/kitty.conf")
        try home.write("font-size=13.5\n", to: "config/ghostty/config")
        try home.write("font=Mono:weight=bold:size=7.5,Emoji:size=30\n", to: "config/foot/foot.ini")
        try home.write("config.font_size = 14 * require('fontd').scale\n-- config.font_size = 30\n", to: "config/wezterm/wezterm.lua")
        let programs: [any TerminalProgram] = [
            try Kitty(environment: environment), try Ghostty(environment: environment), try Foot(environment: environment),
            try WezTerm(environment: environment),
        ]
        for program in programs { try program.apply(TerminalFontSize(points: 40, family: "Mono")) }
        #expect(try programs.map { try $0.found().values.first?.value } == [10.5, 13.5, 7.5, 14])
    }
}
