import DesktopTestSupport
import DynamicType
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// `fontd serve --desktop x11` under a real Xvfb (docs/DESIGN.md §30 (KDE Plasma, X11, and
/// per-target limits)): `Xft.dpi` read back with `xrdb -query`, a real `xsettingsd` with a
/// configuration file of the test's own, its settings read back with `dump_xsettings`.
@Suite(.ownThread) struct X11DesktopTests {
    /// Xft.dpi for `category` from the reader's `base` (96 when they have none): `base` × its
    /// ratio in the default table, rounded (docs/DESIGN.md §34 (The reader's own sizes)).
    private func dpi(_ category: ContentSizeCategory, base: Double = 96) throws -> Int {
        let ratios = try #require(Fixtures.defaultTable.textScalingRatios)
        return Int((base * ratios[category]).rounded())
    }

    /// xsettingsd's Xft/DPI for `category` from the reader's own (96 × 1024 when they have none).
    private func xsettingsDPI(_ category: ContentSizeCategory, base: Double = 98304) throws -> Int {
        try dpi(category, base: base)
    }

    /// Serves `--desktop x11` on `display`, with the store at `store` when given.
    private func serve(on display: X11Display, store: String? = nil, _ arguments: [String] = ["--desktop", "x11"]) throws -> ServerProcess {
        try ServerProcess(arguments + (store.map { ["--store", $0] } ?? []), environment: display.environment)
    }

    private func setCategory(_ server: ServerProcess, _ category: ContentSizeCategory) throws {
        #expect(try server.client.put("/category", #"{"category":"\#(category.rawValue)"}"#).status == 200)
    }

    /// The resource database without its Xft.dpi line.
    private func otherResources(_ display: X11Display) throws -> [Substring] {
        try display.resources().split(separator: "\n").filter { !$0.hasPrefix("Xft.dpi:") }
    }

    /// The file's inode and modification time, in nanoseconds: what a rewrite would change.
    private func identity(_ file: URL) throws -> (inode: UInt64, modified: Int) {
        var info = stat()
        guard stat(file.path, &info) == 0 else { throw X11Display.ProgramError(description: "stat \(file.path): errno \(errno)") }
        return (UInt64(info.st_ino), info.st_mtim.tv_sec * 1_000_000_000 + info.st_mtim.tv_nsec)
    }

    @Test func theCategorySetsXftDPIAndOtherResourcesStay() throws {
        let display = try X11Display()
        defer { display.stop() }
        try display.mergeResources("Xcursor.size: 24\nfontd.test.kept: yes\nXft.dpi: 144\n")
        let before = try otherResources(display)
        #expect(before.contains("fontd.test.kept:\tyes"))

        let server = try serve(on: display)
        // At start: the root's category, l, whose ratio is 1: the reader's own 144.
        #expect(try display.xftDPI() == 144)
        try setCategory(server, .accessibilityMedium)
        #expect(try display.waitForXftDPI(dpi(.accessibilityMedium, base: 144)) == dpi(.accessibilityMedium, base: 144))
        try setCategory(server, .extraSmall)
        #expect(try display.waitForXftDPI(dpi(.extraSmall, base: 144)) == dpi(.extraSmall, base: 144))
        #expect(try otherResources(display) == before)
        #expect(server.terminate() == 0)
    }

    @Test func fontdCategorySetReachesXftDPI() throws {
        let display = try X11Display()
        defer { display.stop() }
        let server = try serve(on: display)
        let result = try CommandRunner.run(
            ["category", "set", "ax1", "--server", "http://127.0.0.1:\(server.port)"], environment: display.environment)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try display.waitForXftDPI(dpi(.accessibilityMedium)) == dpi(.accessibilityMedium))
    }

    @Test func xsettingsdGetsXftDPIOtherLinesStayAndItReloads() throws {
        let display = try X11Display()
        defer { display.stop() }
        let directory = try TestPaths.temporaryDirectory()
        let configuration = directory.appendingPathComponent("xsettingsd.conf")
        let head = "# the reader's own\nNet/ThemeName \"Adwaita\"\n\n"
        let tail = "Gtk/CursorThemeSize 24\nXft/Antialias 1   # kept as written\n"
        try (head + "Xft/DPI 98304\n" + tail).write(to: configuration, atomically: true, encoding: .utf8)
        let daemon = try display.startXSettingsDaemon(configuration: configuration)

        let server = try serve(on: display)
        try setCategory(server, .accessibilityMedium)
        let value = try xsettingsDPI(.accessibilityMedium)
        #expect(daemon.waitForLog(containing: "Reloading configuration"), "\(daemon.log())")
        #expect(try String(contentsOf: configuration, encoding: .utf8) == head + "Xft/DPI \(value)\n" + tail)
        #expect(try display.xsettings().contains("Xft/DPI \(value)\n"))
        #expect(try display.xsettings().contains("Net/ThemeName \"Adwaita\"\n"))
        #expect(daemon.isRunning)
        // At start the file held l's value already: only the PUT's change reloaded it.
        #expect(daemon.reloads == 1)
    }

    @Test func theSameValueTwiceWritesNothingTheSecondTime() throws {
        let display = try X11Display()
        defer { display.stop() }
        let directory = try TestPaths.temporaryDirectory()
        let store = directory.appendingPathComponent("fontd.sqlite").path
        let configuration = directory.appendingPathComponent("xsettingsd.conf")
        try "Net/ThemeName \"Adwaita\"".write(to: configuration, atomically: true, encoding: .utf8)
        let daemon = try display.startXSettingsDaemon(configuration: configuration)

        let first = try serve(on: display, store: store)
        // l's value, absent from the file: added at its end, after a line ending the file lacked.
        let large = try xsettingsDPI(.large)
        #expect(daemon.waitForLog(containing: "Reloading configuration"), "\(daemon.log())")
        #expect(try String(contentsOf: configuration, encoding: .utf8) == "Net/ThemeName \"Adwaita\"\nXft/DPI \(large)\n")
        try setCategory(first, .accessibilityLarge)
        let value = try xsettingsDPI(.accessibilityLarge)
        #expect(daemon.waitForLog(containing: "Reloading configuration", count: 2), "\(daemon.log())")
        #expect(try String(contentsOf: configuration, encoding: .utf8) == "Net/ThemeName \"Adwaita\"\nXft/DPI \(value)\n")
        let written = try identity(configuration)
        #expect(first.terminate() == 0)

        // A second server on the same store starts at ax2 and finds the file holding its value.
        let second = try serve(on: display, store: store)
        #expect(try display.waitForXftDPI(dpi(.accessibilityLarge)) == dpi(.accessibilityLarge))
        let identityAfter = try identity(configuration)
        #expect(identityAfter.inode == written.inode && identityAfter.modified == written.modified)
        #expect(daemon.reloads == 2)
        #expect(second.terminate() == 0)
        #expect(try identity(configuration).inode == written.inode)
    }

    @Test func x11WithoutDisplayIsRefusedInOneLine() throws {
        var environment = PinnedFonts.environment
        environment["DISPLAY"] = nil
        for arguments in [["--desktop", "x11"], ["--desktop", "x11", "--desktop-scope", "alice"]] {
            let store = try TestPaths.temporaryDirectory().appendingPathComponent("fontd.sqlite").path
            let result = try CommandRunner.run(
                ["serve", "--port", "0", "--store", store] + arguments, environment: environment, timeoutSeconds: 10)
            #expect(result.status == 1)
            #expect(result.standardOutput.isEmpty)
            #expect(
                result.standardError
                    == "fontd: error: cannot join the X11 desktop: DISPLAY is not set; run fontd in the X session, or set DISPLAY\n")
        }
    }

    @Test func autoWithoutDisplayServesWithoutX11AndSaysWhy() throws {
        var environment = PinnedFonts.environment
        environment["DISPLAY"] = nil
        // No GNOME either: an empty schema directory.
        environment["GSETTINGS_SCHEMA_DIR"] = try TestPaths.temporaryDirectory().path
        environment["XDG_DATA_DIRS"] = "/nonexistent"
        environment["XDG_DATA_HOME"] = "/nonexistent"
        let server = try ServerProcess(["--desktop", "auto"], environment: environment)
        try server.waitForLog(containing: "listening")
        #expect(
            server.standardError().components(separatedBy: "serving without X11 (--desktop auto)").count == 2, "\(server.standardError())")
        #expect(server.terminate() == 0)
    }

    @Test func gnomeAndX11TogetherCarryTheKeysCategoryToXftDPI() throws {
        let gnome = try GnomeDesktop()
        let display = try X11Display(base: gnome.environment)
        defer { display.stop() }
        try gnome.set(1.25)
        let server = try serve(on: display, ["--desktop", "gnome,x11"])
        // The key sets xxl at start, before X11 is written.
        #expect(try display.waitForXftDPI(dpi(.extraExtraLarge)) == dpi(.extraExtraLarge))
        try setCategory(server, .accessibilityMedium)
        #expect(try gnome.waitForFactor(1.65) == 1.65)
        #expect(try display.waitForXftDPI(dpi(.accessibilityMedium)) == dpi(.accessibilityMedium))
    }

    @Test(arguments: [["--desktop", "plasma"], ["--desktop", "gnome,kde"], ["--desktop", "x11,x11"], ["--desktop", "gnome,"]])
    func badDesktopListsAreOneLine(_ arguments: [String]) throws {
        let store = try TestPaths.temporaryDirectory().appendingPathComponent("fontd.sqlite").path
        let result = try CommandRunner.run(["serve", "--port", "0", "--store", store] + arguments, timeoutSeconds: 10)
        #expect(result.status != 0)
        #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)")
        #expect(result.standardError.contains("--desktop"), "\(result.standardError)")
    }
}
