import DesktopTestSupport
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// fontd's GNOME Shell extension in a real, headless GNOME Shell 43 (docs/DESIGN.md §37 (The reader's control)): put in
/// place and enabled by `fontd desktop install` against `fontd serve --dbus on --desktop gnome` on the Shell's session
/// bus, then driven through `org.gnome.Shell.Eval` as the reader's hand would drive it. One Shell for the suite: it
/// takes seconds to start; the tests run one after another, since they share its category.
@Suite(.ownThread, .serialized) struct GnomeShellExtensionTests {
    /// The Shell, fontd serving on its bus, and what `fontd desktop install` printed before the Shell started.
    final class Session: Sendable {
        let shell: HeadlessShell
        let server: ServerProcess
        let install: CommandResult

        init() throws {
            shell = try HeadlessShell()
            server = try ServerProcess(["--dbus", "on", "--desktop", "gnome"], environment: shell.environment)
            // A portal that reads the user's folder (1.20.1), so that install succeeds on the portal's side too.
            let portal = try DesktopInstallTests.standInPortal(version: "1.20.1", under: try TestPaths.temporaryDirectory())
            install = try CommandRunner.run(
                ["desktop", "install", "--portal-executable", portal.path], environment: shell.environment, timeoutSeconds: 60)
            try shell.start()
        }
    }

    static let session = Result { try Session() }

    /// Finds the slider named "Text Size" in the Quick Settings menu, as `slider` (null when there is none), then runs `body`.
    static func withSlider(_ body: String) -> String {
        """
        (() => {
            const find = (actor, test) => {
                if (test(actor)) return actor;
                for (const child of actor.get_children()) { const found = find(child, test); if (found) return found; }
                return null;
            };
            const menu = Main.panel.statusArea.quickSettings.menu;
            const slider = find(menu.actor, actor => actor.accessible_name === 'Text Size');
            const label = find(menu.actor, actor => actor.has_style_class_name?.('fontd-category'));
            const bold = find(menu.actor, actor => actor.accessible_name === 'Bold Text');
            \(body)
        })()
        """
    }

    /// Whether the Shell has applied the text-scaling-factor the GNOME bridge set: mutter gives Clutter's font
    /// resolution the factor × 96 dpi (in 1024ths), and the Shell lays itself out again with it.
    static let appliedFactor = """
        (() => {
            const factor = new imports.gi.Gio.Settings({schema_id: 'org.gnome.desktop.interface'}).get_double('text-scaling-factor');
            return imports.gi.Clutter.Settings.get_default().font_dpi === Math.round(factor * 96 * 1024);
        })()
        """

    /// The slider's value and the category name beside it, once the slider shows (fontd has answered).
    private func slider(_ shell: HeadlessShell) throws -> (value: Double, name: String)? {
        let answer = try shell.eval(
            Self.withSlider("return slider && slider.get_parent().get_parent().get_parent().visible ? [slider.value, label.text] : null;"))
        guard let pair = answer as? [Any], let value = pair.first as? Double, let name = pair.last as? String else { return nil }
        return (value, name)
    }

    /// Waits until the slider stands on `step` (of 0…11) with `name` beside it (in capitals, as the slider shows it).
    private func waitForSlider(_ shell: HeadlessShell, step: Int, name: String) throws {
        var seen = "nothing"
        try Wait.until("the slider at \(step)/11 named \(name)", seen: { seen }) {
            guard let slider = try slider(shell) else { return false }
            seen = "\(slider)"
            return abs(slider.value - Double(step) / 11) < 1e-9 && slider.name == name.uppercased()
        }
    }

    private func category(_ server: ServerProcess) throws -> String {
        let answer = try server.client.get("/category")
        guard case .string(let category)? = try answer.json()["category"] else { return "none in \(answer.bodyText)" }
        return category
    }

    private func putCategory(_ category: String, _ server: ServerProcess) throws {
        let answer = try server.client.put("/category", #"{"category":"\#(category)"}"#)
        #expect(answer.status == 200, "\(answer.bodyText)")
    }

    @Test func installPutsTheExtensionInPlaceAndTheShellEnablesIt() throws {
        let session = try Self.session.get()
        #expect(session.install.status == 0, "\(session.install.standardError)")
        #expect(
            session.install.standardOutput.contains("enabled fontd@fontd.org in org.gnome.shell enabled-extensions"),
            "\(session.install.standardOutput)")
        let folder = session.shell.userExtensions.appendingPathComponent("fontd@fontd.org")
        for name in ["metadata.json", "extension.js", "control.js"] {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), "\(name)")
        }
        // 1: ENABLED (2 disabled, 3 error, 4 out of date, 6 found but not enabled).
        let state = try Wait.value("the Shell to settle fontd@fontd.org's state") { () -> [Any]? in
            let answer = try session.shell.eval(
                "(() => { const e = Main.extensionManager.lookup('fontd@fontd.org'); return e ? [e.state, `${e.error ?? ''}`, e.path] : null; })()"
            )
            guard let state = answer as? [Any], let code = state.first as? Int, code == 1 || code == 3 || code == 4 else { return nil }
            return state
        }
        #expect(
            state.first as? Int == 1,
            "\(state); \((try? String(contentsOfFile: session.shell.logPath, encoding: .utf8))?.suffix(2000) ?? "")")
        #expect(state.dropFirst().first as? String == "", "\(state)")
        #expect(state.last as? String == folder.path)
    }

    /// Step 9 of the twelve, counted from 1 as a reader counts them, is ax2: index 8, value 8/11 (value = index ÷ 11,
    /// xs at 0 and ax5 at 1). A value set by a script is a move like the reader's: written once the slider settles.
    @Test func settingTheSliderToStepNineMakesTheCategoryAX2() throws {
        let session = try Self.session.get()
        try putCategory("l", session.server)
        try waitForSlider(session.shell, step: 3, name: "l")
        #expect(try session.shell.eval(Self.withSlider("return slider.accessible_name;")) as? String == "Text Size")
        try session.shell.eval(Self.withSlider("slider.value = 8 / 11; return true;"))
        var seen = ""
        try Wait.until("fontd's category ax2", seen: { seen }) {
            seen = try category(session.server)
            return seen == "ax2"
        }
        try waitForSlider(session.shell, step: 8, name: "ax2")
        // The slider's menu (the arrow beside it) opens the control page.
        let items = try session.shell.eval(
            Self.withSlider("return slider.get_parent().get_parent().get_parent().menu._getMenuItems().map(item => item.label?.text);"))
        #expect(items as? [String] == ["Text & Reading…"])
    }

    /// The Shell's own Large Text switch sets text-scaling-factor 1.25; the GNOME bridge reads it as xxl, the slider
    /// follows, and nothing writes the key back: the switch stays on.
    @Test func theShellsLargeTextSwitchMovesTheSliderToXXL() throws {
        let session = try Self.session.get()
        try putCategory("l", session.server)
        try waitForSlider(session.shell, step: 3, name: "l")
        // The switch in the Shell's Accessibility menu, as the reader flips it.
        let switched = try session.shell.eval(
            "(() => { const item = Main.panel.statusArea.a11y.menu._getMenuItems().find(i => i.label?.text === 'Large Text');"
                + " item.toggle(); return item.state; })()")
        #expect(switched as? Bool == true)
        try waitForSlider(session.shell, step: 5, name: "xxl")
        #expect(try category(session.server) == "xxl")
        try Wait.until("the Shell at 1.25") { try session.shell.eval(Self.appliedFactor) as? Bool == true }
        let factor = try session.shell.eval(
            "new imports.gi.Gio.Settings({schema_id: 'org.gnome.desktop.interface'}).get_double('text-scaling-factor')")
        #expect(factor as? Double == 1.25)
    }

    @Test func aPutOfXSMovesTheSliderToZero() throws {
        let session = try Self.session.get()
        try putCategory("xl", session.server)
        try waitForSlider(session.shell, step: 4, name: "xl")
        try putCategory("xs", session.server)
        try waitForSlider(session.shell, step: 0, name: "xs")
        #expect(try category(session.server) == "xs")
    }

    /// Whether the slider's settle timer is running, i.e. a write may still come (the item's `_settleId`).
    static let settling = withSlider("return slider.get_parent().get_parent().get_parent()._settleId !== 0;")

    /// No echo: a change from fontd moves the slider without starting a write, and moves that settle back on the
    /// category fontd holds (here a script moving it one step up and back) write nothing either. dbus-monitor sees
    /// every `Set` on the bus; the test's own `Set` comes last, and the Shell sends its messages in order, so a write
    /// the extension had made would be seen before it.
    @Test func aChangeFromFontdIsNeverWrittenBack() throws {
        let session = try Self.session.get()
        let log = try TestPaths.temporaryDirectory().appendingPathComponent("monitor.txt").path
        let monitor = try ChildProcess(
            [
                "/usr/bin/dbus-monitor", "--address", session.shell.sessionBusAddress,
                "type='method_call',interface='org.fontd.Fontd1',member='Set'",
            ],
            output: .file(log))
        defer { monitor.terminate() }
        let monitored = { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
        try Wait.until("dbus-monitor to listen", seen: monitored) { monitored().contains("member=NameLost") }

        try putCategory("xxl", session.server)
        try waitForSlider(session.shell, step: 5, name: "xxl")
        try Wait.until("no write pending after fontd's change") { try session.shell.eval(Self.settling) as? Bool == false }
        let moved = try session.shell.eval(
            Self.withSlider(
                "slider.value = 6 / 11; slider.value = 5 / 11; return slider.get_parent().get_parent().get_parent()._settleId !== 0;"))
        #expect(moved as? Bool == true, "values set by code are moves")
        try Wait.until("the moves to settle") { try session.shell.eval(Self.settling) as? Bool == false }

        let marker = try SessionBusScript.call(
            "org.fontd.Fontd1", "/org/fontd/Fontd1", "org.fontd.Fontd1", "Set", "({'content-size-category': <'xxxl'>},)",
            address: session.shell.sessionBusAddress)
        #expect(marker.first as? String == "ok", "\(marker)")
        try Wait.until("dbus-monitor to see the test's Set", seen: monitored) { monitored().contains(#"string "xxxl""#) }
        let writes = monitored().components(separatedBy: "member=Set").count - 1
        #expect(writes == 1, "the extension wrote: \(monitored())")
        try waitForSlider(session.shell, step: 6, name: "xxxl")
    }

    @Test func boldTextFollowsAndWritesTheLegibilityWeight() throws {
        let session = try Self.session.get()
        let put = try session.server.client.put("/preferences", #"{"legibilityWeight":"regular"}"#)
        #expect(put.status == 200, "\(put.bodyText)")
        let checked = "return bold ? bold.checked : null;"
        try Wait.until("Bold Text off") { try session.shell.eval(Self.withSlider(checked)) as? Bool == false }
        try session.shell.eval(Self.withSlider("bold.emit('clicked', 1); return true;"))
        var seen = ""
        try Wait.until("fontd's legibility weight bold", seen: { seen }) {
            seen = try session.server.client.get("/preferences").bodyText
            return seen.contains(#""legibilityWeight":"bold""#)
        }
        try Wait.until("Bold Text on") { try session.shell.eval(Self.withSlider(checked)) as? Bool == true }
        _ = try session.server.client.put("/preferences", #"{"legibilityWeight":"regular"}"#)
    }

    /// The Shell's own top bar grows with the reader's category: fontd's GNOME bridge sets text-scaling-factor,
    /// which the Shell applies live.
    @Test func theShellsPanelGrowsFromXSToAX2ThroughTheGnomeBridge() throws {
        let session = try Self.session.get()
        try putCategory("l", session.server)
        try waitForSlider(session.shell, step: 3, name: "l")
        let atLarge = try Wait.value("the panel at l") { try session.shell.eval("Main.panel.height") as? Int }
        try putCategory("xs", session.server)
        let atExtraSmall = try Wait.value("the panel to shrink at xs", seen: { "height at l \(atLarge)" }) {
            (try session.shell.eval("Main.panel.height") as? Int).flatMap { $0 < atLarge ? $0 : nil }
        }
        try putCategory("ax2", session.server)
        let atAX2 = try Wait.value("the panel to grow at ax2", seen: { "height at xs \(atExtraSmall)" }) {
            (try session.shell.eval("Main.panel.height") as? Int).flatMap { $0 > atLarge ? $0 : nil }
        }
        #expect(atAX2 > atExtraSmall)
        print("GNOME Shell's panel height: \(atExtraSmall) px at xs, \(atLarge) px at l, \(atAX2) px at ax2")
    }

    /// Screenshots of the open Quick Settings at l and ax3, kept in `.build/gnome-shell-screenshots/` to look at.
    @Test func quickSettingsScreenshotsAtLAndAX3() throws {
        let session = try Self.session.get()
        let folder = TestPaths.packageRoot.appendingPathComponent(".build/gnome-shell-screenshots")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        print("GNOME Shell screenshots in \(folder.path)")
        var shots: [Data] = []
        for (category, step) in [("l", 3), ("ax3", 9)] {
            try putCategory(category, session.server)
            try waitForSlider(session.shell, step: step, name: category)
            // The Shell lays itself out again at the bridge's factor: the panel's height says it has.
            try Wait.until("the Shell's fonts at \(category)'s text-scaling-factor") {
                try session.shell.eval(Self.appliedFactor) as? Bool == true
            }
            try session.shell.eval("Main.overview.hide(); Main.panel.statusArea.quickSettings.menu.open(false); true")
            try Wait.until("Quick Settings open") {
                try session.shell.eval(
                    "Main.panel.statusArea.quickSettings.menu.isOpen && Main.panel.statusArea.quickSettings.menu.actor.opacity === 255")
                    as? Bool == true
            }
            let path = folder.appendingPathComponent("quick-settings-\(category).png").path
            try session.shell.screenshot(to: path)
            shots.append(try Data(contentsOf: URL(fileURLWithPath: path)))
            try session.shell.eval("Main.panel.statusArea.quickSettings.menu.close(false); true")
        }
        #expect(shots.allSatisfy { $0.starts(with: [0x89, 0x50, 0x4E, 0x47]) })
        #expect(shots[0] != shots[1])
    }
}
