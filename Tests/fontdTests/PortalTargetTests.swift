import DesktopTestSupport
import DynamicType
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// The Settings portal backend as a desktop target (docs/DESIGN.md §30 (KDE Plasma, X11, and
/// per-target limits)): it answers `desktop/portal` below the desktop scope, so a bound there
/// limits what applications read through Debian's real xdg-desktop-portal 1.16, while
/// `org.fontd.Fontd1` keeps serving its own scope; `fontd desktop exclude portal` withholds the
/// text size (no value of fontd's, no `SettingChanged`) until `include`.
@Suite(.ownThread) struct PortalTargetTests {
    static let namespace = "org.fontd.DynamicType"

    /// A GNOME desktop on a bus of its own, `fontd serve --desktop gnome` on it, and the portal.
    private func serve() throws -> (SessionBusHarness, ServerProcess, DesktopPortal) {
        let harness = try SessionBusHarness(base: try GnomeDesktop().environment)
        let server = try ServerProcess(["--desktop", "gnome"], environment: harness.environment)
        return (harness, server, try harness.portal())
    }

    /// `Read` of fontd's `key` through xdg-desktop-portal: `["ok", value]` or `["error", name, message]`.
    private func read(_ harness: SessionBusHarness, _ key: String) throws -> [Any] {
        try harness.call(
            DesktopPortal.busName, DesktopPortal.path, DesktopPortal.settingsInterface, "Read", "('\(Self.namespace)', '\(key)')")
    }

    private func fontd(_ arguments: [String], _ harness: SessionBusHarness, _ server: ServerProcess? = nil) throws -> CommandResult {
        try CommandRunner.run(arguments + (server.map { ["--server", $0.url.absoluteString] } ?? []), environment: harness.environment)
    }

    private func setCategory(_ category: ContentSizeCategory, _ server: ServerProcess) throws {
        #expect(try server.client.put("/category", #"{"category":"\#(category.rawValue)"}"#).status == 200)
    }

    private func signal(_ key: String, _ value: String) -> String {
        "SettingChanged ('\(Self.namespace)', '\(key)', <\(value)>)"
    }

    @Test func aMaximumOnDesktopPortalClampsWhatApplicationsReadWhileTheReaderIsAtAX3() throws {
        let (harness, server, portal) = try serve()
        defer {
            server.stop()
            portal.stop()
        }
        try setCategory(.accessibilityExtraLarge, server)
        let set = try fontd(["maximum-category", "set", "xxl", "--scope", "desktop/portal"], harness, server)
        #expect(set.status == 0, "\(set.standardError)")

        #expect(try read(harness, "content-size-category").last as? String == "xxl")
        let ratio = try #require(Fixtures.defaultTable.textScalingRatios)[.extraExtraLarge]
        #expect(try read(harness, "text-scale").last as? Double == ratio)
        // The bus API serves its own scope, the reader's.
        let own = try harness.call("org.fontd.Fontd1", "/org/fontd/Fontd1", "org.fontd.Fontd1", "ReadOne", "('content-size-category',)")
        #expect(own.last as? String == "ax3", "\(own)")
        let portalStatus = try GnomeTargetTests.statusTargets(harness.environment)["portal"]
        #expect(
            portalStatus?["state"] as? String == "applied" && portalStatus?["category"] as? String == "xxl",
            "\(String(describing: portalStatus))")
        #expect(portalStatus?["detail"] as? String == "content-size-category xxl")

        // The reader's changes the bound clamps away send nothing; the marker is the next signal.
        let signals = try harness.signals(of: DesktopPortal.settingsInterface)
        try setCategory(.accessibilityExtraExtraLarge, server)
        try setCategory(.accessibilityExtraExtraExtraLarge, server)
        #expect(try server.client.put("/preferences", #"{"legibilityWeight":"bold"}"#).status == 200)
        #expect(try signals.lines { $0.contains("'legibility-weight'") } == [signal("legibility-weight", "'bold'")])
        #expect(try signals.next() == signal("sequence", "uint64 5"))

        // Cleared, one signal per key that changed.
        #expect(try fontd(["maximum-category", "set", "none", "--scope", "desktop/portal"], harness, server).status == 0)
        let cleared = try signals.lines { $0.contains("'sequence'") }
        #expect(cleared.first == signal("content-size-category", "'ax5'") && cleared.count == 4, "\(cleared)")
        #expect(try read(harness, "content-size-category").last as? String == "ax5")
    }

    @Test func anExcludedPortalWithholdsTheTextSizeThroughTenChangesAndIncludeAnswersAgain() throws {
        let (harness, server, portal) = try serve()
        defer {
            server.stop()
            portal.stop()
        }
        try setCategory(.extraLarge, server)
        #expect(try read(harness, "content-size-category").last as? String == "xl")
        let excluded = try fontd(["desktop", "exclude", "portal"], harness)
        #expect(
            excluded.status == 0 && excluded.standardOutput.contains("portal excluded: fontd serve (pid"),
            "\(excluded.standardOutput)\(excluded.standardError)")

        let signals = try harness.signals(of: DesktopPortal.settingsInterface)
        for category in GnomeTargetTests.tenChanges {
            try setCategory(category, server)
            for key in ["content-size-category", "text-scale"] {
                let answer = try read(harness, key)
                #expect(answer.dropFirst().first as? String == "org.freedesktop.portal.Error.NotFound", "\(key): \(answer)")
            }
        }
        #expect(try read(harness, "legibility-weight").last as? String == "regular")
        #expect(try server.client.put("/preferences", #"{"legibilityWeight":"bold"}"#).status == 200)
        #expect(try signals.lines { $0.contains("'legibility-weight'") } == [signal("legibility-weight", "'bold'")])
        // xl, then nine changes (the first of the ten is xl again), then the marker.
        #expect(try signals.next() == signal("sequence", "uint64 11"))
        let status = try GnomeTargetTests.statusTargets(harness.environment)["portal"]
        #expect(status?["state"] as? String == "excluded")
        #expect(
            status?["line"] as? String
                == "excluded (fontd's backend answers no text size: apps read another backend's value or none, as without fontd)")

        let included = try fontd(["desktop", "include", "portal"], harness)
        #expect(
            included.status == 0 && included.standardOutput.contains("applied ax3 (content-size-category ax3)"),
            "\(included.standardOutput)")
        let ratio = try #require(Fixtures.defaultTable.textScalingRatios)[.accessibilityExtraLarge]
        #expect(
            try signals.lines { $0.contains("'text-scale'") } == [
                signal("content-size-category", "'ax3'"), signal("text-scale", "\(ratio)"),
            ])
        #expect(try read(harness, "content-size-category").last as? String == "ax3")
    }
}
