import DesktopTestSupport
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// What fontd created it removes whole (docs/DESIGN.md §31 (Terminals and editors), §35 (Editing a
/// reader's file)): a terminal or editor named with `--bridge` whose configuration folder does not
/// exist gets the folder (and any folder above it) and its files from fontd, and `fontd desktop
/// exclude` or `uninstall` removes them all again — but never a folder the reader had, and never
/// one they put a file of their own in meanwhile. Against the built `fontd serve`, the real
/// Alacritty (0.11: YAML), kitty and foot on `PATH`, and a stand-in `code` for VS Code.
@Suite(.ownThread) struct TerminalFolderTests {
    /// A home of the test's own, its `PATH` with a stand-in `code` (VS Code is present when it is
    /// on `PATH`), its configuration home at `config` under the root.
    struct Home {
        let home: TemporaryHome
        let environment: [String: String]

        init(configHome: String = "config") throws {
            home = try TemporaryHome()
            let bin = home.root.appendingPathComponent("bin")
            try home.write("#!/bin/sh\nexit 0\n", to: "bin/code", mode: 0o755)
            var environment = home.environment()
            environment["PATH"] = bin.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
            environment["XDG_CONFIG_HOME"] = home.root.appendingPathComponent(configHome).path
            self.environment = environment
        }

        /// Whether `path` under the root exists (a file or a folder).
        func exists(_ path: String) -> Bool {
            FileManager.default.fileExists(atPath: home.root.appendingPathComponent(path).path)
        }

        /// The names in the folder `path` under the root, sorted; nil when it is not there.
        func contents(_ path: String) -> [String]? {
            try? FileManager.default.contentsOfDirectory(atPath: home.root.appendingPathComponent(path).path).sorted()
        }

        /// `fontd arguments…` in this home.
        func fontd(_ arguments: [String]) throws -> CommandResult {
            try CommandRunner.run(arguments, environment: environment, timeoutSeconds: 30)
        }

        /// Each target's state in `fontd desktop status --json`.
        func states() throws -> [String: String] {
            let status = try fontd(["desktop", "status", "--json"])
            let document = try JSONSerialization.jsonObject(with: Data(status.standardOutput.utf8)) as? [String: Any]
            let targets = document?["targets"] as? [String: [String: Any]] ?? [:]
            return targets.compactMapValues { $0["state"] as? String }
        }

        /// Excludes each of `names` and waits until the running server says each is excluded (it
        /// has put the files back by then).
        func exclude(_ names: [String]) throws {
            for name in names {
                let excluded = try fontd(["desktop", "exclude", name])
                #expect(excluded.status == 0, "\(excluded.standardError)")
            }
            try Wait.until("\(names) excluded", seen: { "\((try? states()) ?? [:])" }) {
                let states = try states()
                return names.allSatisfy { states[$0] == "excluded" }
            }
        }
    }

    /// Each program's files with fontd's part in them, under the configuration home.
    static let fontdsPart: [(program: String, file: String, part: String)] = [
        ("alacritty", "alacritty/fontd.yml", "size: "), ("alacritty", "alacritty/alacritty.yml", "import:"),
        ("kitty", "kitty/fontd.conf", "font_size "), ("kitty", "kitty/kitty.conf", "include fontd.conf"),
        ("foot", "foot/fontd.ini", ":size="), ("foot", "foot/foot.ini", "include="),
        ("vscode", "Code/User/settings.json", "\"editor.fontSize\": "),
    ]

    /// Waits until every file of `programs` under `configHome` holds fontd's part.
    static func awaitFontdsPart(in home: Home, configHome: String = "config", of programs: [String]) throws {
        for entry in fontdsPart where programs.contains(entry.program) {
            let path = configHome + "/" + entry.file
            try Wait.until("\(path) with \(entry.part)", seen: { home.home.text(path) ?? "no file" }) {
                home.home.text(path)?.contains(entry.part) == true
            }
        }
    }

    @Test func foldersFontdMadeForAProgramAreRemovedWholeOnExclude() throws {
        let home = try Home()
        let programs = ["alacritty", "kitty", "foot"]
        let server = try ServerProcess(["--bridge", programs.joined(separator: ",")], environment: home.environment)
        defer { server.stop() }
        try Self.awaitFontdsPart(in: home, of: programs)
        #expect(home.contents("config") == ["alacritty", "foot", "kitty"])

        try home.exclude(programs)
        #expect(home.contents("config") == [], "\(home.contents("config") ?? [])")
    }

    @Test func everyFolderFontdMadeAboveTheProgramsGoesOnUninstall() throws {
        // Neither the configuration home nor the folder it is in exists: fontd makes `fresh`,
        // `fresh/config` and kitty's folder, and VS Code's two (`Code`, `Code/User`).
        let home = try Home(configHome: "fresh/config")
        let server = try ServerProcess(["--bridge", "kitty,vscode"], environment: home.environment)
        defer { server.stop() }
        try Self.awaitFontdsPart(in: home, configHome: "fresh/config", of: ["kitty", "vscode"])
        #expect(home.contents("fresh/config") == ["Code", "kitty"])
        #expect(home.contents("fresh/config/Code/User") == ["fontd-settings-before.json", "settings.json"])
        #expect(server.terminate() == 0)

        let uninstall = try home.fontd(["desktop", "uninstall"])
        #expect(uninstall.status == 0, "\(uninstall.standardOutput)\(uninstall.standardError)")
        #expect(!home.exists("fresh"), "\(home.contents("fresh") ?? []) \(uninstall.standardOutput)")
        #expect(home.exists("state"))
    }

    @Test func aFolderTheReaderHadOrPutAFileInStays() throws {
        let home = try Home()
        // The reader's own folders: kitty's empty, foot's with a file of theirs (not foot.ini).
        try FileManager.default.createDirectory(at: home.home.configHome.appendingPathComponent("kitty"), withIntermediateDirectories: true)
        try home.home.write("mine\n", to: "config/foot/notes.txt")
        let server = try ServerProcess(["--bridge", "alacritty,kitty,foot"], environment: home.environment)
        defer { server.stop() }
        try Self.awaitFontdsPart(in: home, of: ["alacritty", "kitty", "foot"])
        // Alacritty's folder is fontd's; the reader adds a file of their own to it.
        try home.home.write("colors: {}\n", to: "config/alacritty/theme.yml")

        try home.exclude(["alacritty", "kitty", "foot"])
        #expect(home.contents("config/kitty") == [])
        #expect(home.contents("config/foot") == ["notes.txt"])
        #expect(home.contents("config/alacritty") == ["theme.yml"])
        #expect(home.home.text("config/alacritty/theme.yml") == "colors: {}\n")
    }
}
