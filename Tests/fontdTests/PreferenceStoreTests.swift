import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// `fontd serve`'s SQLite store (docs/DESIGN.md §12 (The store and the state file)): the state file imported once, nobody's
/// size reset by an upgrade, one server per store, a damaged store refused.
@Suite(.ownThread) struct PreferenceStoreTests {
    static let token = "store-token"

    /// A state file (§12 (The store and the state file)) at sequence 7: xl, bold, with its whole history.
    static let stateFile: String = {
        let changes = [
            #"{"sequence":1,"event":"contentSizeCategoryDidChange","category":"xl","previous":"l"}"#,
            #"{"sequence":2,"event":"legibilityWeightDidChange","legibilityWeight":"bold","previous":"regular"}"#,
            #"{"sequence":3,"event":"contentSizeCategoryDidChange","category":"ax1","previous":"xl"}"#,
            #"{"sequence":4,"event":"contentSizeCategoryDidChange","category":"s","previous":"ax1"}"#,
            #"{"sequence":5,"event":"legibilityWeightDidChange","legibilityWeight":"regular","previous":"bold"}"#,
            #"{"sequence":6,"event":"legibilityWeightDidChange","legibilityWeight":"bold","previous":"regular"}"#,
            #"{"sequence":7,"event":"contentSizeCategoryDidChange","category":"xl","previous":"s"}"#,
        ]
        return #"{"version":1,"category":"xl","legibilityWeight":"bold","sequence":7,"history":["# + changes.joined(separator: ",") + "]}\n"
    }()

    /// What a subscriber resuming after `lastEventID` is sent first.
    static func replay(after lastEventID: String, port: Int) throws -> [ServerSentEvent] {
        let stream = try EventStreamClient(port: port, lastEventID: lastEventID)
        return try (0..<4).map { _ in try stream.next() }
    }

    @Test func aStateFileIsImportedOnceAndLeftAsItWas() throws {
        let directory = try TestPaths.temporaryDirectory()
        let state = directory.appendingPathComponent("state.json")
        try Data(Self.stateFile.utf8).write(to: state)
        let server = try ServerProcess(["--token", Self.token, "--state", state.path])
        #expect(
            try server.client.get("/preferences").bodyText
                == server.client.withFontGeneration(#"{"category":"xl","legibilityWeight":"bold","textSpacing":"default","sequence":7}"#))
        let replayed = try Self.replay(after: "3", port: server.port)
        #expect(replayed.map(\.id) == ["4", "5", "6", "7"])
        #expect(
            replayed.map(\.event) == [
                "contentSizeCategoryDidChange", "legibilityWeightDidChange", "legibilityWeightDidChange", "contentSizeCategoryDidChange",
            ])
        #expect(
            FileManager.default.fileExists(atPath: directory.appendingPathComponent("state.sqlite").path), "the store is beside the file")

        // A change goes to the store; the file stays as it was, and is not imported again.
        #expect(try server.client.put("/category", #"{"category":"ax5"}"#, token: Self.token).status == 200)
        #expect(server.terminate() == 0)
        #expect(try String(contentsOf: state, encoding: .utf8) == Self.stateFile)
        let restarted = try ServerProcess(["--token", Self.token, "--state", state.path])
        defer { restarted.stop() }
        #expect(
            try restarted.client.get("/preferences").bodyText
                == restarted.client.withFontGeneration(
                    #"{"category":"ax5","legibilityWeight":"bold","textSpacing":"default","sequence":8}"#))
    }

    @Test func theDefaultStateFileIsImportedIntoTheDefaultStore() throws {
        let home = try TestPaths.temporaryDirectory()
        let stateDirectory = home.appendingPathComponent("state/fontd")
        try FileManager.default.createDirectory(at: stateDirectory, withIntermediateDirectories: true)
        try Data(Self.stateFile.utf8).write(to: stateDirectory.appendingPathComponent("state.json"))
        var environment = PinnedFonts.environment
        environment["XDG_STATE_HOME"] = home.appendingPathComponent("state").path
        environment["FONTD_TEST_DEFAULT_LOCATIONS"] = "1"
        let server = try ServerProcess(["--token", Self.token], environment: environment)
        defer { server.stop() }
        #expect(
            try server.client.get("/preferences").bodyText
                == server.client.withFontGeneration(#"{"category":"xl","legibilityWeight":"bold","textSpacing":"default","sequence":7}"#))
        #expect(try Self.replay(after: "3", port: server.port).map(\.id) == ["4", "5", "6", "7"])
        #expect(FileManager.default.fileExists(atPath: stateDirectory.appendingPathComponent("fontd.sqlite").path))
    }

    @Test func aSecondServerOnTheSameStoreIsRefusedInOneLine() throws {
        let store = try TestPaths.temporaryDirectory().appendingPathComponent("fontd.sqlite").path
        let first = try ServerProcess(["--store", store])
        defer { first.stop() }
        let second = try CommandRunner.run(["serve", "--port", "0", "--store", store], timeoutSeconds: 20)
        #expect(second.status != 0)
        #expect(second.standardOutput.isEmpty, "no ready line")
        let lines = second.standardError.split(separator: "\n").filter { $0.hasPrefix("fontd: error:") }
        #expect(lines.count == 1 && lines[0].contains(store) && lines[0].contains("another fontd serve"), "\(second.standardError)")
        #expect(try first.client.get("/healthz").status == 200, "the first goes on")
    }

    /// Runs `sqlite3 PATH SQL`, as a person editing the store by hand would.
    static func editWithSQLite(_ path: String, _ sql: String) throws {
        let result = try CommandRunner.run(
            [path, sql], executable: URL(fileURLWithPath: "/usr/bin/sqlite3"), environment: ProcessInfo.processInfo.environment)
        #expect(result.status == 0, "sqlite3 \(sql)")
    }

    /// A store made by `fontd serve` with one change (sequence 1), left by a stopped server.
    static func storeWithOneChange() throws -> String {
        let store = try TestPaths.temporaryDirectory().appendingPathComponent("fontd.sqlite").path
        let server = try ServerProcess(["--token", token, "--store", store])
        #expect(try server.client.put("/category", #"{"category":"xl"}"#, token: token).status == 200)
        #expect(server.terminate() == 0)
        return store
    }

    @Test(arguments: NumbersPastTheLastId.edits)
    func aStoreHoldingANumberPastTheLastIdIsRefusedInOneLine(sql: String, field: String) throws {
        let store = try Self.storeWithOneChange()
        try Self.editWithSQLite(store, sql)
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        let result = try CommandRunner.run(["serve", "--port", "0", "--token", Self.token, "--store", store], timeoutSeconds: 20)
        #expect(!result.diedOfSignal, "status \(result.status): \(result.standardError)")
        #expect(result.status == 1, "\(result.standardError)")
        #expect(result.standardOutput.isEmpty, "no ready line")
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 1, "\(result.standardError)")
        #expect(
            lines.first.map { $0.contains(store) && $0.contains(field) && $0.contains(NumbersPastTheLastId.value) } == true,
            "\(result.standardError)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before, "never reset")
    }

    @Test func aStateFilePastTheLastIdIsRefusedInOneLineAndNoStoreIsMade() throws {
        let directory = try TestPaths.temporaryDirectory()
        let state = directory.appendingPathComponent("state.json")
        let change = #"{"sequence":9223372036854775807,"event":"contentSizeCategoryDidChange","category":"xl","previous":"l"}"#
        try Data(#"{"version":1,"category":"xl","legibilityWeight":"regular","sequence":9223372036854775807,"history":[\#(change)]}"#.utf8)
            .write(to: state)
        let result = try CommandRunner.run(["serve", "--port", "0", "--state", state.path], timeoutSeconds: 20)
        #expect(!result.diedOfSignal && result.status == 1, "\(result.status): \(result.standardError)")
        let lines = result.standardError.split(separator: "\n").filter { $0.hasPrefix("fontd: error:") }
        #expect(lines.count == 1 && lines[0].contains(state.path) && lines[0].contains("'sequence'"), "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("state.sqlite").path))
    }

    @Test func aStoreAtTheLastIdServesAndRefusesTheNextChangeCleanly() throws {
        let store = try Self.storeWithOneChange()
        let last = "999999999999999"
        try Self.editWithSQLite(store, "UPDATE preferences SET sequence = \(last), position = \(last), category_mark = \(last)")
        let server = try ServerProcess(["--token", Self.token, "--store", store])
        defer { server.stop() }
        #expect(try server.client.get("/category").bodyText == #"{"category":"xl","sequence":\#(last)}"#)
        let refused = try server.client.put("/category", #"{"category":"ax5"}"#, token: Self.token)
        #expect(refused.status == 500)
        #expect(refused.bodyText.contains(#""error":"internal""#), "\(refused.bodyText)")
        #expect(try server.client.get("/category").bodyText == #"{"category":"xl","sequence":\#(last)}"#)
        #expect(server.terminate() == 0, "served on, and stopped as asked")
    }

    @Test(arguments: [false, true])
    func aSymbolicLinkAtTheStorePathIsRefusedInOneLine(pointingAtAStore: Bool) throws {
        let directory = try TestPaths.temporaryDirectory()
        let target = pointingAtAStore ? try Self.storeWithOneChange() : directory.appendingPathComponent("elsewhere.sqlite").path
        let before = pointingAtAStore ? try Data(contentsOf: URL(fileURLWithPath: target)) : nil
        let link = directory.appendingPathComponent("fontd.sqlite").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)

        let result = try CommandRunner.run(["serve", "--port", "0", "--store", link], timeoutSeconds: 20)
        #expect(!result.diedOfSignal && result.status == 1, "\(result.status): \(result.standardError)")
        #expect(result.standardOutput.isEmpty, "no ready line")
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains(link) && lines[0].contains("symbolic link"), "\(result.standardError)")
        if let before {
            #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == before)
        } else {
            #expect(!FileManager.default.fileExists(atPath: target), "nothing made where the link points")
        }
    }

    @Test func aDamagedStoreIsRefusedAtStartAndLeftAsItWas() throws {
        let store = try TestPaths.temporaryDirectory().appendingPathComponent("fontd.sqlite")
        let damage = Data("SQLite format 3\u{0}".utf8) + Data((0..<4080).map { UInt8(truncatingIfNeeded: $0 &* 37) })
        try damage.write(to: store)
        let result = try CommandRunner.run(["serve", "--port", "0", "--store", store.path], timeoutSeconds: 20)
        #expect(result.status != 0)
        #expect(result.standardError.contains(store.path), "\(result.standardError)")
        #expect(try Data(contentsOf: store) == damage, "never reset")
    }
}
