import FontdTestSupport
import Foundation
import ScopedPreferences
import Testing

#if canImport(Glibc)
    import Glibc
    import ServerTestSupport
#endif

/// A change the store cannot take is refused and the store still loads (docs/DESIGN.md §10 (Reader preferences), §12 (The store and the state file)).
/// The state file's own writing is tested in process (`PreferenceStorageTests`): `fontd serve`
/// keeps the preferences in its SQLite store and only imports a state file.
@Suite(.ownThread) struct StateFileSafetyTests {
    static let token = "state-safety"

    @Test func aChangePastTheLargestSequenceIsRefusedAndTheFileStillLoads() throws {
        let state = try TestPaths.temporaryDirectory().appendingPathComponent("state.json").path
        let largest = 999_999_999_999_999
        // The sequence is the last change's, so the history holds that change.
        let lastChange = #"{"sequence":\#(largest),"event":"contentSizeCategoryDidChange","category":"l","previous":"xl"}"#
        try Data(
            #"{"version":1,"category":"l","legibilityWeight":"regular","textSpacing":"default","sequence":\#(largest),"history":[\#(lastChange)]}"#
                .utf8
        )
        .write(to: URL(fileURLWithPath: state))
        let server = try ServerProcess(["--token", Self.token, "--state", state])
        let refused = try server.client.put("/category", #"{"category":"xl"}"#, token: Self.token)
        #expect(refused.status == 500)
        #expect(refused.bodyText.contains("\"internal\""), "\(refused.bodyText)")
        #expect(refused.bodyText.contains(String(largest)), "the error names the sequence: \(refused.bodyText)")
        #expect(try server.client.get("/preferences").bodyText.contains("\"sequence\":\(largest)"))
        #expect(server.terminate() == 0)

        let restarted = try ServerProcess(["--token", Self.token, "--state", state])
        defer { restarted.stop() }
        let preferences = try restarted.client.get("/preferences").bodyText
        #expect(preferences.contains("\"category\":\"l\"") && preferences.contains("\"sequence\":\(largest)"), "\(preferences)")
    }
}

/// Whom `fontd serve` lets change preferences without a token (docs/DESIGN.md §10 (Reader preferences)).
@Suite(.ownThread) struct ServeTokenTests {
    @Test func loopbackIsJudgedOnTheAddressNotTheSpelling() throws {
        // 0x7f.0.0.1 is 127.0.0.1 (inet_aton's hexadecimal form): loopback, so no token is needed.
        let server = try ServerProcess(["--host", "0x7f.0.0.1"])
        defer { server.stop() }
        #expect(try server.client.get("/healthz").status == 200)
    }

    @Test(arguments: [
        (["--token", ""], [String: String](), "--token is empty"),
        ([], ["FONTD_TOKEN": ""], "FONTD_TOKEN is set but empty"),
        (["--host", "0.0.0.0"], [:], "--allow-unauthenticated"),
    ])
    func anEmptyTokenOrNoneBeyondLoopbackIsRefused(_ arguments: [String], _ environment: [String: String], _ message: String) throws {
        let state = try TestPaths.temporaryDirectory().appendingPathComponent("state.json").path
        let run = try CommandRunner.run(
            ["serve", "--port", "0", "--state", state] + arguments,
            environment: PinnedFonts.environment.filter { $0.key != "FONTD_TOKEN" }.merging(environment) { $1 })
        #expect(run.status != 0)
        #expect(run.standardError.contains(message), "\(run.standardError)")
    }
}
