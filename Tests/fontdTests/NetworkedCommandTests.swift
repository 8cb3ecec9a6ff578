import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// The networked commands (`query --server`, `category`, `legibility`, `watch`, `health`)
/// against the built `fontd serve`.
@Suite(.ownThread) struct NetworkedCommandTests {
    static let token = "cli-test-token"

    /// The pinned environment, plus `extra`.
    private func environment(_ extra: [String: String] = [:]) -> [String: String] {
        PinnedFonts.environment.merging(extra) { _, new in new }
    }

    /// Requires a failed run: one stderr line containing every piece of `expected`, no stdout.
    private func expectOneLineError(_ result: CommandResult, _ expected: String..., sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status != 0, sourceLocation: sourceLocation)
        #expect(result.standardOutput.isEmpty, sourceLocation: sourceLocation)
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 1, "\(result.standardError)", sourceLocation: sourceLocation)
        #expect(result.standardError.hasPrefix("fontd: error: "), sourceLocation: sourceLocation)
        for piece in expected {
            #expect(result.standardError.contains(piece), "\(result.standardError)", sourceLocation: sourceLocation)
        }
    }

    @Test func queryOnAServerPrintsWhatLocalResolutionPrints() throws {
        let server = try ServerProcess()
        let options = [
            "--category", "ax2", "--traits", "bold,italic", "--family", "DejaVu Serif", "--weight", "650", "--maximum-point-size", "40",
        ]
        let local = try CommandRunner.run(["query", "title1", "--json"] + options)
        let remote = try CommandRunner.run(["query", "title1", "--json", "--server", server.url.absoluteString] + options)
        #expect(local.status == 0 && remote.status == 0, "\(remote.standardError)")
        #expect(remote.standardOutput == local.standardOutput)
        let table = try CommandRunner.run(["query", "title1", "--server", server.url.absoluteString] + options)
        #expect(table.standardOutput == (try CommandRunner.run(["query", "title1"] + options)).standardOutput)
    }

    @Test func queryOnAServerFollowsTheReadersPreferencesWhenLeftOut() throws {
        let server = try ServerProcess(["--token", Self.token])
        _ = try server.client.put("/preferences", #"{"category":"xxl","legibilityWeight":"bold"}"#, token: Self.token)
        let result = try CommandRunner.run(["query", "body", "--json", "--server", server.url.absoluteString])
        #expect(result.standardOutput.contains(#""category": "xxl""#), "\(result.standardOutput)")
        #expect(result.standardOutput.contains(#""weight": 700"#))
        // Locally, the defaults are l and regular.
        #expect((try CommandRunner.run(["query", "body", "--json"])).standardOutput.contains(#""category": "l""#))
    }

    @Test func categoryAndLegibilityGetAndSet() throws {
        let server = try ServerProcess(["--token", Self.token])
        let env = environment(["FONTD_SERVER": server.url.absoluteString])
        #expect(try CommandRunner.run(["category"], environment: env).standardOutput == "l\n")
        #expect(
            try CommandRunner.run(["category", "get", "--json"], environment: env).standardOutput
                == "{\n  \"category\": \"l\",\n  \"sequence\": 0\n}\n")
        let set = try CommandRunner.run(["category", "set", "accessibilityMedium", "--token", Self.token], environment: env)
        #expect(set.status == 0 && set.standardOutput.hasPrefix("ax1 (was l)\n"), "\(set.standardError)")
        #expect(
            try CommandRunner.run(["category", "set", "ax1", "--token", Self.token], environment: env).standardOutput.hasPrefix(
                "ax1 (unchanged)\n")
        )
        #expect(try CommandRunner.run(["category", "--server", server.url.absoluteString]).standardOutput == "ax1\n")

        let tokenEnv = env.merging(["FONTD_TOKEN": Self.token]) { _, new in new }
        #expect(try CommandRunner.run(["legibility"], environment: env).standardOutput == "regular\n")
        #expect(
            try CommandRunner.run(["legibility", "set", "BOLD"], environment: tokenEnv).standardOutput.hasPrefix("bold (was regular)\n"))
        let json = try CommandRunner.run(["legibility", "get", "--json"], environment: env).standardOutput
        #expect(
            json
                == "{\n  \"category\": \"ax1\",\n  \"legibilityWeight\": \"bold\",\n  \"textSpacing\": \"default\",\n  \"sequence\": 2,\n  \"fontGeneration\": \"\(try server.client.fontGeneration())\"\n}\n"
        )
    }

    @Test func healthExitsZeroOnlyWhenTheServerAnswers() throws {
        let server = try ServerProcess()
        let up = try CommandRunner.run(["health", "--server", server.url.absoluteString])
        #expect(up.status == 0 && up.standardOutput == "ok\n")
        server.stop()
        expectOneLineError(try CommandRunner.run(["health", "--server", server.url.absoluteString]), "connection refused", "/healthz")
        expectOneLineError(try CommandRunner.run(["health", "--timeout", "0"]), "--timeout")
    }

    @Test func wrongURLRefusedConnection401And400AreOneClearLine() throws {
        let server = try ServerProcess(["--token", Self.token])
        let url = server.url.absoluteString
        expectOneLineError(
            try CommandRunner.run(["category", "--server", "ftp://127.0.0.1"]), "Invalid server URL 'ftp://127.0.0.1'", "http")
        expectOneLineError(try CommandRunner.run(["watch", "--server", "not a url"]), "Invalid server URL 'not a url'")
        expectOneLineError(try CommandRunner.run(["query", "body", "--server", "http://"]), "Invalid server URL", "no host")
        expectOneLineError(
            try CommandRunner.run(["health", "--server", "localhost:8686"]), "Invalid server URL 'localhost:8686'", "no scheme")
        expectOneLineError(try CommandRunner.run(["health", "--server", "http://127.0.0.1:1"]), "connection refused")
        expectOneLineError(try CommandRunner.run(["watch", "--server", "http://127.0.0.1:1"]), "connection refused")
        expectOneLineError(try CommandRunner.run(["category", "set", "xl", "--server", url]), "401", "--token", "FONTD_TOKEN")
        expectOneLineError(
            try CommandRunner.run(["legibility", "set", "bold", "--server", url, "--token", "wrong"]), "401", "refused the token")
        expectOneLineError(try CommandRunner.run(["query", "bdoy", "--server", url]), "400", "unknownStyle", "'bdoy'", "body")
        // Bad values are refused before anything is sent, in the words the server would use.
        expectOneLineError(try CommandRunner.run(["query", "body", "--server", url, "--family", " "]), "'family' names no family")
        expectOneLineError(try CommandRunner.run(["category", "set", "huge", "--server", url, "--token", Self.token]), "'huge'", "ax5")
        // Nothing above changed the preferences.
        #expect(try CommandRunner.run(["category", "get", "--json", "--server", url]).standardOutput.contains(#""sequence": 0"#))
    }

    /// How soon each line comes is Benchmarks/watch-latency.sh's figure; here, that each comes, in order.
    @Test func watchPrintsTheSnapshotThenEachChange() throws {
        let server = try ServerProcess(["--token", Self.token])
        let watch = try CommandProcess(["watch", "--server", server.url.absoluteString])
        defer { watch.stop() }
        let snapshot = try #require(watch.line(0), "stderr: \(watch.standardError)")
        #expect(snapshot.text == "preferences: category l, legibility weight regular, text spacing default (sequence 0)")

        let changes = ["xl", "ax3", "s", "l", "xxxl"]
        for (index, category) in changes.enumerated() {
            let set = try CommandProcess(["category", "set", category, "--server", server.url.absoluteString, "--token", Self.token])
            // `set` prints its line when the server has acknowledged the change.
            let acknowledged = try #require(set.line(0), "stderr: \(set.standardError)")
            #expect(acknowledged.text.hasPrefix("\(category) (was "))
            let line = try #require(watch.line(index + 1))
            #expect(line.text.hasPrefix("contentSizeCategoryDidChange: \(category) (was "))
            #expect(line.text.hasSuffix("sequence \(index + 1))"))
            #expect(set.waitForExit() == 0)
        }
    }

    @Test func watchJSONLinesCarryTheAPIsEventData() throws {
        let server = try ServerProcess(["--token", Self.token])
        let watch = try CommandProcess(["watch", "--json", "--server", server.url.absoluteString])
        defer { watch.stop() }
        #expect(
            try watch.line(0)?.text
                == #"{"event":"preferences","data":\#(server.client.withFontGeneration(#"{"category":"l","legibilityWeight":"regular","textSpacing":"default","sequence":0}"#))}"#
        )
        _ = try server.client.put("/preferences", #"{"legibilityWeight":"bold"}"#, token: Self.token)
        #expect(
            watch.line(1)?.text
                == #"{"event":"legibilityWeightDidChange","data":{"legibilityWeight":"bold","previous":"regular","sequence":1}}"#)
    }
}
