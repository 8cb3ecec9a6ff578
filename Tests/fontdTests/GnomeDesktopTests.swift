import DesktopTestSupport
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// `fontd serve --desktop gnome` against real GSettings (docs/DESIGN.md §26 (The desktop bridge)): the keyfile backend
/// in a temporary XDG_CONFIG_HOME, the key changed and read by `gsettings` from another process.
@Suite(.ownThread) struct GnomeDesktopTests {
    /// How long a change may take to show, and how long nothing must follow an echo-free change:
    /// the keyfile backend hears of its file through a file monitor, which reports within ~1 s.
    static let settleSeconds = 1.5

    private func categoryEvent(_ category: String, from previous: String, _ id: Int, scope: String? = nil) -> ServerSentEvent {
        let scoped = scope.map { #""scope":"\#($0)","# } ?? ""
        return ServerSentEvent(
            id: String(id), event: "contentSizeCategoryDidChange",
            data: #"{\#(scoped)"category":"\#(category)","previous":"\#(previous)","sequence":\#(id)}"#)
    }

    /// A desktop of the test's own, `fontd serve --desktop gnome arguments…` joined to it, and a
    /// subscriber of the root scope, past its snapshot.
    private func serveJoined(_ arguments: [String] = []) throws -> (GnomeDesktop, ServerProcess, EventStreamClient) {
        let desktop = try GnomeDesktop()
        let server = try ServerProcess(["--desktop", "gnome"] + arguments, environment: desktop.environment)
        return (desktop, server, try subscribe(server))
    }

    private func subscribe(_ server: ServerProcess, scope: String? = nil) throws -> EventStreamClient {
        let events = try EventStreamClient(port: server.port, query: scope.map { "?scope=" + $0 } ?? "")
        #expect(try events.next().event == "preferences")
        return events
    }

    private func category(_ server: ServerProcess, scope: String? = nil) throws -> String {
        let answer = try server.client.get("/category" + (scope.map { "?scope=" + $0 } ?? ""))
        guard case .string(let category)? = try answer.json()["category"] else {
            Issue.record("no category in \(answer.bodyText)")
            return ""
        }
        return category
    }

    /// Runs `fontd serve --port 0 arguments…` with a store of its own, expecting it to stop at start
    /// with one line on stderr and nothing on stdout; returns that line.
    private func refusal(
        _ arguments: [String] = ["--desktop", "gnome"], environment: [String: String], executable: URL? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let store = try TestPaths.temporaryDirectory().appendingPathComponent("fontd.sqlite").path
        let result = try CommandRunner.run(
            ["serve", "--port", "0", "--store", store] + arguments, executable: executable, environment: environment, timeoutSeconds: 10)
        #expect(result.status != 0, sourceLocation: sourceLocation)
        #expect(result.standardOutput.isEmpty, sourceLocation: sourceLocation)
        let lines = result.standardError.split(separator: "\n")
        #expect(
            lines.count == 1 && result.standardError.hasPrefix("fontd: error: "), "\(result.standardError)", sourceLocation: sourceLocation)
        return result.standardError
    }

    /// The server's stderr up to its `listening` log line, which follows the ready line: stderr is
    /// drained by another thread, so the ready line can be read before the lines logged before it.
    private func logUntilReady(_ server: ServerProcess) throws -> String {
        try server.waitForLog(containing: "listening")
    }

    /// Waits `settleSeconds` (an echo would have arrived by then), then changes the legibility
    /// weight: the stream's next event must be that one, so no category event came in between.
    private func expectNoFurtherCategoryEvent(
        _ events: EventStreamClient, server: ServerProcess, scope: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        Thread.sleep(forTimeInterval: Self.settleSeconds)  // an echo would have come by now: its absence is the point
        let marker = try server.client.put("/preferences" + (scope.map { "?scope=" + $0 } ?? ""), #"{"legibilityWeight":"bold"}"#)
        #expect(marker.status == 200, sourceLocation: sourceLocation)
        #expect(try events.next().event == "legibilityWeightDidChange", sourceLocation: sourceLocation)
    }

    @Test func largeTextMakesTheCategoryXXLWithOneEventAndTheKeyStays() throws {
        let (desktop, server, events) = try serveJoined()

        try desktop.set(1.25)
        #expect(try events.next() == categoryEvent("xxl", from: "l", 1))
        try expectNoFurtherCategoryEvent(events, server: server)
        #expect(try category(server) == "xxl")
        // Not rewritten to xxl's own ratio (1.24).
        #expect(try desktop.textScalingFactor() == 1.25)
        // SIGTERM stops the settings thread too.
        #expect(server.terminate() == 0)
    }

    @Test func aPutSetsTheKeyToTheRatioAndNothingEchoes() throws {
        let (desktop, server, events) = try serveJoined()

        #expect(try server.client.put("/category", #"{"category":"ax2"}"#).status == 200)
        #expect(try events.next() == categoryEvent("ax2", from: "l", 1))
        #expect(try desktop.waitForFactor(1.94) == 1.94)
        try expectNoFurtherCategoryEvent(events, server: server)
        #expect(try category(server) == "ax2")
        #expect(try desktop.textScalingFactor() == 1.94)
    }

    @Test func theKeysEndsAndMiddleMapToTheirCategories() throws {
        let (desktop, server, events) = try serveJoined()

        for (sequence, (factor, category, previous)) in [(0.5, "xs", "l"), (3.0, "ax5", "xs"), (1.0, "l", "ax5")].enumerated() {
            try desktop.set(factor)
            #expect(try events.next() == categoryEvent(category, from: previous, sequence + 1), "\(factor)")
            #expect(try desktop.textScalingFactor() == factor)
        }
        try expectNoFurtherCategoryEvent(events, server: server)
    }

    @Test func twoQuickPutsLeaveTheKeyAtTheLastOnesRatio() throws {
        let (desktop, server, events) = try serveJoined()

        #expect(try server.client.put("/category", #"{"category":"ax1"}"#).status == 200)
        #expect(try server.client.put("/category", #"{"category":"xs"}"#).status == 200)
        #expect(try events.next() == categoryEvent("ax1", from: "l", 1))
        #expect(try events.next() == categoryEvent("xs", from: "ax1", 2))
        try expectNoFurtherCategoryEvent(events, server: server)
        #expect(try desktop.textScalingFactor() == 0.82)
        #expect(try category(server) == "xs")
    }

    /// dconf, the backend of a GNOME session, on a session bus of the test's own: the same both ways.
    @Test func dconfOnASessionBusWorksBothWays() throws {
        let desktop = try GnomeDesktop(.dconf)
        let server = try ServerProcess(["--desktop", "gnome"], environment: desktop.environment)
        let events = try subscribe(server)
        #expect(try logUntilReady(server).contains("backend=dconf"))

        try desktop.set(1.25)
        #expect(try events.next() == categoryEvent("xxl", from: "l", 1))
        #expect(try server.client.put("/category", #"{"category":"ax2"}"#).status == 200)
        #expect(try events.next() == categoryEvent("ax2", from: "xxl", 2))
        #expect(try desktop.waitForFactor(1.94) == 1.94)
        try expectNoFurtherCategoryEvent(events, server: server)
        #expect(server.terminate() == 0)
    }

    @Test func atStartTheDesktopWins() throws {
        let desktop = try GnomeDesktop()
        let store = try TestPaths.temporaryDirectory().appendingPathComponent("fontd.sqlite").path
        var server = try ServerProcess(["--store", store], environment: desktop.environment)
        #expect(try server.client.put("/category", #"{"category":"ax3"}"#).status == 200)
        server.terminate()

        try desktop.set(1.25)
        server = try ServerProcess(["--store", store, "--desktop", "gnome"], environment: desktop.environment)
        // One change, through the normal path (it has the next id), before the ready line.
        #expect(try server.client.get("/category").bodyText == #"{"category":"xxl","sequence":2}"#)
        #expect(try desktop.textScalingFactor() == 1.25)
    }

    /// A table whose ax5 ratio is past the key's range: ax5 writes 3.0, which reads back as ax4.
    /// Were the bridge to take its own write for the desktop's, the category would move to ax4.
    @Test func aClampedValueReadBackMakesNoSecondEvent() throws {
        let table = try TestPaths.temporaryDirectory().appendingPathComponent("wide-ax5.json")
        var json = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: TestPaths.defaultStyles)) as? [String: Any])
        var styles = try #require(json["styles"] as? [[String: Any]])
        let body = try #require(styles.firstIndex { $0["name"] as? String == "body" })
        var sizes = try #require(styles[body]["sizes"] as? [String: Any])
        sizes["ax5"] = ["size": 85, "lineHeight": 99]
        styles[body]["sizes"] = sizes
        json["styles"] = styles
        try JSONSerialization.data(withJSONObject: json).write(to: table)
        let (desktop, server, events) = try serveJoined(["--styles", table.path])

        #expect(try server.client.put("/category", #"{"category":"ax5"}"#).status == 200)
        #expect(try events.next() == categoryEvent("ax5", from: "l", 1))
        #expect(try desktop.waitForFactor(3.0) == 3.0)
        try expectNoFurtherCategoryEvent(events, server: server)
        #expect(try category(server) == "ax5")
    }

    @Test func aDesktopScopeFollowsAndSetsThatScopeOnly() throws {
        let (desktop, server, root) = try serveJoined(["--desktop-scope", "alice"])
        let alice = try subscribe(server, scope: "alice")

        try desktop.set(1.25)
        #expect(try alice.next() == categoryEvent("xxl", from: "l", 1, scope: "alice"))
        #expect(try category(server) == "l")

        // The root's change does not reach alice, who has the desktop's value of her own: the key stays.
        #expect(try server.client.put("/category", #"{"category":"xl"}"#).status == 200)
        #expect(try root.next() == categoryEvent("xl", from: "l", 2))
        #expect(try server.client.put("/category?scope=alice", #"{"category":"ax2"}"#).status == 200)
        #expect(try alice.next() == categoryEvent("ax2", from: "xxl", 3, scope: "alice"))
        #expect(try desktop.waitForFactor(1.94) == 1.94)
        try expectNoFurtherCategoryEvent(alice, server: server, scope: "alice")
        #expect(try category(server) == "xl")
    }

    /// Cleared, the desktop's scope inherits again: its parent's changes are its own and reach the key.
    @Test func aClearedDesktopScopeFollowsItsParentToTheKey() throws {
        let (desktop, server, root) = try serveJoined(["--desktop-scope", "alice"])
        let alice = try subscribe(server, scope: "alice")

        #expect(try server.client.put("/category", #"{"category":"xl"}"#).status == 200)
        #expect(try root.next() == categoryEvent("xl", from: "l", 1))
        #expect(try server.client.put("/category?scope=alice", #"{"category":null}"#).status == 200)
        #expect(try alice.next() == categoryEvent("xl", from: "l", 2, scope: "alice"))
        #expect(try desktop.waitForFactor(1.12) == 1.12)
        #expect(try server.client.put("/category", #"{"category":"ax1"}"#).status == 200)
        #expect(try alice.next() == categoryEvent("ax1", from: "xl", 3, scope: "alice"))
        #expect(try desktop.waitForFactor(1.65) == 1.65)
        try expectNoFurtherCategoryEvent(alice, server: server, scope: "alice")
    }

    // MARK: Refusals

    @Test(arguments: [
        (["--desktop", "plasma"], "plasma"),
        (["--desktop", "gnome", "--desktop-scope", "alice//phone"], "--desktop-scope"),
        (["--desktop-scope", "alice"], "--desktop-scope needs --desktop"),
    ])
    func badDesktopOptionsAreOneLine(_ arguments: [String], _ named: String) throws {
        let line = try refusal(arguments, environment: GnomeDesktop().environment)
        #expect(line.contains(named), "\(line)")
    }

    /// An environment where GIO finds no schema at all: no system data directories, an empty
    /// schema directory, and a data home of the test's own.
    private func withoutSchemas(_ desktop: GnomeDesktop) throws -> [String: String] {
        let empty = try TestPaths.temporaryDirectory()
        var environment = desktop.environment
        environment["GSETTINGS_SCHEMA_DIR"] = empty.path
        environment["XDG_DATA_DIRS"] = empty.appendingPathComponent("none").path
        environment["XDG_DATA_HOME"] = empty.path
        return environment
    }

    @Test func withoutTheSchemaGnomeStopsWithOneLine() throws {
        #expect(
            try refusal(environment: withoutSchemas(GnomeDesktop())) == """
                fontd: error: cannot join the GNOME desktop: the GSettings schema org.gnome.desktop.interface is not installed \
                (Debian: gsettings-desktop-schemas); GIO looks in XDG_DATA_DIRS/glib-2.0/schemas and GSETTINGS_SCHEMA_DIR

                """)
    }

    @Test func withoutTheSchemaAutoServesAndSaysWhyOnce() throws {
        let environment = try withoutSchemas(GnomeDesktop())
        let server = try ServerProcess(["--desktop", "auto"], environment: environment)
        #expect(try category(server) == "l")
        #expect(try server.client.put("/category", #"{"category":"xl"}"#).status == 200)
        let log = try logUntilReady(server)
        #expect(log.components(separatedBy: "serving without a desktop bridge").count == 2, "\(log)")
        #expect(log.contains("the GSettings schema org.gnome.desktop.interface is not installed"), "\(log)")
    }

    @Test func gsettingsMemoryBackendIsRefused() throws {
        var environment = try GnomeDesktop().environment
        environment["GSETTINGS_BACKEND"] = "memory"
        let line = try refusal(environment: environment)
        #expect(line.contains("GSettings chose its memory backend, which no other program sees"), "\(line)")
    }

    /// dconf, GIO's default backend on a desktop, hears of changes and writes through the session
    /// bus: without one it is refused (the keyfile backend above needs none).
    @Test func dconfWithoutASessionBusIsRefused() throws {
        var environment = try GnomeDesktop().environment
        environment["GSETTINGS_BACKEND"] = "dconf"
        environment["DISPLAY"] = nil
        environment["XDG_RUNTIME_DIR"] = try TestPaths.temporaryDirectory().path
        let line = try refusal(environment: environment)
        #expect(line.contains("the dconf backend needs the session bus, which cannot be reached"), "\(line)")
    }

    /// A fontd copied without its library: --desktop gnome says where it looked.
    @Test func withoutTheLibraryGnomeStopsWithOneLine() throws {
        let copy = try TestPaths.temporaryDirectory().appendingPathComponent("fontd")
        // Copied by `cp`, not in this process: a test elsewhere that forks while this process
        // holds the copy open for writing would keep it open in the child, and exec would fail
        // with "Text file busy" (seen once in a full run).
        let copied = try CommandRunner.run(
            [#require(TestPaths.fontdExecutable).path, copy.path], executable: URL(fileURLWithPath: "/bin/cp"))
        try #require(copied.status == 0, "\(copied.standardError)")
        let line = try refusal(environment: GnomeDesktop().environment, executable: copy)
        #expect(line.contains("its library is in none of \(copy.deletingLastPathComponent().path)/libfontd-gnome.so"), "\(line)")
    }

    // MARK: Start-up

    /// GIO is loaded only by `serve --desktop`: the loader's own account of what it loads.
    @Test func onlyTheDesktopBridgeLoadsGIO() throws {
        var environment = try GnomeDesktop().environment
        environment["LD_DEBUG"] = "libs"
        environment["FONTD_NO_CACHE"] = "1"
        let local = try CommandRunner.run(["query", "body"], environment: environment)
        #expect(local.status == 0)
        #expect(local.standardError.contains("libfontconfig"), "LD_DEBUG=libs reports nothing here")
        #expect(!local.standardError.contains("libgio"))

        let server = try ServerProcess(["--desktop", "gnome"], environment: environment)
        #expect(try logUntilReady(server).contains("libgio-2.0.so"))
    }
}
