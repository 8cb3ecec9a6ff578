import DesktopTestSupport
import DynamicType
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// `fontd serve --bridge` with Debian's real kitty, Alacritty and foot (docs/DESIGN.md §31
/// (Terminals and editors)): each started with fontd's include in place, under Xvfb (foot under
/// weston on it), and shown to take the size `fontd category set ax1` makes.
@Suite(.ownThread) struct TerminalBridgeTests {
    /// A display, a home, and a `fontd serve --bridge programs` in them.
    struct Session {
        let display: X11Display
        let home: TemporaryHome
        let server: ServerProcess
        let environment: [String: String]

        init(_ programs: String, readerFiles: [String: String] = [:]) throws {
            display = try X11Display()
            home = try TemporaryHome()
            for (path, text) in readerFiles { try home.write(text, to: "config/" + path) }
            environment = home.environment(display.environment.filter { ["DISPLAY", "PATH"].contains($0.key) })
                .merging(["LIBGL_ALWAYS_SOFTWARE": "1", "SHELL": "/bin/sh"]) { $1 }
            server = try ServerProcess(["--bridge", programs], environment: environment)
        }

        /// `base` at `category` (docs/DESIGN.md §34 (The reader's own sizes)): × `body`'s point size
        /// there ÷ at `l`, as the server answers them.
        func points(_ base: Double, _ category: ContentSizeCategory) throws -> Double {
            func body(_ category: ContentSizeCategory) throws -> Double {
                let response = try server.client.get("/font?style=body&category=\(category.rawValue)")
                return try JSONDecoder().decode(ResolvedFont.self, from: Data(response.body)).matchedFace.pointSize
            }
            return base * (try body(category)) / (try body(.large))
        }

        /// `fontd category set category` against the server.
        func setCategory(_ category: ContentSizeCategory) throws {
            let result = try CommandRunner.run(
                ["category", "set", category.rawValue, "--server", "http://127.0.0.1:\(server.port)"], environment: environment)
            #expect(result.status == 0, "\(result.standardError)")
        }

        /// Waits for the server's log to say `text`.
        func waitForServerLog(_ text: String) -> Bool {
            (try? server.waitForLog(containing: text)) != nil
        }

        func stop() {
            _ = server.terminate()
            display.stop()
        }
    }

    /// One decimal, as kitty's and Alacritty's files carry it.
    private func decimal(_ points: Double) -> String { String(format: "%.1f", tenth(points)) }

    /// The size rounded to a tenth of a point, as fontd writes it.
    private func tenth(_ points: Double) -> Double { (points * 10).rounded() / 10 }

    @Test func aMisspelledProgramIsRefusedWithDidYouMean() throws {
        let result = try CommandRunner.run(["serve", "--port", "0", "--bridge", "kitty,alacrity"])
        #expect(result.status == 64)
        #expect(
            result.standardError.contains(
                "unknown program 'alacrity'; expected kitty, alacritty, foot, wezterm, ghostty, vscode, auto. Did you mean 'alacritty'?"),
            "\(result.standardError)")
    }

    @Test func kittyReloadsTheNewSizeAndKeepsRunning() throws {
        let socket = try TestPaths.temporaryDirectory().appendingPathComponent("kitty").path
        let own = "font_size 11.0\nallow_remote_control yes\nlisten_on unix:\(socket)\n"
        let session = try Session("kitty", readerFiles: ["kitty/kitty.conf": own])
        defer { session.stop() }
        // At l the reader's own 11.0; at ax1 11 × r.
        let large = decimal(try session.points(11, .large))
        let larger = decimal(try session.points(11, .accessibilityMedium))
        #expect(large == "11.0")
        #expect(session.home.text("config/kitty/fontd.conf")?.hasSuffix("font_size \(large)\n") == true)
        let kitty = try TerminalProcess(["/usr/bin/kitty"], environment: session.environment, in: session.home.root)
        defer { kitty.stop() }
        // kitty's columns in its fixed window: fewer once the font is larger.
        let columns = { () -> Int? in
            let listed = try? CommandRunner.run(
                ["@", "--to", "unix:\(socket)-\(kitty.pid)", "ls"], executable: URL(fileURLWithPath: "/usr/bin/kitty"),
                environment: session.environment)
            guard let text = listed?.standardOutput, let range = text.range(of: "\"columns\": ") else { return nil }
            return Int(text[range.upperBound...].prefix { $0.isNumber })
        }
        #expect(kitty.waitUntil { columns() != nil }, "\(kitty.log())")
        let before = try #require(columns())
        try session.setCategory(.accessibilityMedium)
        #expect(kitty.waitUntil { (columns() ?? before) < before }, "\(kitty.log())")
        #expect(session.home.text("config/kitty/fontd.conf")?.hasSuffix("font_size \(larger)\n") == true)
        #expect(kitty.isRunning)
        let excluded = try CommandRunner.run(["desktop", "exclude", "kitty"], environment: session.environment)
        #expect(excluded.status == 0, "\(excluded.standardError)")
        #expect(session.home.text("config/kitty/kitty.conf") == own)
        #expect(session.home.text("config/kitty/fontd.conf") == nil)
    }

    @Test func alacrittyElevenReloadsTheImportedSizeAndKeepsRunning() throws {
        // The reader's own size, which Alacritty's importing file makes win over any import.
        let own = "font:\n  size: 12.5 # mine\nwindow:\n  dimensions:\n    columns: 80\n    lines: 24\n"
        let session = try Session("alacritty", readerFiles: ["alacritty/alacritty.yml": own])
        defer { session.stop() }
        #expect(
            session.home.text("config/alacritty/alacritty.yml")?.contains(
                "import:\n  - \(session.home.configHome.path)/alacritty/fontd.yml\n") == true)
        let alacritty = try TerminalProcess(["/usr/bin/alacritty", "-vv"], environment: session.environment, in: session.home.root)
        defer { alacritty.stop() }
        #expect(alacritty.waitForLog(containing: "Initialisation complete"), "\(alacritty.log())")
        // At l the reader's own 12.5 stands, as they wrote it.
        #expect(session.home.text("config/alacritty/alacritty.yml")?.contains("font:\n  size: 12.5 # mine\n") == true)
        try session.setCategory(.accessibilityMedium)
        // Alacritty's size unit is half a point: Size(2 × points), of 12.5 × r.
        let scaled = tenth(try session.points(12.5, .accessibilityMedium))
        #expect(alacritty.waitForLog(containing: "Font size changed to Size(\(Int((scaled * 2).rounded(.down))))"), "\(alacritty.log())")
        #expect(session.home.text("config/alacritty/alacritty.yml")?.contains("font:\n  size: \(decimal(scaled)) # mine\n") == true)
        #expect(alacritty.log().contains("Reloading configuration file"))
        #expect(alacritty.isRunning)
        let excluded = try CommandRunner.run(["desktop", "exclude", "alacritty"], environment: session.environment)
        #expect(excluded.status == 0, "\(excluded.standardError)")
        #expect(session.home.text("config/alacritty/alacritty.yml") == own)
        #expect(session.home.text("config/alacritty/fontd.yml") == nil)
    }

    /// A file that starts with a UTF-8 byte order mark keeps it first (docs/DESIGN.md §35 (Editing a reader's
    /// file)): fontd's lines go after it, and Alacritty 0.11, which rejects a whole file whose mark is not at its
    /// very start, reads the file, the reader's own size in it and fontd's import.
    @Test func alacrittyElevenReadsAFileThatStartsWithAByteOrderMark() throws {
        let mark = "\u{FEFF}"
        let own = mark + "font:\n  size: 12.5 # mine\nwindow:\n  dimensions:\n    columns: 80\n    lines: 24\n"
        let session = try Session("alacritty", readerFiles: ["alacritty/alacritty.yml": own])
        defer { session.stop() }
        let edited = try #require(session.home.text("config/alacritty/alacritty.yml"))
        #expect(edited.hasPrefix(mark + "# The reader's text size, from fontd"), "\(edited.prefix(60).debugDescription)")
        let alacritty = try TerminalProcess(["/usr/bin/alacritty", "-vv"], environment: session.environment, in: session.home.root)
        defer { alacritty.stop() }
        #expect(alacritty.waitForLog(containing: "Initialisation complete"), "\(alacritty.log())")
        try session.setCategory(.accessibilityMedium)
        // Alacritty's size unit is half a point: Size(2 × points), of the reader's 12.5 × r, which only a file
        // Alacritty read whole gives it.
        let scaled = tenth(try session.points(12.5, .accessibilityMedium))
        #expect(alacritty.waitForLog(containing: "Font size changed to Size(\(Int((scaled * 2).rounded(.down))))"), "\(alacritty.log())")
        #expect(session.home.text("config/alacritty/alacritty.yml")?.contains(mark + "# The reader's text size, from fontd") == true)
        #expect(!alacritty.log().contains("Unable to load config"), "\(alacritty.log())")
        #expect(alacritty.isRunning)
        let excluded = try CommandRunner.run(["desktop", "exclude", "alacritty"], environment: session.environment)
        #expect(excluded.status == 0, "\(excluded.standardError)")
        #expect(session.home.text("config/alacritty/alacritty.yml") == own)
    }

    @Test func footAppliesTheSizeAtItsNextStart() throws {
        let session = try Session("foot", readerFiles: ["foot/foot.ini": "font=DejaVu Sans Mono:size=10\n"])
        defer { session.stop() }
        let wayland = try HeadlessWayland(in: session.home.root, x11: session.display)
        let environment = session.environment.merging(wayland.clientEnvironment) { $1 }
        let foot = try TerminalProcess(["/usr/bin/foot", "-d", "info"], environment: environment, in: session.home.root)
        defer { foot.stop() }
        let large = String(format: "%.2fpt", tenth(try session.points(10, .large)))
        #expect(foot.waitForLog(containing: "size=\(large)"), "\(foot.log())")
        try session.setCategory(.accessibilityMedium)
        #expect(session.waitForServerLog("applies it at the next start"), "\(session.server.standardError())")
        // The start's write said that too: foot starts again only once its runner has written ax1's size.
        let written = String(format: "%g", tenth(try session.points(10, .accessibilityMedium)))
        try Wait.until("foot's fontd.ini at ax1's size", seen: { session.home.text("config/foot/fontd.ini") ?? "no fontd.ini" }) {
            session.home.text("config/foot/fontd.ini")?.hasSuffix(":size=\(written)\n") == true
        }
        #expect(foot.isRunning)
        foot.stop()
        let again = try TerminalProcess(["/usr/bin/foot", "-d", "info"], environment: environment, in: session.home.root)
        defer { again.stop() }
        let larger = String(format: "%.2fpt", tenth(try session.points(10, .accessibilityMedium)))
        #expect(again.waitForLog(containing: "size=\(larger)"), "\(again.log())")
    }
}
