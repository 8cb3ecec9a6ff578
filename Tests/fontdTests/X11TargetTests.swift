import DesktopTestSupport
import DynamicType
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// X11 as a desktop target (docs/DESIGN.md §30 (KDE Plasma, X11, and per-target limits)): excluded,
/// neither `Xft.dpi` nor xsettingsd's file is touched; `fontd desktop exclude x11` puts back what
/// fontd found before its first write; a failed write leaves the file and says why — under a real
/// Xvfb with a real xsettingsd.
@Suite(.ownThread) struct X11TargetTests {
    private func dpi(_ category: ContentSizeCategory, base: Double = 96) throws -> Int {
        Int((base * (try #require(Fixtures.defaultTable.textScalingRatios))[category]).rounded())
    }

    private func setCategory(_ server: ServerProcess, _ category: ContentSizeCategory) throws {
        #expect(try server.client.put("/category", #"{"category":"\#(category.rawValue)"}"#).status == 200)
    }

    private func x11Status(_ display: X11Display) throws -> [String: Any]? {
        let status = try CommandRunner.run(["desktop", "status", "--json"], environment: display.environment)
        let document = try JSONSerialization.jsonObject(with: Data(status.standardOutput.utf8)) as? [String: Any]
        return (document?["targets"] as? [String: [String: Any]])?["x11"]
    }

    private let reader = "Net/ThemeName \"Adwaita\"\nXft/DPI 98304\nGtk/CursorThemeSize 24\n"

    @Test func anExcludedX11IsUntouchedThroughTenChanges() throws {
        let display = try X11Display()
        defer { display.stop() }
        try display.mergeResources("Xft.dpi: 144\n")
        let configuration = try TestPaths.temporaryDirectory().appendingPathComponent("xsettingsd.conf")
        try reader.write(to: configuration, atomically: true, encoding: .utf8)
        let daemon = try display.startXSettingsDaemon(configuration: configuration)
        let state = try #require(display.environment["XDG_STATE_HOME"])
        try FileManager.default.createDirectory(atPath: state + "/fontd", withIntermediateDirectories: true)
        try Data(#"{"excluded":["x11"]}"#.utf8).write(to: URL(fileURLWithPath: state + "/fontd/desktop-targets.json"))

        let server = try ServerProcess(["--desktop", "x11"], environment: display.environment)
        defer { server.stop() }
        for category in [
            ContentSizeCategory.extraLarge, .accessibilityMedium, .small, .accessibilityExtraExtraExtraLarge, .medium,
            .extraExtraLarge, .accessibilityLarge, .extraSmall, .extraExtraExtraLarge, .accessibilityExtraLarge,
        ] {
            try setCategory(server, category)
        }
        #expect(try x11Status(display)?["state"] as? String == "excluded")
        #expect(!daemon.waitForLog(containing: "Reloading configuration", seconds: 1.5))
        #expect(try String(contentsOf: configuration, encoding: .utf8) == reader)
        #expect(try display.xftDPI() == 144)
    }

    @Test func excludePutsBackWhatFontdFoundAndIncludeWritesAgain() throws {
        let display = try X11Display()
        defer { display.stop() }
        try display.mergeResources("Xft.dpi: 144\nfontd.test.kept: yes\n")
        let configuration = try TestPaths.temporaryDirectory().appendingPathComponent("xsettingsd.conf")
        try reader.write(to: configuration, atomically: true, encoding: .utf8)
        let daemon = try display.startXSettingsDaemon(configuration: configuration)
        let server = try ServerProcess(["--desktop", "x11"], environment: display.environment)
        defer { server.stop() }
        try setCategory(server, .accessibilityMedium)
        #expect(try display.waitForXftDPI(dpi(.accessibilityMedium, base: 144)) == dpi(.accessibilityMedium, base: 144))
        // At start the file held l's value already: only ax1 reloaded it.
        #expect(daemon.waitForLog(containing: "Reloading configuration"), "\(daemon.log())")

        let excluded = try CommandRunner.run(["desktop", "exclude", "x11"], environment: display.environment)
        #expect(excluded.status == 0 && excluded.standardOutput.contains("x11 excluded: fontd serve (pid"), "\(excluded.standardOutput)")
        #expect(try display.xftDPI() == 144)
        #expect(try display.resources().contains("fontd.test.kept:\tyes"))
        #expect(try String(contentsOf: configuration, encoding: .utf8) == reader)
        #expect(daemon.waitForLog(containing: "Reloading configuration", count: 2), "\(daemon.log())")

        let included = try CommandRunner.run(["desktop", "include", "x11"], environment: display.environment)
        #expect(included.status == 0 && included.standardOutput.contains("applied ax1"), "\(included.standardOutput)")
        #expect(try display.waitForXftDPI(dpi(.accessibilityMedium, base: 144)) == dpi(.accessibilityMedium, base: 144))
    }

    @Test func excludeRemovesAnXftDPIThereWasNotAndKeepsTheOtherResources() throws {
        let display = try X11Display()
        defer { display.stop() }
        try display.mergeResources("Xcursor.size: 24\n")
        let server = try ServerProcess(["--desktop", "x11"], environment: display.environment)
        defer { server.stop() }
        try setCategory(server, .extraExtraLarge)
        #expect(try display.waitForXftDPI(dpi(.extraExtraLarge)) == dpi(.extraExtraLarge))
        #expect(try CommandRunner.run(["desktop", "exclude", "x11"], environment: display.environment).status == 0)
        #expect(try display.xftDPI() == nil)
        #expect(try display.resources() == "Xcursor.size:\t24\n")
    }

    @Test func aFailedWriteLeavesTheFileAndStatusSaysWhyInOneLine() throws {
        let display = try X11Display()
        defer { display.stop() }
        let disk = try SmallDisk(kibibytes: 256)
        let configuration = URL(fileURLWithPath: disk.path).appendingPathComponent("xsettingsd.conf")
        try reader.write(to: configuration, atomically: true, encoding: .utf8)
        _ = try display.startXSettingsDaemon(configuration: configuration)
        let server = try ServerProcess(["--desktop", "x11"], environment: display.environment)
        defer { server.stop() }
        #expect(try x11Status(display)?["state"] as? String == "applied")

        try disk.fill()
        try setCategory(server, .accessibilityLarge)
        let status = try Wait.value("the X11 target to fail") {
            try x11Status(display).flatMap { $0["state"] as? String == "failed" ? $0 : nil }
        }
        let reason = try #require(status["detail"] as? String)
        #expect(reason.hasPrefix("the xsettingsd configuration ") && !reason.contains("\n"), "\(reason)")
        #expect(try String(contentsOf: configuration, encoding: .utf8) == reader)
        // No temporary file is left (the daemon's log is the test's own).
        let left = try FileManager.default.contentsOfDirectory(atPath: disk.path).filter { !$0.hasPrefix("xsettingsd-") }.sorted()
        #expect(left == ["filler", "xsettingsd.conf"], "\(left)")
    }
}
