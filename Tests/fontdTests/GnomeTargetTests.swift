import DesktopTestSupport
import DynamicType
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// GNOME as a desktop target (docs/DESIGN.md §30 (KDE Plasma, X11, and per-target limits)): its
/// scope `desktop/gnome` clamps what `text-scaling-factor` carries, `fontd desktop exclude|include
/// gnome` leave the key as the reader had it and write it again, and `fontd desktop status` tells
/// its state — against the built `fontd serve` and real GSettings (the keyfile backend in a
/// temporary `XDG_CONFIG_HOME`, read and changed by `gsettings` from another process).
@Suite(.ownThread) struct GnomeTargetTests {
    /// The ten categories the exclusion tests go through.
    static let tenChanges: [ContentSizeCategory] = [
        .extraLarge, .accessibilityMedium, .small, .accessibilityExtraExtraExtraLarge, .medium,
        .extraExtraLarge, .accessibilityLarge, .extraSmall, .extraExtraExtraLarge, .accessibilityExtraLarge,
    ]

    private func fontd(_ arguments: [String], _ server: ServerProcess?, _ desktop: GnomeDesktop) throws -> CommandResult {
        try CommandRunner.run(arguments + (server.map { ["--server", $0.url.absoluteString] } ?? []), environment: desktop.environment)
    }

    private func setCategory(_ category: ContentSizeCategory, _ server: ServerProcess) throws {
        #expect(try server.client.put("/category", #"{"category":"\#(category.rawValue)"}"#).status == 200)
    }

    private func category(_ server: ServerProcess) throws -> JSONDocument? {
        try server.client.get("/category").member("category")
    }

    /// `fontd desktop status --json`'s `targets` member.
    static func statusTargets(_ environment: [String: String]) throws -> [String: [String: Any]] {
        let status = try CommandRunner.run(["desktop", "status", "--json"], environment: environment)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(status.standardOutput.utf8)) as? [String: Any], "\(status.standardError)")
        return try #require(document["targets"] as? [String: [String: Any]])
    }

    /// Reads the status until `target` is in `state` (`Wait.holds`); returns its entry as last read.
    static func waitForState(_ state: String, of target: String, _ environment: [String: String]) throws -> [String: Any]? {
        var entry: [String: Any]?
        _ = try Wait.holds {
            entry = try statusTargets(environment)[target]
            return entry?["state"] as? String == state
        }
        return entry
    }

    /// The keyfile GSettings keeps the key in, its bytes, inode and modification time: what must not move.
    private func keyfile(_ desktop: GnomeDesktop) throws -> (text: String, inode: Int, modified: Date) {
        let path = desktop.configHome.appendingPathComponent("glib-2.0/settings/keyfile").path
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (
            try String(contentsOfFile: path, encoding: .utf8), try #require(attributes[.systemFileNumber] as? Int),
            try #require(attributes[.modificationDate] as? Date)
        )
    }

    private func factor(_ category: ContentSizeCategory) throws -> Double {
        let ratio = try #require(Fixtures.defaultTable.textScalingRatios)[category]
        return min((ratio * 100).rounded() / 100, 3.0)
    }

    @Test func aMaximumOnDesktopGnomeMakesTheKeyXXLWhileTheReaderIsAtAX3() throws {
        let desktop = try GnomeDesktop()
        let server = try ServerProcess(["--desktop", "gnome"], environment: desktop.environment)
        defer { server.stop() }
        try setCategory(.accessibilityExtraLarge, server)
        #expect(try desktop.waitForFactor(factor(.accessibilityExtraLarge)) == factor(.accessibilityExtraLarge))

        let set = try fontd(["maximum-category", "set", "xxl", "--scope", "desktop/gnome"], server, desktop)
        #expect(set.status == 0, "\(set.standardError)")
        #expect(try desktop.waitForFactor(1.24) == 1.24)
        // fontd's own write of the limit is no choice of the reader's.
        Thread.sleep(forTimeInterval: GnomeDesktopTests.settleSeconds)  // an echo would have come by now: its absence is the point
        #expect(try category(server) == .string("ax3"), "\(server.standardError())")
        let gnome = try Self.statusTargets(desktop.environment)["gnome"]
        #expect(gnome?["state"] as? String == "applied" && gnome?["category"] as? String == "xxl", "\(String(describing: gnome))")
        #expect(gnome?["detail"] as? String == "text-scaling-factor 1.24")

        #expect(try fontd(["maximum-category", "set", "none", "--scope", "desktop/gnome"], server, desktop).status == 0)
        #expect(try desktop.waitForFactor(factor(.accessibilityExtraLarge)) == factor(.accessibilityExtraLarge))
    }

    @Test func theClampedValueFontdWroteDoesNotPullTheReaderDownAtTheNextStart() throws {
        let desktop = try GnomeDesktop()
        let store = try TestPaths.temporaryDirectory().appendingPathComponent("fontd.sqlite").path
        do {
            let server = try ServerProcess(["--desktop", "gnome", "--store", store], environment: desktop.environment)
            defer { server.stop() }
            try setCategory(.accessibilityExtraLarge, server)
            #expect(try fontd(["maximum-category", "set", "xxl", "--scope", "desktop/gnome"], server, desktop).status == 0)
            #expect(try desktop.waitForFactor(1.24) == 1.24)
        }
        let before = try keyfile(desktop)
        let server = try ServerProcess(["--desktop", "gnome", "--store", store], environment: desktop.environment)
        defer { server.stop() }
        #expect(try category(server) == .string("ax3"))
        // The same category again: nothing written (the key's file is the very same).
        let after = try keyfile(desktop)
        #expect(after.text == before.text && after.inode == before.inode && after.modified == before.modified)
    }

    @Test func anExcludedGnomeKeyIsUnchangedAfterTenChangesAndNotFollowed() throws {
        let desktop = try GnomeDesktop()
        try desktop.set(1.25)
        let server = try ServerProcess(["--desktop", "gnome"], environment: desktop.environment)
        defer { server.stop() }
        #expect(try category(server) == .string("xxl"))
        let excluded = try fontd(["desktop", "exclude", "gnome"], nil, desktop)
        #expect(
            excluded.status == 0 && excluded.standardOutput.contains("gnome excluded: fontd serve (pid"),
            "\(excluded.standardOutput)\(excluded.standardError)")
        let before = try keyfile(desktop)

        for category in Self.tenChanges { try setCategory(category, server) }
        Thread.sleep(forTimeInterval: GnomeDesktopTests.settleSeconds)  // an echo would have come by now: its absence is the point
        let after = try keyfile(desktop)
        #expect(after.text == before.text && after.inode == before.inode && after.modified == before.modified, "\(after.text)")
        #expect(try desktop.textScalingFactor() == 1.25)
        #expect(try Self.statusTargets(desktop.environment)["gnome"]?["state"] as? String == "excluded")

        // Nor followed: the reader's own change of the key leaves the category.
        try desktop.set(0.82)
        Thread.sleep(forTimeInterval: GnomeDesktopTests.settleSeconds)  // an echo would have come by now: its absence is the point
        #expect(try category(server) == .string(Self.tenChanges.last?.rawValue ?? ""))
    }

    @Test func excludePutsTheReadersValueBackAndIncludeWritesAgain() throws {
        let desktop = try GnomeDesktop()
        try desktop.set(1.25)
        let server = try ServerProcess(["--desktop", "gnome"], environment: desktop.environment)
        defer { server.stop() }
        try setCategory(.accessibilityMedium, server)
        #expect(try desktop.waitForFactor(1.65) == 1.65)
        let record = desktop.stateHome.appendingPathComponent("fontd/gnome-base.json")
        #expect(try String(contentsOf: record, encoding: .utf8) == "{\n  \"textScalingFactor\" : 1.25\n}\n")

        #expect(try fontd(["desktop", "exclude", "gnome"], nil, desktop).status == 0)
        #expect(try desktop.textScalingFactor() == 1.25)
        // Put back is no choice of the reader's: the category stays.
        Thread.sleep(forTimeInterval: GnomeDesktopTests.settleSeconds)  // an echo would have come by now: its absence is the point
        #expect(try category(server) == .string("ax1"))

        try setCategory(.extraLarge, server)
        let included = try fontd(["desktop", "include", "gnome"], nil, desktop)
        #expect(
            included.status == 0 && included.standardOutput.contains("applied xl (text-scaling-factor 1.12)"), "\(included.standardOutput)")
        #expect(try desktop.textScalingFactor() == 1.12)
    }

    /// The reader had no value of their own (the schema's default): excluding resets the key.
    @Test func excludeResetsAKeyTheReaderNeverSet() throws {
        let desktop = try GnomeDesktop()
        let server = try ServerProcess(["--desktop", "gnome"], environment: desktop.environment)
        defer { server.stop() }
        try setCategory(.accessibilityMedium, server)
        #expect(try desktop.waitForFactor(1.65) == 1.65)
        let record = desktop.stateHome.appendingPathComponent("fontd/gnome-base.json")
        #expect(try String(contentsOf: record, encoding: .utf8) == "{\n  \"textScalingFactor\" : null\n}\n")

        #expect(try fontd(["desktop", "exclude", "gnome"], nil, desktop).status == 0)
        #expect(try desktop.textScalingFactor() == 1.0)
        #expect(try !keyfile(desktop).text.contains("text-scaling-factor"))
    }

    /// GSettings refuses the write (the keyfile backend's folder cannot be made: `glib-2.0` is a file).
    @Test func aRefusedWriteIsFailedInOneLineAndTheKeyStays() throws {
        let desktop = try GnomeDesktop()
        try Data().write(to: desktop.configHome.appendingPathComponent("glib-2.0"))
        let server = try ServerProcess(["--desktop", "gnome"], environment: desktop.environment)
        defer { server.stop() }
        try setCategory(.accessibilityMedium, server)
        let gnome = try Self.waitForState("failed", of: "gnome", desktop.environment)
        let reason = try #require(gnome?["detail"] as? String)
        #expect(reason == "GSettings refused to set text-scaling-factor to 1.65: the key is not writable; it is left at 1.0", "\(reason)")
        #expect(try desktop.textScalingFactor() == 1.0)
    }
}
