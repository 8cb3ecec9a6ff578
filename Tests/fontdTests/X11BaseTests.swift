import DesktopTestSupport
import DynamicType
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// The reader's own `Xft.dpi` as X11's base (docs/DESIGN.md §34 (The reader's own sizes)), under a
/// real Xvfb (`-noreset`: the resource database outlives every client) with the reader's
/// `Xft.dpi: 192`, a 2× screen: 192 at `l`, 192 × the category's ratio elsewhere, 192 again after
/// `exclude` and `uninstall`, kept across a SIGKILL, and the reader's own new value taken as the base.
@Suite(.ownThread) struct X11BaseTests {
    /// round(`base` × `category`'s ratio in the default table).
    private func dpi(_ base: Double, _ category: ContentSizeCategory) throws -> Int {
        Int((base * (try #require(Fixtures.defaultTable.textScalingRatios))[category]).rounded())
    }

    private func setCategory(_ server: ServerProcess, _ category: ContentSizeCategory) throws {
        #expect(try server.client.put("/category", #"{"category":"\#(category.rawValue)"}"#).status == 200)
    }

    /// A display of a home of the test's own, holding the reader's `Xft.dpi: 192`.
    private func hiDPIDisplay() throws -> (TemporaryHome, X11Display) {
        let home = try TemporaryHome()
        let display = try X11Display(base: home.environment())
        try display.mergeResources("Xft.dpi: 192\nfontd.test.kept: yes\n")
        return (home, display)
    }

    @Test func theReadersXftDPIIsTheBaseAndComesBackOnExcludeAndUninstall() throws {
        let (_, display) = try hiDPIDisplay()
        defer { display.stop() }
        let server = try ServerProcess(["--desktop", "x11"], environment: display.environment)
        defer { server.stop() }
        // At start, at l: the reader's own 192, not 96.
        #expect(try display.xftDPI() == 192)
        try setCategory(server, .accessibilityMedium)
        #expect(try display.waitForXftDPI(dpi(192, .accessibilityMedium)) == dpi(192, .accessibilityMedium))
        try setCategory(server, .extraSmall)
        #expect(try display.waitForXftDPI(dpi(192, .extraSmall)) == dpi(192, .extraSmall))

        let excluded = try CommandRunner.run(["desktop", "exclude", "x11"], environment: display.environment)
        #expect(excluded.status == 0, "\(excluded.standardError)")
        #expect(try display.xftDPI() == 192)
        #expect(try display.resources().contains("fontd.test.kept:\tyes"))

        let included = try CommandRunner.run(["desktop", "include", "x11"], environment: display.environment)
        #expect(included.status == 0, "\(included.standardError)")
        #expect(try display.waitForXftDPI(dpi(192, .extraSmall)) == dpi(192, .extraSmall))
        #expect(server.terminate() == 0)

        // The server stopped leaves xs's value; uninstall puts the reader's own back.
        #expect(try display.xftDPI() == dpi(192, .extraSmall))
        let uninstall = try CommandRunner.run(["desktop", "uninstall"], environment: display.environment)
        #expect(uninstall.status == 0, "\(uninstall.standardError)")
        #expect(uninstall.standardOutput.contains("x11: put back your own Xft.dpi"), "\(uninstall.standardOutput)")
        #expect(try display.xftDPI() == 192)
    }

    @Test func aServerKilledAtAx1KeepsTheBaseForTheNext() throws {
        let (_, display) = try hiDPIDisplay()
        defer { display.stop() }
        let first = try ServerProcess(["--desktop", "x11"], environment: display.environment)
        try setCategory(first, .accessibilityMedium)
        #expect(try display.waitForXftDPI(dpi(192, .accessibilityMedium)) == dpi(192, .accessibilityMedium))
        first.process.kill()

        // fontd's own write is what the database holds; the next server (a fresh store: l) knows it for fontd's.
        #expect(try display.xftDPI() == dpi(192, .accessibilityMedium))
        let second = try ServerProcess(["--desktop", "x11"], environment: display.environment)
        defer { second.stop() }
        #expect(try display.waitForXftDPI(192) == 192)
        let status = try CommandRunner.run(["desktop", "status", "--json"], environment: display.environment)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(status.standardOutput.utf8)) as? [String: Any])
        let x11 = try #require((document["targets"] as? [String: [String: Any]])?["x11"])
        #expect(x11["base"] as? String == "Xft.dpi 192", "\(x11)")
        #expect(x11["value"] as? String == "Xft.dpi 192", "\(x11)")
    }

    @Test func theReadersOwnChangeWhileFontdRunsIsTheNewBase() throws {
        let (_, display) = try hiDPIDisplay()
        defer { display.stop() }
        let server = try ServerProcess(["--desktop", "x11"], environment: display.environment)
        defer { server.stop() }
        try setCategory(server, .extraLarge)
        #expect(try display.waitForXftDPI(dpi(192, .extraLarge)) == dpi(192, .extraLarge))
        // The reader merges their own value; the category does not move, and the next change scales theirs.
        try display.mergeResources("Xft.dpi: 144\n")
        #expect(try server.client.get("/category").bodyText.contains(#""category":"xl""#))
        try setCategory(server, .extraExtraLarge)
        #expect(try display.waitForXftDPI(dpi(144, .extraExtraLarge)) == dpi(144, .extraExtraLarge))
        try setCategory(server, .large)
        #expect(try display.waitForXftDPI(144) == 144)
    }

    @Test func anOlderFontdsRecordIsTakenAndItsWriteKnownForFontds() throws {
        let (home, display) = try hiDPIDisplay()
        defer { display.stop() }
        // An older fontd recorded 192 and wrote 96 × ax1's ratio, then was killed.
        try display.mergeResources("Xft.dpi: \(try dpi(96, .accessibilityMedium))\n")
        try home.write(#"{"xftDPI":{"value":192},"xsettings":{}}"#, to: "state/fontd/x11-base.json")
        let server = try ServerProcess(["--desktop", "x11"], environment: display.environment)
        defer { server.stop() }
        #expect(try display.waitForXftDPI(192) == 192)
        #expect(!FileManager.default.fileExists(atPath: home.stateHome.appendingPathComponent("fontd/x11-base.json").path))
    }
}
