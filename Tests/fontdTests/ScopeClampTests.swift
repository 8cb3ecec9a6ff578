import DynamicType
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// A scope's bounds, `minimumCategory` and `maximumCategory` (docs/DESIGN.md §23 (Reader scopes and scoped
/// tokens), §10 (Reader preferences)), against the built `fontd serve` on a real socket, set through the CLI and `PUT /preferences`.
@Suite(.ownThread) struct ScopeClampTests {
    /// `fontd <arguments> --server` this server, and what it printed.
    private func fontd(_ arguments: [String], _ server: ServerProcess) throws -> CommandResult {
        try CommandRunner.run(arguments + ["--server", "http://127.0.0.1:\(server.port)"])
    }

    /// A server keeping scopes in an SQLite store of its own.
    private func storedServer() throws -> ServerProcess {
        try ServerProcess(["--store", TestPaths.temporaryDirectory().appendingPathComponent("fontd.sqlite").path])
    }

    @Test func aScopeBoundedAtXXLAnswersXXLWithTheRootsAX3AsRequested() throws {
        let server = try storedServer()
        #expect(try server.client.put("/category", #"{"category":"ax3"}"#).status == 200)
        let set = try fontd(["maximum-category", "set", "xxl", "--scope", "desktop/kde"], server)
        #expect(set.status == 0 && set.standardOutput.hasPrefix("xxl (was none)\n"), "\(set.standardError)")

        let preferences = try server.client.get("/preferences?scope=desktop/kde").bodyText
        #expect(preferences.contains(#""category":"xxl","requestedCategory":"ax3","#), "\(preferences)")
        #expect(preferences.contains(#""maximumCategory":"xxl","sequence":2"#), "\(preferences)")
        let font = try server.client.get("/font?style=body&scope=desktop/kde")
        #expect(try font.member("category") == .string("xxl") && font.member("requestedCategory") == .string("ax3"), "\(font.bodyText)")
        let fonts = try server.client.get("/fonts?scope=desktop/kde")
        #expect(try fonts.member("category") == .string("xxl") && fonts.member("requestedCategory") == .string("ax3"))
        #expect(try server.client.get("/css?scope=desktop/kde").bodyText.contains("requested ax3"))
        // A request's own clamp narrows further; the root and its other scopes are not clamped.
        let narrowed = try server.client.get("/font?style=body&scope=desktop/kde&maximumCategory=l")
        #expect(try narrowed.member("category") == .string("l") && narrowed.member("requestedCategory") == .string("ax3"))
        let root = try server.client.get("/font?style=body")
        #expect(try root.member("category") == .string("ax3") && root.member("requestedCategory") == nil)
        #expect(try server.client.get("/font?style=body&scope=desktop/gnome").member("category") == .string("ax3"))
        #expect(try fontd(["maximum-category", "get", "--scope", "desktop/kde/konsole"], server).standardOutput == "xxl\n")
    }

    @Test func aChildCannotWidenItsParentsBoundsNorCrossItsOwn() throws {
        let server = try storedServer()
        #expect(try server.client.put("/preferences?scope=desktop", #"{"maximumCategory":"xxl"}"#).status == 200)
        let wider = try server.client.put("/preferences?scope=desktop/kde", #"{"maximumCategory":"ax5"}"#)
        #expect(try wider.status == 400 && wider.member("error") == .string("conflictingParameters"))
        #expect(
            wider.bodyText.contains("maximumCategory xxl of scope desktop") && wider.bodyText.contains("xs to xxl"), "\(wider.bodyText)")
        let above = try server.client.put("/preferences?scope=desktop/kde", #"{"minimumCategory":"ax1"}"#)
        #expect(above.status == 400 && above.bodyText.contains("maximumCategory xxl of scope desktop"), "\(above.bodyText)")
        let crossed = try server.client.put("/preferences?scope=alice", #"{"minimumCategory":"xl","maximumCategory":"l"}"#)
        #expect(crossed.status == 400 && crossed.bodyText.contains("minimum would be above its maximum"), "\(crossed.bodyText)")
        let refused = try fontd(["maximum-category", "set", "ax5", "--scope", "desktop/kde"], server)
        #expect(refused.status != 0 && refused.standardError.contains("only narrow its ancestors'"), "\(refused.standardError)")
        // Nothing was changed by the refusals; a narrower bound is taken.
        #expect(try server.client.get("/preferences?scope=alice").bodyText.contains("minimumCategory") == false)
        #expect(try fontd(["maximum-category", "set", "xl", "--scope", "desktop/kde"], server).standardOutput.hasPrefix("xl (was xxl)\n"))
    }

    @Test func clearingTheBoundUnclampsAndEachChangeOfItIsAnEvent() throws {
        let server = try storedServer()
        #expect(try server.client.put("/category", #"{"category":"ax3"}"#).status == 200)
        let subscriber = try EventStreamClient(port: server.port, query: "?scope=desktop/kde")
        #expect(try subscriber.next().event == "preferences")
        let put = try server.client.put("/preferences?scope=desktop/kde", #"{"maximumCategory":"xxl"}"#)
        #expect(
            put.bodyText == #"{"scope":"desktop/kde","category":"xxl","requestedCategory":"ax3","legibilityWeight":"regular","#
                + #""textSpacing":"default","maximumCategory":"xxl","sequence":2,"inherited":["category","legibilityWeight","textSpacing"]}"#
        )
        #expect(
            try subscriber.next()
                == ServerSentEvent(
                    id: "2", event: "maximumCategoryDidChange",
                    data: #"{"scope":"desktop/kde","maximumCategory":"xxl","previous":null,"sequence":2}"#))

        let cleared = try fontd(["maximum-category", "clear", "--scope", "desktop/kde"], server)
        #expect(cleared.status == 0 && cleared.standardOutput == "none (inherited)\n", "\(cleared.standardError)")
        #expect(
            try subscriber.next()
                == ServerSentEvent(
                    id: "3", event: "maximumCategoryDidChange",
                    data: #"{"scope":"desktop/kde","maximumCategory":null,"previous":"xxl","sequence":3}"#))
        let font = try server.client.get("/font?style=body&scope=desktop/kde")
        #expect(try font.member("category") == .string("ax3") && font.member("requestedCategory") == nil)
        #expect(try !server.client.get("/preferences?scope=desktop/kde").bodyText.contains("requestedCategory"))
    }

    @Test func theSQLiteStoreKeepsTheBoundsAcrossARestart() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("clamps-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = directory + "/fontd.sqlite"
        let first = try ServerProcess(["--store", store])
        #expect(try first.client.put("/preferences?scope=desktop", #"{"maximumCategory":"xxl"}"#).status == 200)
        #expect(try first.client.put("/preferences?scope=desktop/kde", #"{"minimumCategory":"xl"}"#).status == 200)
        #expect(first.terminate() == 0)

        let second = try ServerProcess(["--store", store])
        let kept = try second.client.get("/preferences?scope=desktop/kde").bodyText
        #expect(
            kept.contains(#""category":"xl","requestedCategory":"l","#)
                && kept.contains(#""minimumCategory":"xl","maximumCategory":"xxl""#), "\(kept)")
        #expect(try second.client.get("/font?style=body&scope=desktop/kde").member("category") == .string("xl"))
        #expect(try second.client.put("/preferences?scope=desktop/kde", #"{"maximumCategory":"ax1"}"#).status == 400)
    }
}
