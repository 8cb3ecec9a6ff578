import DesktopTestSupport
import DynamicType
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// The reader's files as the reader keeps them (docs/DESIGN.md §35 (Editing a reader's file)):
/// links into a dotfiles folder stay links, CRLF line endings, a UTF-8 byte order mark and Latin-1
/// bytes stay byte for byte outside fontd's lines and come back exactly on `exclude`, a dangling
/// link is refused in one line, and a read-only file is left alone and reported — against the
/// built `fontd serve`, `fontd desktop` and the real programs' file formats.
@Suite(.ownThread) struct ReaderFileShapeTests {
    static let latin1: [UInt8] = Array("# caf".utf8) + [0xE9] + Array(" (Latin-1)".utf8)
    static let crlf: [UInt8] = [0x0D, 0x0A]
    static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Each program's file (under the configuration home), as bytes a reader could have.
    static let readerFiles: [(program: String, path: String, bytes: [UInt8])] = [
        ("kitty", "kitty/kitty.conf", latin1 + crlf + Array("font_family DejaVu Sans Mono".utf8) + crlf),
        ("alacritty", "alacritty/alacritty.yml", bom + Array("font:\n  normal:\n    family: DejaVu Sans Mono\n".utf8)),
        (
            "foot", "foot/foot.ini",
            Array("font=Fira Code:size=10".utf8) + crlf + Array("[colors]".utf8) + crlf + Array("alpha=1.0".utf8) + crlf
        ),
        ("ghostty", "ghostty/config", latin1 + Array("\nfont-family = DejaVu Sans Mono\n".utf8)),
        (
            "vscode", "Code/User/settings.json",
            bom + Array("{".utf8) + crlf + Array("    \"workbench.colorTheme\": \"Default Dark+\"".utf8) + crlf + Array("}".utf8) + crlf
        ),
    ]

    static func bytes(_ path: String) -> [UInt8]? { FileManager.default.contents(atPath: path).map { Array($0) } }

    static func isLink(_ path: String) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil
    }

    /// `fontd desktop status --json`'s targets.
    static func targets(_ environment: [String: String]) throws -> [String: [String: Any]] {
        let status = try CommandRunner.run(["desktop", "status", "--json"], environment: environment, timeoutSeconds: 10)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(status.standardOutput.utf8)) as? [String: Any], "\(status.standardError)")
        return try #require(document["targets"] as? [String: [String: Any]])
    }

    @Test func everyTerminalsFileLinkedIntoDotfilesStaysALinkAndKeepsItsBytes() throws {
        let home = try TemporaryHome()
        let dotfiles = home.root.appendingPathComponent("dotfiles").path
        try FileManager.default.createDirectory(atPath: dotfiles, withIntermediateDirectories: true)
        for file in Self.readerFiles {
            let link = home.configHome.path + "/" + file.path
            try FileManager.default.createDirectory(
                atPath: (link as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            #expect(FileManager.default.createFile(atPath: dotfiles + "/" + file.program, contents: Data(file.bytes)))
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: dotfiles + "/" + file.program)
        }
        let server = try ServerProcess(["--bridge", "kitty,alacritty,foot,ghostty,vscode"], environment: home.environment())
        defer { server.stop() }
        let targets = try Self.targets(home.environment())
        for file in Self.readerFiles {
            let state = targets[file.program]?["state"] as? String
            #expect(state == "applied" || state == "restart", "\(file.program): \(targets[file.program] ?? [:])")
            let link = home.configHome.path + "/" + file.path
            #expect(Self.isLink(link), "\(file.program)'s file is no longer a link")
            let now = try #require(Self.bytes(dotfiles + "/" + file.program))
            #expect(now != file.bytes, "\(file.program)'s file was not changed through its link")
        }
        let kitty = try #require(Self.bytes(dotfiles + "/kitty"))
        #expect(kitty.starts(with: Self.readerFiles[0].bytes), "the Latin-1 byte and the CRLF lines stay as they were")
        #expect(
            kitty.dropFirst(Self.readerFiles[0].bytes.count).elementsEqual(
                Array(
                    "# The reader's text size, from fontd (fontd desktop exclude kitty removes these lines)\r\ninclude fontd.conf\r\n".utf8)
            ))
        let alacritty = try #require(Self.bytes(dotfiles + "/alacritty"))
        #expect(alacritty.starts(with: Self.bom + Array("# The reader's text size, from fontd".utf8)), "\(alacritty.prefix(8))")
        #expect(alacritty.suffix(Self.readerFiles[1].bytes.count - 3).elementsEqual(Self.readerFiles[1].bytes.dropFirst(3)))
        let fontIni = String(decoding: try #require(Self.bytes(home.configHome.path + "/foot/fontd.ini")), as: UTF8.self)
        #expect(fontIni.contains("font=Fira Code:size="), "\(fontIni)")
        let settings = try #require(Self.bytes(dotfiles + "/vscode"))
        #expect(
            settings.starts(
                with: Self.bom + Array("{\r\n    \"workbench.colorTheme\": \"Default Dark+\",\r\n    \"editor.fontSize\": ".utf8)))

        for file in Self.readerFiles {
            let excluded = try CommandRunner.run(["desktop", "exclude", file.program], environment: home.environment(), timeoutSeconds: 10)
            #expect(excluded.status == 0, "\(excluded.standardError)")
            #expect(Self.isLink(home.configHome.path + "/" + file.path))
            #expect(Self.bytes(dotfiles + "/" + file.program) == file.bytes, "\(file.program) is not as the reader had it")
        }
    }

    @Test func aDanglingLinkIsRefusedInOneLineAndLeftALink() throws {
        let home = try TemporaryHome()
        let link = home.configHome.path + "/kitty/kitty.conf"
        let missing = home.root.appendingPathComponent("dotfiles/kitty.conf").path
        try FileManager.default.createDirectory(atPath: home.configHome.path + "/kitty", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: missing)
        let server = try ServerProcess(["--bridge", "kitty"], environment: home.environment())
        defer { server.stop() }
        let kitty = try #require(try Self.targets(home.environment())["kitty"])
        let detail = kitty["detail"] as? String ?? ""
        #expect(kitty["state"] as? String == "failed", "\(kitty)")
        #expect(detail.contains("symbolic link") && detail.contains(missing) && !detail.contains("\n"), "\(detail)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == missing)
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    @Test func aReadOnlyFileIsLeftAloneAndTheStatusSaysSo() throws {
        let home = try TemporaryHome()
        try home.write("font_family DejaVu Sans Mono\n", to: "config/kitty/kitty.conf", mode: 0o444)
        try home.write("{\n    \"editor.fontSize\": 14\n}\n", to: "config/Code/User/settings.json", mode: 0o444)
        let files = ["kitty/kitty.conf", "Code/User/settings.json"].map { home.configHome.path + "/" + $0 }
        let before = try files.map { try FileManager.default.attributesOfItem(atPath: $0)[.modificationDate] as? Date }
        let contents = files.map(Self.bytes)
        let server = try ServerProcess(["--bridge", "kitty,vscode"], environment: home.environment())
        defer { server.stop() }
        #expect(try server.client.put("/category", #"{"category":"xl"}"#).status == 200)
        let targets = try Self.targets(home.environment())
        for name in ["kitty", "vscode"] {
            #expect(targets[name]?["state"] as? String == "read-only", "\(targets[name] ?? [:])")
            #expect((targets[name]?["line"] as? String)?.hasPrefix("read-only: ") == true, "\(targets[name] ?? [:])")
        }
        #expect(files.map(Self.bytes) == contents)
        #expect(try files.map { try FileManager.default.attributesOfItem(atPath: $0)[.modificationDate] as? Date } == before)
    }

    @Test func kdeglobalsLinkedIntoDotfilesWithALatin1LineKeepsItsBytes() throws {
        let desktop = try KDEDesktop(globals: nil)
        let dotfiles = try TestPaths.temporaryDirectory().appendingPathComponent("kdeglobals").path
        let original = Self.latin1 + [0x0A] + Array(KDEDesktopTests.globals.utf8)
        #expect(FileManager.default.createFile(atPath: dotfiles, contents: Data(original)))
        try FileManager.default.createSymbolicLink(atPath: desktop.globals.path, withDestinationPath: dotfiles)
        let server = try ServerProcess(["--desktop", "kde"], environment: desktop.environment)
        defer { server.stop() }
        #expect(try server.client.put("/category", #"{"category":"ax3"}"#).status == 200)
        #expect(Wait.holds { Self.bytes(dotfiles).map { !$0.elementsEqual(original) } == true })
        #expect(Self.isLink(desktop.globals.path))
        #expect(try #require(Self.bytes(dotfiles)).starts(with: Self.latin1 + [0x0A]))
        let excluded = try CommandRunner.run(["desktop", "exclude", "kde"], environment: desktop.environment, timeoutSeconds: 10)
        #expect(excluded.status == 0, "\(excluded.standardError)")
        #expect(Self.isLink(desktop.globals.path))
        #expect(Self.bytes(dotfiles) == original)
    }

    @Test func portalsConfWithCRLFKeepsItsLinesAndADanglingLinkIsRefused() throws {
        let home = try TemporaryHome()
        let crlf = "# mine\r\n[preferred]\r\ndefault=gnome;gtk;\r\norg.freedesktop.impl.portal.Settings=gnome;gtk;\r\n"
        try home.write(crlf, to: "config/xdg-desktop-portal/portals.conf")
        let environment = home.environment(["XDG_CURRENT_DESKTOP": "GNOME"])
        // A portal that reads the user's portals folder, so that install succeeds here whatever xdg-desktop-portal
        // the machine has (docs/DESIGN.md §36 (The target board)): Debian 12's 1.16 makes it exit 1.
        let portal = try DesktopInstallTests.standInPortal(version: "1.20.1", under: try TestPaths.temporaryDirectory())
        let desktop = { (command: String) in ["desktop", command, "--portal-executable", portal.path] }
        let install = try CommandRunner.run(desktop("install"), environment: environment, timeoutSeconds: 20)
        #expect(install.status == 0, "\(install.standardError)")
        #expect(
            home.text("config/xdg-desktop-portal/portals.conf")
                == "# mine\r\n[preferred]\r\ndefault=gnome;gtk;\r\norg.freedesktop.impl.portal.Settings=fontd;gnome;gtk;\r\n")
        let uninstall = try CommandRunner.run(desktop("uninstall"), environment: environment, timeoutSeconds: 20)
        #expect(uninstall.status == 0, "\(uninstall.standardError)")
        #expect(home.text("config/xdg-desktop-portal/portals.conf") == crlf)

        let link = home.portalConfig.appendingPathComponent("portals.conf").path
        let missing = home.root.appendingPathComponent("dotfiles/portals.conf").path
        try FileManager.default.removeItem(atPath: link)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: missing)
        let refused = try CommandRunner.run(desktop("install"), environment: environment, timeoutSeconds: 20)
        #expect(refused.status == 1)
        let lines = refused.standardError.split(separator: "\n")
        #expect(lines.count == 1 && refused.standardError.contains("symbolic link"), "\(refused.standardError)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == missing)
        #expect(!FileManager.default.fileExists(atPath: missing))
    }
}
