import DesktopTestSupport
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// The Settings portal backend (docs/DESIGN.md §28 (The Settings portal backend)) through Debian's real xdg-desktop-portal 1.16,
/// started on the test's own session bus with fontd's `.portal` file, asked as applications ask it
/// (`org.freedesktop.portal.Settings` at `org.freedesktop.portal.Desktop`).
@Suite(.ownThread) struct SettingsPortalTests {
    static let namespace = "org.fontd.DynamicType"
    static let keys: Set = [
        "content-size-category", "legibility-weight", "text-spacing", "reading-font", "minimum-category", "maximum-category", "text-scale",
        "sequence",
    ]

    /// A bus, `fontd serve arguments…` on it, and the portal.
    private func serve(_ arguments: [String] = []) throws -> (SessionBusHarness, ServerProcess, DesktopPortal) {
        let harness = try SessionBusHarness()
        let server = try ServerProcess(arguments, environment: harness.environment)
        return (harness, server, try harness.portal())
    }

    private func read(_ harness: SessionBusHarness, _ namespace: String, _ key: String) throws -> [Any] {
        try harness.call(DesktopPortal.busName, DesktopPortal.path, DesktopPortal.settingsInterface, "Read", "('\(namespace)', '\(key)')")
    }

    @Test func readThroughThePortalAnswersTheCategory() throws {
        let (harness, server, portal) = try serve()
        #expect(try server.client.put("/category", #"{"category":"xxl"}"#).status == 200)
        let answer = try read(harness, Self.namespace, "content-size-category")
        #expect(answer.first as? String == "ok" && answer.last as? String == "xxl", "\(answer) \(portal.log)")
        #expect(portal.log.contains("Using fontd.portal for org.freedesktop.impl.portal.Settings"))
        let unknown = try read(harness, Self.namespace, "scope")
        #expect(unknown.dropFirst().first as? String == "org.freedesktop.portal.Error.NotFound", "\(unknown)")
    }

    @Test func readAllOfTheNamespaceHasEveryKey() throws {
        let (harness, server, portal) = try serve()
        defer {
            server.stop()
            portal.stop()
        }
        for patterns in ["['org.fontd.*']", "['org.fontd.DynamicType']", "@as []", "['']"] {
            let answer = try harness.call(
                DesktopPortal.busName, DesktopPortal.path, DesktopPortal.settingsInterface, "ReadAll", "(\(patterns),)")
            let namespaces = try #require(answer.last as? [String: [String: Any]], "\(patterns): \(answer)")
            #expect(Set(namespaces[Self.namespace]?.keys.map { $0 } ?? []) == Self.keys, "\(patterns): \(namespaces)")
            #expect(namespaces["org.gnome.desktop.interface"] == nil)
        }
        let other = try harness.call(
            DesktopPortal.busName, DesktopPortal.path, DesktopPortal.settingsInterface, "ReadAll", "(['org.gnome.*'],)")
        #expect((other.last as? [String: Any])?.isEmpty == true, "\(other)")
    }

    /// `fontd category set ax1` (the CLI, over HTTP) → one `SettingChanged` for each key it changed,
    /// and no other: the marker change that follows is the next signal.
    @Test func aCategoryChangeSendsOneSettingChangedPerChangedKey() throws {
        let (harness, server, portal) = try serve()
        defer {
            server.stop()
            portal.stop()
        }
        let signals = try harness.signals(of: DesktopPortal.settingsInterface)
        let set = try CommandRunner.run(
            ["category", "set", "ax1", "--server", server.url.absoluteString], environment: harness.environment)
        #expect(set.status == 0, "\(set.standardError)")
        #expect(try server.client.put("/preferences", #"{"legibilityWeight":"bold"}"#).status == 200)
        let lines = try signals.lines { $0.contains("'legibility-weight'") }
        #expect(
            lines == [
                "SettingChanged ('org.fontd.DynamicType', 'content-size-category', <'ax1'>)",
                "SettingChanged ('org.fontd.DynamicType', 'text-scale', <1.6470588235294117>)",
                "SettingChanged ('org.fontd.DynamicType', 'sequence', <uint64 1>)",
                "SettingChanged ('org.fontd.DynamicType', 'legibility-weight', <'bold'>)",
            ])
        #expect(try signals.next() == "SettingChanged ('org.fontd.DynamicType', 'sequence', <uint64 2>)")
    }

    @Test func gnomesTextScalingFactorOnlyWithTheOptIn() throws {
        let (without, first, firstPortal) = try serve()
        defer {
            first.stop()
            firstPortal.stop()
        }
        let refused = try read(without, "org.gnome.desktop.interface", "text-scaling-factor")
        #expect(refused.dropFirst().first as? String == "org.freedesktop.portal.Error.NotFound", "\(refused)")

        let (harness, server, portal) = try serve(["--portal-text-scaling-factor"])
        defer {
            server.stop()
            portal.stop()
        }
        #expect(try read(harness, "org.gnome.desktop.interface", "text-scaling-factor").last as? Double == 1.0)
        let signals = try harness.signals(of: DesktopPortal.settingsInterface)
        #expect(try server.client.put("/category", #"{"category":"ax2"}"#).status == 200)
        let lines = try signals.lines { $0.contains("text-scaling-factor") }
        // One for each key that changed: the category, its text scale, the sequence and GNOME's factor.
        #expect(lines.count == 4, "\(lines)")
        #expect(lines.last?.hasPrefix("SettingChanged ('org.gnome.desktop.interface', 'text-scaling-factor', <1.9") == true, "\(lines)")
        #expect(try read(harness, "org.gnome.desktop.interface", "text-scaling-factor").last as? Double == 1.94)
        // The ratio of ax2 (33/17, §26 (The desktop bridge)) rounded to two decimals: what the GNOME bridge writes.
        let ratio = try read(harness, Self.namespace, "text-scale").last as? Double ?? 0
        #expect(((ratio * 100).rounded() / 100) == 1.94)
    }
}
