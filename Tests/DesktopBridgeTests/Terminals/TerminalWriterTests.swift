import FontdTestSupport
import Foundation
import Glibc
import Testing

@testable import DesktopBridge

/// What every terminal and editor writer promises (docs/DESIGN.md §31 (Terminals and editors)):
/// its files say the size, the same size twice writes nothing, a failed write leaves the old files,
/// and `exclude` leaves the reader's configuration byte for byte as it was before fontd.
@Suite struct TerminalWriterTests {
    /// Each program with the reader's own file it includes fontd's from (nil: none), and its text.
    static let programs: [(String, String?, String)] = [
        ("kitty", "kitty/kitty.conf", "font_family DejaVu Sans Mono\nfont_size 11\n"),
        ("alacritty", "alacritty/alacritty.toml", "[font]\nnormal = { family = \"DejaVu Sans Mono\" }\n"),
        ("foot", "foot/foot.ini", "font=DejaVu Sans Mono:size=10\n[colors]\nalpha=1.0"),
        ("wezterm", "wezterm/wezterm.lua", "return { font_size = 11 }\n"),
        ("ghostty", "ghostty/config", "font-family = DejaVu Sans Mono\n"),
        ("vscode", "Code/User/settings.json", "{\n  // mine\n  \"editor.fontSize\": 12,\n}\n"),
    ]

    static let small = TerminalFontSize(points: 19, family: "DejaVu Sans Mono")
    static let large = TerminalFontSize(points: 23.5, family: "DejaVu Sans Mono")

    /// The program named `name`, in `home`, without PATH (no program is run, none is signalled).
    static func program(_ name: String, in home: TemporaryHome, config: String? = nil) throws -> any TerminalProgram {
        var environment = home.environment(["PATH": "/nonexistent"])
        if let config { environment["XDG_CONFIG_HOME"] = config }
        let type = try #require(TerminalPrograms.named(name))
        if name == "alacritty" { return try Alacritty(environment: environment, format: .toml) }
        return try type.init(environment: environment)
    }

    @Test(arguments: programs)
    func theSameSizeTwiceWritesNothing(_ name: String, _ reader: String?, _ text: String) throws {
        let home = try TemporaryHome()
        if let reader { try home.write(text, to: "config/" + reader) }
        let program = try Self.program(name, in: home)
        #expect(try program.apply(Self.small) != .unchanged)
        let before = try Self.stamps(home)
        #expect(try program.apply(Self.small) == .unchanged)
        #expect(try Self.stamps(home) == before)
        #expect(try program.apply(Self.large) != .unchanged)
        #expect(try Self.stamps(home) != before)
    }

    @Test(arguments: programs)
    func excludeLeavesTheReadersFilesAsTheyWere(_ name: String, _ reader: String?, _ text: String) throws {
        let home = try TemporaryHome()
        if let reader { try home.write(text, to: "config/" + reader) }
        try FileManager.default.createDirectory(
            at: home.configHome.appendingPathComponent(Self.folder(of: name)), withIntermediateDirectories: true)
        let untouched = try home.snapshot()
        let program = try Self.program(name, in: home)
        _ = try program.apply(Self.small)
        _ = try program.apply(Self.large)
        #expect(try home.snapshot() != untouched)
        try program.exclude()
        #expect(try home.snapshot() == untouched)
        try program.exclude()
        #expect(try home.snapshot() == untouched)
    }

    @Test(arguments: ["kitty", "foot", "ghostty", "alacritty"])
    func aReaderFileFontdCreatedGoesAwayOnExclude(_ name: String) throws {
        let home = try TemporaryHome()
        try FileManager.default.createDirectory(
            at: home.configHome.appendingPathComponent(Self.folder(of: name)), withIntermediateDirectories: true)
        let untouched = try home.snapshot()
        let program = try Self.program(name, in: home)
        _ = try program.apply(Self.small)
        try program.exclude()
        #expect(try home.snapshot() == untouched)
    }

    @Test(arguments: programs)
    func aWriteThatFailsLeavesTheOldFiles(_ name: String, _ reader: String?, _ text: String) throws {
        let home = try TemporaryHome()
        let disk = try SmallDisk(kibibytes: 64)
        defer { disk.free() }
        let config = disk.path + "/config"
        if let reader {
            try FileManager.default.createDirectory(
                atPath: config + "/" + (reader as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: config + "/" + reader, atomically: false, encoding: .utf8)
        }
        let program = try Self.program(name, in: home, config: config)
        _ = try program.apply(Self.small)
        let written = try Self.contents(of: config)
        try disk.fill()
        #expect(throws: TerminalTargetError.self) { try program.apply(Self.large) }
        disk.free()
        #expect(try Self.contents(of: config) == written)
    }

    /// The program's folder under the configuration home.
    static func folder(of name: String) -> String {
        ["vscode": "Code/User"][name] ?? name
    }

    /// Each file's inode and modification time, by path.
    static func stamps(_ home: TemporaryHome) throws -> [String: String] {
        var stamps: [String: String] = [:]
        let root = home.configHome.path
        for case let relative as String in FileManager.default.enumerator(atPath: root)! {
            var status = stat()
            stat(root + "/" + relative, &status)
            stamps[relative] = "\(status.st_ino) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
        }
        return stamps
    }

    /// Every file's bytes under `root`, by path (temporary files included, so a leftover shows).
    static func contents(of root: String) throws -> [String: Data] {
        var contents: [String: Data] = [:]
        for case let relative as String in FileManager.default.enumerator(atPath: root)! {
            var isFolder: ObjCBool = false
            FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isFolder)
            if !isFolder.boolValue { contents[relative] = try Data(contentsOf: URL(fileURLWithPath: root + "/" + relative)) }
        }
        return contents
    }
}
