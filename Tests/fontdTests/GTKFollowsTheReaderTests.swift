import DesktopTestSupport
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// A real GTK application follows the reader (docs/DESIGN.md §28 (The Settings portal backend)): Debian's GTK 4 through
/// python3-gi, under a headless weston, reads its settings through Debian's xdg-desktop-portal on
/// the test's own session bus, whose Settings backend is `fontd serve --portal-text-scaling-factor`.
/// GTK turns GNOME's `text-scaling-factor` into `gtk-xft-dpi` = factor × 96 × 1024, by way of a
/// 16.16 fixed-point number (gdkdisplay-wayland.c keeps `(int)(factor * 65536)`).
@Suite(.ownThread) struct GTKFollowsTheReaderTests {
    /// Prints `gtk-xft-dpi` at start and at its first change, then ends (or after 20 s).
    static let probe = """
        import gi
        gi.require_version("Gtk", "4.0")
        from gi.repository import Gtk, GLib
        Gtk.init()
        settings = Gtk.Settings.get_default()
        loop = GLib.MainLoop()
        def changed(settings, _):
            print(settings.props.gtk_xft_dpi, flush=True)
            loop.quit()
        settings.connect("notify::gtk-xft-dpi", changed)
        print(settings.props.gtk_xft_dpi, flush=True)
        GLib.timeout_add_seconds(300, loop.quit)
        loop.run()
        """

    /// GNOME's key as the portal answers it now.
    private func factor(_ harness: SessionBusHarness) throws -> Double {
        let answer = try harness.call(
            DesktopPortal.busName, DesktopPortal.path, DesktopPortal.settingsInterface, "Read",
            "('org.gnome.desktop.interface', 'text-scaling-factor')")
        return try #require(answer.last as? Double, "\(answer)")
    }

    /// `gtk-xft-dpi` for `factor`, as GTK computes it: 1.94 → 127139 / 65536 → 190708.
    private func dpi(_ factor: Double) -> Int { Int(factor * 65536) * 96 * 1024 / 65536 }

    @Test func gtkXftDpiFollowsTheCategory() throws {
        let harness = try SessionBusHarness()
        let server = try ServerProcess(["--portal-text-scaling-factor"], environment: harness.environment)
        defer { server.stop() }
        // Not l: its factor, 1.0, is GTK's own default, which would pass without the portal.
        #expect(try server.client.put("/category", #"{"category":"xxl"}"#).status == 200)
        let portal = try harness.portal()
        defer { portal.stop() }
        let wayland = try HeadlessWayland(in: harness.directory)
        let before = try factor(harness)

        var environment = harness.environment.merging(wayland.clientEnvironment) { $1 }
        // GTK 4.8 reads the portal only inside a sandbox unless asked to.
        environment["GDK_DEBUG"] = "portals"
        let gtk = try CommandProcess(program: URL(fileURLWithPath: "/usr/bin/python3"), ["-c", Self.probe], environment: environment)
        defer { gtk.stop() }
        let first = try #require(gtk.line(0, seconds: Wait.defaultSeconds), "GTK printed nothing: \(gtk.standardError)")
        #expect(Int(first.text) == dpi(before), "gtk-xft-dpi \(first.text) at factor \(before): \(gtk.standardError)")

        let set = try CommandRunner.run(
            ["category", "set", "ax2", "--server", server.url.absoluteString], environment: harness.environment)
        #expect(set.status == 0, "\(set.standardError)")
        let after = try factor(harness)
        #expect(after != before)
        let changed = try #require(gtk.line(1, seconds: Wait.defaultSeconds), "GTK heard no change: \(gtk.standardError)")
        #expect(Int(changed.text) == dpi(after), "gtk-xft-dpi \(changed.text) at factor \(after)")
    }
}
