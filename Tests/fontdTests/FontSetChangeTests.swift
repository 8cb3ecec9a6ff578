import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// Fonts installed or removed while `fontd serve` runs (docs/DESIGN.md §25 (Font set changes)), with a private font
/// directory: noticed within `--font-rescan-seconds` (also in the same second as a check),
/// read again at once on SIGHUP, announced once with `fontsDidChange`, and answered anew.
@Suite(.ownThread) struct FontSetChangeTests {
    /// A font directory holding only DejaVu Sans, and the environment of a server that sees only it.
    struct FontDirectory {
        let url: URL
        let environment: [String: String]

        init() throws {
            // Named uniquely: the configuration written for it is named after it (tests run at once).
            url = try TestPaths.temporaryDirectory().appendingPathComponent("fonts-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            environment = PinnedFonts.environment(seeingOnly: url)
            try install("DejaVuSans.ttf")
        }

        /// Copies a pinned font in under a temporary name, then renames it: an installer's atomic copy.
        func install(_ name: String) throws {
            let partial = url.deletingLastPathComponent().appendingPathComponent(name + ".partial")
            try FileManager.default.copyItem(atPath: PinnedFonts.fontDirectory + "/" + name, toPath: partial.path)
            try FileManager.default.moveItem(at: partial, to: url.appendingPathComponent(name))
        }

        func remove(_ name: String) throws {
            try FileManager.default.removeItem(at: url.appendingPathComponent(name))
        }

        /// Sets the directory's modification time to second `seconds`, nanosecond `nanoseconds`.
        func setModified(seconds: Int, nanoseconds: Int) {
            var times = [timespec(tv_sec: seconds, tv_nsec: nanoseconds), timespec(tv_sec: seconds, tv_nsec: nanoseconds)]
            #expect(utimensat(AT_FDCWD, url.path, &times, 0) == 0)
        }
    }

    static let serif = "/font?style=body&family=DejaVu%20Serif"

    static func generation(_ server: ServerProcess) throws -> String {
        guard case .string(let generation)? = try server.client.get("/preferences").member("fontGeneration") else { return "" }
        return generation
    }

    @Test func aFontCopiedInIsServedAndAnnouncedOnce() throws {
        let fonts = try FontDirectory()
        let server = try ServerProcess(["--font-rescan-seconds", "0.2"], environment: fonts.environment)
        let subscriber = try EventStreamClient(port: server.port, timeoutSeconds: 10)
        subscriber.skipsFontChanges = false
        let snapshot = try subscriber.next()
        let before = try Self.generation(server)
        #expect(before.count == 16 && snapshot.data.contains(#""fontGeneration":"\#(before)""#), "\(snapshot.data)")
        let sansBefore = try server.client.get("/font?style=body")
        let serifBefore = try server.client.get(Self.serif)
        #expect(try serifBefore.json()["descriptor"]?["fallback"] == .bool(true))
        #expect(!(try server.client.get("/faces").bodyText.contains("DejaVu Serif")))

        try fonts.install("DejaVuSerif.ttf")
        let announced = try subscriber.next()
        #expect(announced.event == "fontsDidChange" && announced.id == nil)
        let after = try Self.generation(server)
        #expect(announced.data == #"{"fontGeneration":"\#(after)"}"#)
        #expect(after != before && after.count == 16)

        let serifAfter = try server.client.get(Self.serif)
        #expect(try serifAfter.json()["descriptor"]?["fallback"] == .bool(false))
        #expect(serifAfter.header("ETag") != serifBefore.header("ETag"), "its bytes changed: a new ETag")
        let sansAfter = try server.client.get("/font?style=body")
        #expect(sansAfter.bodyText == sansBefore.bodyText && sansAfter.header("ETag") == sansBefore.header("ETag"), "same bytes, same ETag")
        #expect(try server.client.get("/faces").bodyText.contains("DejaVu Serif"))

        // Five more checks find nothing new: the next event is the next change of preferences.
        usleep(1_000_000)  // five rescans' time: that they announce nothing is the point
        #expect(try server.client.put("/category", #"{"category":"xl"}"#).status == 200)
        let next = try subscriber.next()
        #expect(next.event == "contentSizeCategoryDidChange", "one fontsDidChange for one install: \(next) after \(announced)")
    }

    @Test func aFontInstalledInTheSameSecondAsACheckIsNoticed() throws {
        let fonts = try FontDirectory()
        // Every change of the directory keeps it in one second, as if it came in the second fontconfig last checked.
        fonts.setModified(seconds: 1_700_000_000, nanoseconds: 100)
        let server = try ServerProcess(["--font-rescan-seconds", "0.2"], environment: fonts.environment)
        let before = try Self.generation(server)
        try fonts.install("DejaVuSerif.ttf")
        fonts.setModified(seconds: 1_700_000_000, nanoseconds: 200)
        try Wait.until("the new font served") { try server.client.get(Self.serif).json()["descriptor"]?["fallback"] == .bool(false) }
        // The resolver answers from the new fonts a moment before the store announces their generation.
        try Wait.until("a new font generation") { try Self.generation(server) != before }
    }

    @Test func aFontCopiedInPlaceSlowlyIsServedOnceComplete() throws {
        let fonts = try FontDirectory()
        let server = try ServerProcess(["--font-rescan-seconds", "0.1"], environment: fonts.environment)
        // `cp` into the directory: the file is created (the directory changes) and then written,
        // here over half a second, while the server checks every tenth of one.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: PinnedFonts.fontDirectory + "/DejaVuSerif.ttf"))
        let handle = try FileHandle(
            forWritingTo: {
                let url = fonts.url.appendingPathComponent("DejaVuSerif.ttf")
                _ = FileManager.default.createFile(atPath: url.path, contents: nil)
                return url
            }())
        try handle.write(contentsOf: bytes.prefix(4096))
        usleep(500_000)  // the slow copy is the test's input: the server checks five times meanwhile
        try handle.write(contentsOf: bytes.dropFirst(4096))
        try handle.close()
        try Wait.until("the new font served") { try server.client.get(Self.serif).json()["descriptor"]?["fallback"] == .bool(false) }
    }

    @Test func aUserConfigurationCreatedWhileItRunsIsRead() throws {
        let fonts = try FontDirectory()
        let home = fonts.url.deletingLastPathComponent().appendingPathComponent("config")
        let more = fonts.url.deletingLastPathComponent().appendingPathComponent("more-fonts")
        try FileManager.default.createDirectory(at: more, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: PinnedFonts.fontDirectory + "/DejaVuSerif.ttf", toPath: more.appendingPathComponent("DejaVuSerif.ttf").path)
        var environment = fonts.environment
        environment["XDG_CONFIG_HOME"] = home.path
        let server = try ServerProcess(["--font-rescan-seconds", "0.2"], environment: environment)
        #expect(try server.client.get(Self.serif).json()["descriptor"]?["fallback"] == .bool(true))
        // The system's rules include $XDG_CONFIG_HOME/fontconfig/fonts.conf only when it exists.
        let user = home.appendingPathComponent("fontconfig")
        try FileManager.default.createDirectory(at: user, withIntermediateDirectories: true)
        try Data("<?xml version=\"1.0\"?>\n<fontconfig><dir>\(more.path)</dir></fontconfig>\n".utf8)
            .write(to: user.appendingPathComponent("fonts.conf"), options: .atomic)
        try Wait.until("the new font served") { try server.client.get(Self.serif).json()["descriptor"]?["fallback"] == .bool(false) }
    }

    @Test func aFontRemovedIsGoneAtOnceOnSIGHUP() throws {
        let fonts = try FontDirectory()
        try fonts.install("DejaVuSerif.ttf")
        let server = try ServerProcess(["--font-rescan-seconds", "3600"], environment: fonts.environment)
        #expect(try server.client.get(Self.serif).json()["descriptor"]?["fallback"] == .bool(false))
        let before = try Self.generation(server)
        try fonts.remove("DejaVuSerif.ttf")
        kill(server.process.processIdentifier, SIGHUP)
        try Wait.until("the removed font no longer served") {
            try server.client.get(Self.serif).json()["descriptor"]?["fallback"] == .bool(true)
        }
        #expect(!(try server.client.get("/faces").bodyText.contains("DejaVu Serif")))
        #expect(try Self.generation(server) != before)
        #expect(server.process.isRunning, "SIGHUP does not stop the server")
    }

    @Test func watchPrintsEachChangeOfTheFonts() throws {
        let fonts = try FontDirectory()
        let server = try ServerProcess(["--font-rescan-seconds", "0.2"], environment: fonts.environment)
        let watch = try CommandProcess(["watch", "--server", server.url.absoluteString])
        defer { watch.stop() }
        #expect(watch.line(0)?.text.hasPrefix("preferences: category l") == true)
        try fonts.install("DejaVuSerif.ttf")
        let line = try #require(watch.line(1), "stderr: \(watch.standardError)")
        #expect(line.text == "fontsDidChange: the installed fonts changed (generation \(try Self.generation(server)))")
    }

    @Test(arguments: ["-1", "abc", "86401", "1e-320", "0.05"])
    func aBadRescanIntervalIsRefusedWithOneLine(_ value: String) throws {
        let run = try CommandRunner.run(["serve", "--port", "0", "--font-rescan-seconds=\(value)"])
        #expect(run.status != 0)
        #expect(run.standardError.contains("--font-rescan-seconds") && run.standardError.contains(value), "\(run.standardError)")
        #expect(run.standardError.split(separator: "\n").count <= 2, "\(run.standardError)")
    }

    @Test func aResumedStreamBeginsWithTheFontGeneration() throws {
        let fonts = try FontDirectory()
        let server = try ServerProcess([], environment: fonts.environment)
        #expect(try server.client.put("/category", #"{"category":"xl"}"#).status == 200)
        let resumed = try EventStreamClient(port: server.port, lastEventID: "0", timeoutSeconds: 10)
        resumed.skipsFontChanges = false
        let first = try resumed.next()
        #expect(first == ServerSentEvent(id: nil, event: "fontsDidChange", data: #"{"fontGeneration":"\#(try Self.generation(server))"}"#))
        #expect(try resumed.next().id == "1", "then what it missed")
    }
}
