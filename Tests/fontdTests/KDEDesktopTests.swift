import DesktopTestSupport
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// `fontd serve --desktop kde` against a real `kdeglobals` (docs/DESIGN.md §30 (KDE Plasma, X11, and per-target limits)):
/// the file in a temporary `XDG_CONFIG_HOME`, changed and read by `kwriteconfig5`/`kreadconfig5` from
/// another process, and the signals KDE programs listen to heard on a session bus of the test's own.
@Suite(.ownThread) struct KDEDesktopTests {
    /// How long nothing must follow a change that should cause nothing more.
    static let settleSeconds = 1.5

    /// A Plasma 5 kdeglobals with what fontd must keep: another group, a nested group, comments, a
    /// locale key, an immutable key elsewhere, a `\s` escape and a `[$e]` value.
    static let globals = """
        # written by System Settings
        [$Version]
        update_info=fonts_global.upd:Fonts_Global

        [ColorEffects:Disabled]
        Color=56,56,56

        [General]
        ColorScheme=BreezeLight
        fixed=Hack,9,-1,5,50,0,0,0,0,0
        font=Noto Sans,10,-1,5,50,0,0,0,0,0
        font[de]=Noto Sans,11,-1,5,50,0,0,0,0,0
        menuFont=Noto Sans,10,-1,5,50,0,0,0,0,0
        smallestReadableFont=Noto Sans,8,-1,5,50,0,0,0,0,0
        toolBarFont=Noto Sans,10.5,-1,5,50,0,0,0,0,0
        TerminalApplication[$e]=$HOME/bin/konsole
        Name=\\sleading space

        [KDE][Action Restrictions]
        # a nested group
        shell_access[$i]=false

        [WM]
        activeBackground=227,229,231
        activeFont=Noto Sans,10,-1,5,75,0,0,0,0,0,Bold

        """

    /// `globals` with each of `General/font, fixed, menuFont, smallestReadableFont, toolBarFont` and
    /// `WM/activeFont` given the size of `sizes` (in that order), built by replacing whole known lines.
    static func expected(
        _ text: String = globals, font: String, fixed: String, menu: String, smallest: String, toolBar: String, active: String
    ) -> String {
        text.replacingOccurrences(of: "\nfont=Noto Sans,10,", with: "\nfont=Noto Sans,\(font),")
            .replacingOccurrences(of: "fixed=Hack,9,", with: "fixed=Hack,\(fixed),")
            .replacingOccurrences(of: "menuFont=Noto Sans,10,", with: "menuFont=Noto Sans,\(menu),")
            .replacingOccurrences(of: "smallestReadableFont=Noto Sans,8,", with: "smallestReadableFont=Noto Sans,\(smallest),")
            .replacingOccurrences(of: "toolBarFont=Noto Sans,10.5,", with: "toolBarFont=Noto Sans,\(toolBar),")
            .replacingOccurrences(of: "activeFont=Noto Sans,10,", with: "activeFont=Noto Sans,\(active),")
    }

    private func category(_ server: ServerProcess) throws -> String {
        let answer = try server.client.get("/category")
        guard case .string(let category)? = try answer.json()["category"] else {
            Issue.record("no category in \(answer.bodyText)")
            return ""
        }
        return category
    }

    private func setCategory(_ category: String, _ server: ServerProcess, _ desktop: KDEDesktop) throws {
        let set = try CommandRunner.run(
            ["category", "set", category, "--server", server.url.absoluteString], environment: desktop.environment)
        #expect(set.status == 0, "\(set.standardError)")
    }

    /// Waits until `server`'s stderr contains `text`; false if it never does.
    private func log(_ server: ServerProcess, contains text: String) -> Bool {
        (try? server.waitForLog(containing: text)) != nil
    }

    @Test func categorySetRewritesTheSixSizesAndSignalsOnceEach() throws {
        let desktop = try KDEDesktop(globals: Self.globals)
        let server = try ServerProcess(["--desktop", "kde"], environment: desktop.environment)
        defer { server.stop() }
        let refresh = try desktop.harness.signals(of: "org.kde.KDEPlatformTheme")
        let notify = try desktop.harness.signals(of: "org.kde.KGlobalSettings")
        // The first take-over: the sizes are the bases, so the category is l and nothing is written.
        #expect(try category(server) == "l")
        #expect(try desktop.text() == Self.globals)
        let bases = try JSONSerialization.jsonObject(with: Data(contentsOf: desktop.basesFile)) as? [String: Double]
        #expect(
            bases == [
                "General/font": 10, "General/fixed": 9, "General/menuFont": 10, "General/smallestReadableFont": 8,
                "General/toolBarFont": 10.5,
                "WM/activeFont": 10,
            ])

        try setCategory("ax1", server, desktop)
        // ax1's ratio is 28/17: 10 → 16.47 → 16.5, 9 → 14.82 → 15, 8 → 13.18 → 13, 10.5 → 17.29 → 17.5.
        let expected = Self.expected(font: "16.5", fixed: "15", menu: "16.5", smallest: "13", toolBar: "17.5", active: "16.5")
        #expect(try desktop.waitForText { $0 == expected } == expected)
        #expect(try refresh.next() == "refreshFonts ()")
        #expect(try notify.next() == "notifyChange (1, 0)")
        #expect(try desktop.read(group: "General", key: "font") == "Noto Sans,16.5,-1,5,50,0,0,0,0,0")

        // Once each, and the file read back is no change of the reader's.
        #expect(throws: SessionBusSignals.Timeout.self) { try refresh.next(timeoutSeconds: Self.settleSeconds) }
        #expect(throws: SessionBusSignals.Timeout.self) { try notify.next(timeoutSeconds: 0.1) }
        #expect(try category(server) == "ax1")

        // Back to l: the bases exactly, every byte as the reader had it.
        try setCategory("l", server, desktop)
        #expect(try desktop.waitForText { $0 == Self.globals } == Self.globals)
        #expect(try refresh.next() == "refreshFonts ()")
        #expect(try notify.next() == "notifyChange (1, 0)")
    }

    @Test func systemSettingsFontSizeSetsTheNearestCategoryWithOneEventAndNoWriteBack() throws {
        let desktop = try KDEDesktop(globals: Self.globals)
        let server = try ServerProcess(["--desktop", "kde"], environment: desktop.environment)
        defer { server.stop() }
        let events = try EventStreamClient(port: server.port, query: "")
        #expect(try events.next().event == "preferences")
        let refresh = try desktop.harness.signals(of: "org.kde.KDEPlatformTheme")

        try desktop.write(group: "General", key: "font", "Noto Sans,13,-1,5,50,0,0,0,0,0")
        let written = try desktop.text()
        // 13 ÷ 10 = 1.3: nearest xxxl's 23/17 (1.353), not xxl's 21/17 (1.235).
        let event = try events.next()
        #expect(event.event == "contentSizeCategoryDidChange")
        #expect(event.data.contains(#""category":"xxxl","previous":"l""#), "\(event.data)")
        #expect(try category(server) == "xxxl")

        // No second event, no write back, no signal: a marker change is the stream's next event.
        Thread.sleep(forTimeInterval: Self.settleSeconds)  // an echo would have come by now: its absence is the point
        #expect(try server.client.put("/preferences", #"{"legibilityWeight":"bold"}"#).status == 200)
        #expect(try events.next().event == "legibilityWeightDidChange")
        #expect(try desktop.text() == written)
        #expect(throws: SessionBusSignals.Timeout.self) { try refresh.next(timeoutSeconds: 0.1) }
    }

    @Test func theDesktopWinsAtStart() throws {
        let desktop = try KDEDesktop(globals: Self.globals)
        do {
            let server = try ServerProcess(["--desktop", "kde"], environment: desktop.environment)
            defer { server.stop() }
            #expect(try category(server) == "l")
        }
        // While fontd is away, the reader makes the text larger; the next start follows it.
        try desktop.write(group: "General", key: "font", "Noto Sans,16.5,-1,5,50,0,0,0,0,0")
        let written = try desktop.text()
        let server = try ServerProcess(["--desktop", "kde"], environment: desktop.environment)
        defer { server.stop() }
        #expect(try category(server) == "ax1")
        #expect(try desktop.text() == written)
    }

    @Test func anImmutableKeyIsLeftAloneAndLogged() throws {
        let globals = Self.globals.replacingOccurrences(of: "menuFont=", with: "menuFont[$i]=")
        let desktop = try KDEDesktop(globals: globals)
        let server = try ServerProcess(["--desktop", "kde"], environment: desktop.environment)
        defer { server.stop() }
        #expect(log(server, contains: "General/menuFont is immutable"))

        try setCategory("xl", server, desktop)
        // xl's ratio is 19/17: 10 → 11.18 → 11, 9 → 10.06 → 10, 8 → 8.94 → 9, 10.5 → 11.74 → 11.5; menuFont stays 10.
        let expected = Self.expected(globals, font: "11", fixed: "10", menu: "10", smallest: "9", toolBar: "11.5", active: "11")
        #expect(try desktop.waitForText { $0 == expected } == expected)
        #expect(log(server, contains: "General/menuFont is immutable ([$i]); not set"))
    }

    @Test func anImmutableGroupIsLeftAlone() throws {
        let globals = Self.globals.replacingOccurrences(of: "[WM]\n", with: "[WM][$i]\n")
        let desktop = try KDEDesktop(globals: globals)
        let server = try ServerProcess(["--desktop", "kde"], environment: desktop.environment)
        defer { server.stop() }

        try setCategory("xl", server, desktop)
        let expected = Self.expected(globals, font: "11", fixed: "10", menu: "11", smallest: "9", toolBar: "11.5", active: "10")
        #expect(try desktop.waitForText { $0 == expected } == expected)
        #expect(log(server, contains: "WM/activeFont is immutable"))
    }

    @Test func absentKeysStayAbsentAndTheSameCategoryTwiceWritesNothing() throws {
        let globals = "[General]\nfont=Noto Sans,10,-1,5,50,0,0,0,0,0\n"
        let desktop = try KDEDesktop(globals: globals)
        let server = try ServerProcess(["--desktop", "kde"], environment: desktop.environment)
        defer { server.stop() }
        let refresh = try desktop.harness.signals(of: "org.kde.KDEPlatformTheme")

        try setCategory("xxl", server, desktop)
        // 21/17 × 10 = 12.35 → 12.5.
        let expected = "[General]\nfont=Noto Sans,12.5,-1,5,50,0,0,0,0,0\n"
        #expect(try desktop.waitForText { $0 == expected } == expected)
        #expect(try refresh.next() == "refreshFonts ()")
        let inode = try FileManager.default.attributesOfItem(atPath: desktop.globals.path)[.systemFileNumber] as? Int

        try setCategory("xxl", server, desktop)
        #expect(throws: SessionBusSignals.Timeout.self) { try refresh.next(timeoutSeconds: Self.settleSeconds) }
        #expect(try FileManager.default.attributesOfItem(atPath: desktop.globals.path)[.systemFileNumber] as? Int == inode)
    }

    @Test func aFailedWriteLeavesTheOldFileAndTheNextOneSucceeds() throws {
        let disk = try SmallDisk(kibibytes: 256)
        let desktop = try KDEDesktop(globals: Self.globals, configHome: URL(fileURLWithPath: disk.path))
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: desktop.globals.path)
        let server = try ServerProcess(["--desktop", "kde"], environment: desktop.environment)
        defer { server.stop() }

        try disk.fill()
        try setCategory("ax1", server, desktop)
        #expect(log(server, contains: "kdeglobals is left as it was"))
        #expect(try desktop.text() == Self.globals)
        // No temporary file is left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path).sorted() == ["filler", "kdeglobals"])

        disk.free()
        try setCategory("ax2", server, desktop)
        // ax2's ratio is 33/17: 10 → 19.41 → 19.5, 9 → 17.47 → 17.5, 8 → 15.53 → 15.5, 10.5 → 20.38 → 20.5.
        let expected = Self.expected(font: "19.5", fixed: "17.5", menu: "19.5", smallest: "15.5", toolBar: "20.5", active: "19.5")
        #expect(try desktop.waitForText { $0 == expected } == expected)
        // The file keeps its mode.
        #expect(try FileManager.default.attributesOfItem(atPath: desktop.globals.path)[.posixPermissions] as? Int == 0o640)
    }

    @Test func autoChoosesKDEWhenTheSessionIsKDE() throws {
        let desktop = try KDEDesktop(globals: Self.globals)
        try desktop.write(group: "General", key: "font", "Noto Sans,16.5,-1,5,50,0,0,0,0,0")
        // Bases recorded by an earlier start: 16.5 over 10 is ax1's 28/17.
        try FileManager.default.createDirectory(at: desktop.basesFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"General/font": 10}"#.utf8).write(to: desktop.basesFile)
        let server = try ServerProcess(["--desktop", "auto"], environment: desktop.environment)
        defer { server.stop() }
        #expect(try category(server) == "ax1")
        #expect(log(server, contains: "following KDE Plasma's font sizes"))
    }
}
