import DesktopTestSupport
import DynamicType
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// KDE Plasma as a desktop target (docs/DESIGN.md §30 (KDE Plasma, X11, and per-target limits)):
/// its scope `desktop/kde` clamps what `kdeglobals` carries, `fontd desktop exclude|include kde`
/// leave the file as the reader had it and write it again, and `fontd desktop status` tells each
/// target's state — against the built `fontd serve`, a real `kdeglobals` and a private session bus.
@Suite(.ownThread) struct KDETargetTests {
    static let globals = KDEDesktopTests.globals

    /// Each key's size at `category`, formatted as Qt writes it: base × ratio, to half a point.
    private func sizes(_ category: ContentSizeCategory) throws -> String {
        let ratio = try #require(Fixtures.defaultTable.textScalingRatios)[category]
        func size(_ base: Double) -> String {
            let points = max((base * ratio * 2).rounded(.toNearestOrAwayFromZero) / 2, 0.5)
            return points == points.rounded() ? String(Int(points)) : String(points)
        }
        return KDEDesktopTests.expected(
            font: size(10), fixed: size(9), menu: size(10), smallest: size(8), toolBar: size(10.5), active: size(10))
    }

    private func fontd(_ arguments: [String], _ server: ServerProcess?, _ desktop: KDEDesktop) throws -> CommandResult {
        try CommandRunner.run(arguments + (server.map { ["--server", $0.url.absoluteString] } ?? []), environment: desktop.environment)
    }

    private func setCategory(_ category: ContentSizeCategory, _ server: ServerProcess) throws {
        #expect(try server.client.put("/category", #"{"category":"\#(category.rawValue)"}"#).status == 200)
    }

    /// `fontd desktop status --json`'s `targets` member.
    private func statusTargets(_ desktop: KDEDesktop) throws -> [String: [String: Any]] {
        let status = try CommandRunner.run(["desktop", "status", "--json"], environment: desktop.environment)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(status.standardOutput.utf8)) as? [String: Any], "\(status.standardError)")
        return try #require(document["targets"] as? [String: [String: Any]])
    }

    /// Excludes the targets `names` before any server starts.
    private func exclude(_ names: [String], in desktop: KDEDesktop) throws {
        let state = try #require(desktop.environment["XDG_STATE_HOME"])
        try FileManager.default.createDirectory(atPath: state + "/fontd", withIntermediateDirectories: true)
        try Data(#"{"excluded":[\#(names.map { "\"\($0)\"" }.joined(separator: ","))]}"#.utf8).write(
            to: URL(fileURLWithPath: state + "/fontd/desktop-targets.json"))
    }

    @Test func aMaximumOnDesktopKDEMakesKdeglobalsCarryXXLWhileTheReaderIsAtAX3() throws {
        let desktop = try KDEDesktop(globals: Self.globals)
        let server = try ServerProcess(["--desktop", "kde"], environment: desktop.environment)
        defer { server.stop() }
        try setCategory(.accessibilityExtraLarge, server)
        let ax3 = try sizes(.accessibilityExtraLarge)
        #expect(try desktop.waitForText { $0 == ax3 } == ax3)

        let set = try fontd(["maximum-category", "set", "xxl", "--scope", "desktop/kde"], server, desktop)
        #expect(set.status == 0, "\(set.standardError)")
        let xxl = try sizes(.extraExtraLarge)
        #expect(try desktop.waitForText { $0 == xxl } == xxl)
        // The reader stays at ax3; the file read back is fontd's own write, not the reader's choice.
        Thread.sleep(forTimeInterval: KDEDesktopTests.settleSeconds)  // an echo would have come by now: its absence is the point
        #expect(try server.client.get("/category").member("category") == .string("ax3"))
        #expect(try statusTargets(desktop)["kde"]?["category"] as? String == "xxl")

        // Cleared, the bound no longer clamps: the file follows the reader again.
        #expect(try fontd(["maximum-category", "set", "none", "--scope", "desktop/kde"], server, desktop).status == 0)
        #expect(try desktop.waitForText { $0 == ax3 } == ax3)
    }

    @Test func theClampedValueFontdWroteDoesNotPullTheReaderDownAtTheNextStart() throws {
        let desktop = try KDEDesktop(globals: Self.globals)
        let store = try TestPaths.temporaryDirectory().appendingPathComponent("fontd.sqlite").path
        do {
            let server = try ServerProcess(["--desktop", "kde", "--store", store], environment: desktop.environment)
            defer { server.stop() }
            try setCategory(.accessibilityExtraLarge, server)
            #expect(try fontd(["maximum-category", "set", "xxl", "--scope", "desktop/kde"], server, desktop).status == 0)
            let xxl = try sizes(.extraExtraLarge)
            #expect(try desktop.waitForText { $0 == xxl } == xxl)
        }
        let server = try ServerProcess(["--desktop", "kde", "--store", store], environment: desktop.environment)
        defer { server.stop() }
        #expect(try server.client.get("/category").member("category") == .string("ax3"))
    }

    @Test func anExcludedKDEIsByteIdenticalAfterTenChanges() throws {
        let desktop = try KDEDesktop(globals: Self.globals)
        try exclude(["kde"], in: desktop)
        let server = try ServerProcess(["--desktop", "kde"], environment: desktop.environment)
        defer { server.stop() }
        let refresh = try desktop.harness.signals(of: "org.kde.KDEPlatformTheme")
        let categories: [ContentSizeCategory] = [
            .extraLarge, .accessibilityMedium, .small, .accessibilityExtraExtraExtraLarge, .medium,
            .extraExtraLarge, .accessibilityLarge, .extraSmall, .extraExtraExtraLarge, .accessibilityExtraLarge,
        ]
        for category in categories { try setCategory(category, server) }
        #expect(throws: SessionBusSignals.Timeout.self) { try refresh.next(timeoutSeconds: KDEDesktopTests.settleSeconds) }
        #expect(try desktop.text() == Self.globals)
        #expect(try statusTargets(desktop)["kde"]?["state"] as? String == "excluded")
    }

    @Test func excludePutsTheReadersSizesBackAndIncludeWritesAgain() throws {
        let desktop = try KDEDesktop(globals: Self.globals)
        let server = try ServerProcess(["--desktop", "kde"], environment: desktop.environment)
        defer { server.stop() }
        try setCategory(.accessibilityMedium, server)
        let ax1 = try sizes(.accessibilityMedium)
        #expect(try desktop.waitForText { $0 == ax1 } == ax1)

        let excluded = try fontd(["desktop", "exclude", "kde"], nil, desktop)
        #expect(
            excluded.status == 0 && excluded.standardOutput.contains("kde excluded: fontd serve (pid"),
            "\(excluded.standardOutput)\(excluded.standardError)")
        #expect(try desktop.text() == Self.globals)
        // Put back is no choice of the reader's: the category stays.
        Thread.sleep(forTimeInterval: KDEDesktopTests.settleSeconds)  // an echo would have come by now: its absence is the point
        #expect(try server.client.get("/category").member("category") == .string("ax1"))
        try setCategory(.extraLarge, server)
        Thread.sleep(forTimeInterval: KDEDesktopTests.settleSeconds)  // an echo would have come by now: its absence is the point
        #expect(try desktop.text() == Self.globals)

        let included = try fontd(["desktop", "include", "kde"], nil, desktop)
        #expect(
            included.status == 0 && included.standardOutput.contains("applied xl"), "\(included.standardOutput)\(included.standardError)")
        let xl = try sizes(.extraLarge)
        #expect(try desktop.waitForText { $0 == xl } == xl)
    }

    @Test func anUnknownTargetIsRefusedWithTheKnownOnes() throws {
        let desktop = try KDEDesktop(globals: nil)
        let result = try fontd(["desktop", "exclude", "kdee"], nil, desktop)
        #expect(result.status != 0)
        #expect(
            result.standardError.contains(
                "Unknown desktop target 'kdee': expected one of gnome, kde, portal, x11, qt5ct, qt6ct, kitty, alacritty, foot, wezterm, ghostty, vscode. Did you mean 'kde'?"
            ), "\(result.standardError)")
    }

    @Test func statusTellsAppliedAbsentAndNotRunning() throws {
        let desktop = try KDEDesktop(globals: nil)
        do {
            let server = try ServerProcess(["--desktop", "kde"], environment: desktop.environment)
            defer { server.stop() }
            let targets = try statusTargets(desktop)
            #expect(targets["kde"]?["state"] as? String == "absent")
            #expect((targets["kde"]?["detail"] as? String)?.hasSuffix("/kdeglobals") == true)
            #expect(targets["x11"]?["state"] as? String == "not run")
            let text = try CommandRunner.run(["desktop", "status"], environment: desktop.environment).standardOutput
            #expect(text.contains("desktop targets (fontd serve, pid ") && text.contains("\n  kde: absent: no "), "\(text)")
        }
        let targets = try statusTargets(desktop)
        #expect(targets["kde"]?["state"] as? String == "not running")
    }

    @Test func aFailedWriteLeavesTheOldFileAndStatusSaysWhyInOneLine() throws {
        let disk = try SmallDisk(kibibytes: 256)
        let globals = Self.globals.replacingOccurrences(of: "menuFont=", with: "menuFont[$i]=")
        let desktop = try KDEDesktop(globals: globals, configHome: URL(fileURLWithPath: disk.path))
        let server = try ServerProcess(["--desktop", "kde"], environment: desktop.environment)
        defer { server.stop() }
        let applied = try statusTargets(desktop)["kde"]
        #expect(applied?["state"] as? String == "applied")
        #expect(applied?["notes"] as? [String] == ["[General] menuFont is immutable ([$i]); left alone"])

        try disk.fill()
        try setCategory(.accessibilityMedium, server)
        let kde: [String: Any]? = try Wait.value("the KDE target to fail") {
            try statusTargets(desktop)["kde"].flatMap { $0["state"] as? String == "failed" ? $0 : nil }
        }
        let reason = try #require(kde?["detail"] as? String)
        #expect(
            kde?["state"] as? String == "failed" && reason.hasPrefix("kdeglobals is left as it was: ") && !reason.contains("\n"),
            "\(reason)")
        #expect(try desktop.text() == globals)
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path).sorted() == ["filler", "kdeglobals"])
    }
}
