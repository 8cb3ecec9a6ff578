import DynamicType
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// The fourth reader preference, the reading font (docs/DESIGN.md §33 (The reading font), §10 (Reader preferences)), against the built
/// `fontd serve` on a real socket with the pinned fonts and OpenDyslexic, set through the CLI.
@Suite(.ownThread) struct ReadingFontPreferenceTests {
    static let token = "reading-token"

    /// The family of a `/font` answer.
    private func family(_ answer: TestResponse) throws -> String? {
        guard case .string(let family)? = try answer.json()["descriptor"]?["family"] else { return nil }
        return family
    }

    @Test func setThroughTheCommandLineEveryStyleReadsInItButMonospaceAndANamedFamily() throws {
        let server = try ServerProcess(["--token", Self.token], environment: ReadingFonts.environment)
        let before = try server.client.get("/font?style=body")
        let subscriber = try EventStreamClient(port: server.port)
        #expect(try subscriber.next().event == "preferences")
        var environment = ReadingFonts.environment
        environment["FONTD_TOKEN"] = Self.token
        let set = try CommandRunner.run(
            ["reading-font", "set", "OpenDyslexic", "--server", "http://127.0.0.1:\(server.port)"], environment: environment)
        #expect(set.status == 0 && set.standardOutput.hasPrefix("OpenDyslexic (was none)\n"), "\(set.standardError)")
        #expect(
            try subscriber.next()
                == ServerSentEvent(
                    id: "1", event: "readingFontDidChange", data: #"{"readingFont":"OpenDyslexic","previous":null,"sequence":1}"#))

        let body = try server.client.get("/font?style=body")
        #expect(try family(body) == "OpenDyslexic")
        #expect(body.header("Cache-Control") == "no-cache", "an omitted readingFont follows the reader's, once there is one")
        #expect(try family(server.client.get("/font?style=body&traits=monospace")) != "OpenDyslexic")
        #expect(try family(server.client.get("/font?style=body&family=DejaVu%20Serif")) == "DejaVu Serif")
        // The table's own families, asked for.
        #expect(try server.client.get("/font?style=body&readingFont=").bodyText == before.bodyText)
        #expect(try server.client.get("/css").bodyText.contains(#"font-family: "OpenDyslexic""#))
        #expect(
            try server.client.get("/preferences").bodyText.contains(#""textSpacing":"default","readingFont":"OpenDyslexic","sequence":1"#))

        // Back to none: the answers are what they were, byte for byte.
        let none = try server.client.put("/preferences", #"{"readingFont":null}"#, token: Self.token)
        #expect(none.bodyText == #"{"category":"l","legibilityWeight":"regular","textSpacing":"default","sequence":2}"#)
        #expect(try server.client.get("/font?style=body").bodyText == before.bodyText)
    }

    @Test func clearOnTheRootIsNoReadingFontWhileTheOtherPreferencesStillNeedAScope() throws {
        let server = try ServerProcess(["--token", Self.token], environment: ReadingFonts.environment)
        let before = try server.client.get("/font?style=body")
        var environment = ReadingFonts.environment
        environment["FONTD_TOKEN"] = Self.token
        let address = ["--server", "http://127.0.0.1:\(server.port)"]
        #expect(try CommandRunner.run(["reading-font", "set", "OpenDyslexic"] + address, environment: environment).status == 0)

        let cleared = try CommandRunner.run(["reading-font", "clear"] + address, environment: environment)
        #expect(cleared.status == 0 && cleared.standardOutput == "none\n", "\(cleared.standardError)")
        let preferences = try server.client.get("/preferences").bodyText
        #expect(
            preferences.hasPrefix(#"{"category":"l","legibilityWeight":"regular","textSpacing":"default","sequence":2,"#), "\(preferences)")
        #expect(try server.client.get("/font?style=body").bodyText == before.bodyText)

        let refused = try CommandRunner.run(["legibility", "clear"] + address, environment: environment)
        #expect(refused.status != 0 && refused.standardError.contains("the root scope has nothing to inherit from"))
    }

    @Test func anUnknownFamilyIsRefusedWithTheNearestInstalledOnes() throws {
        let server = try ServerProcess(["--token", Self.token], environment: ReadingFonts.environment)
        let refused = try server.client.put("/preferences", #"{"readingFont":"OpenDislexic"}"#, token: Self.token)
        #expect(refused.status == 400)
        #expect(try refused.member("error") == .string("unknownFamily"))
        guard case .array(let allowed)? = try refused.member("allowed") else {
            Issue.record("no allowed families: \(refused.bodyText)")
            return
        }
        #expect(allowed.first == .string("OpenDyslexic") && allowed.count <= 5)
        #expect(try server.client.get("/preferences").bodyText.contains(#""sequence":0"#))
    }

    @Test func aScopeInheritsTheRootsAndClearsItsOwnAndTheStoreKeepsIt() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reading-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = directory + "/fontd.sqlite"
        let first = try ServerProcess(["--token", Self.token, "--store", store], environment: ReadingFonts.environment)
        #expect(try first.client.put("/preferences", #"{"readingFont":"opendyslexic"}"#, token: Self.token).status == 200)
        let inherited = try first.client.get("/preferences?scope=alice", headers: [("Authorization", "Bearer \(Self.token)")]).bodyText
        #expect(
            inherited.contains(#""readingFont":"OpenDyslexic""#)
                && inherited.contains(#""inherited":["category","legibilityWeight","textSpacing","readingFont"]"#))
        #expect(try first.client.put("/preferences?scope=alice", #"{"readingFont":"OpenDyslexicMono"}"#, token: Self.token).status == 200)
        #expect(
            try family(first.client.get("/font?style=body&scope=alice", headers: [("Authorization", "Bearer \(Self.token)")]))
                == "OpenDyslexicMono")
        #expect(first.terminate() == 0)
        // Kept across a restart, and cleared so the scope inherits the root's again.
        let second = try ServerProcess(["--token", Self.token, "--store", store], environment: ReadingFonts.environment)
        #expect(
            try second.client.get("/preferences?scope=alice", headers: [("Authorization", "Bearer \(Self.token)")]).bodyText.contains(
                #""readingFont":"OpenDyslexicMono""#))
        let cleared = try second.client.put("/preferences?scope=alice", #"{"readingFont":null}"#, token: Self.token)
        #expect(cleared.bodyText.contains(#""readingFont":"OpenDyslexic""#))
    }
}
