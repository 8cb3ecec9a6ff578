import FontdTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The state file is written so that no change can leave it unloadable, half-written, or
/// written somewhere else (docs/DESIGN.md §12).
@Suite struct StateFileSafetyTests {
    static let token = "state-safety"

    @Test func aChangePastTheLargestSequenceIsRefusedAndTheFileStillLoads() throws {
        let state = try TestPaths.temporaryDirectory().appendingPathComponent("state.json").path
        let largest = 999_999_999_999_999
        // The sequence is the last change's, so the history holds that change.
        let lastChange = #"{"sequence":\#(largest),"event":"contentSizeCategoryDidChange","category":"l","previous":"xl"}"#
        try Data(#"{"version":1,"category":"l","legibilityWeight":"regular","sequence":\#(largest),"history":[\#(lastChange)]}"#.utf8)
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

    @Test func aLinkPlantedAtTheTemporaryFileIsNeverWrittenThrough() throws {
        let directory = try TestPaths.temporaryDirectory()
        let state = directory.appendingPathComponent("state.json").path
        let victim = directory.appendingPathComponent("victim.txt")
        try Data("precious\n".utf8).write(to: victim)
        #expect(symlink(victim.path, state + ".tmp") == 0)
        let server = try ServerProcess(["--token", Self.token, "--state", state])
        defer { server.stop() }

        #expect(try server.client.put("/category", #"{"category":"xl"}"#, token: Self.token).status == 200)
        #expect(try String(contentsOf: victim, encoding: .utf8) == "precious\n", "the link's target was written")
        #expect(try String(contentsOfFile: state, encoding: .utf8).contains("\"category\":\"xl\""))
        var status = stat()
        #expect(lstat(state + ".tmp", &status) != 0, "a temporary file or link is left beside the state file")
    }

    @Test func aFailedWriteLeavesNothingHalfWritten() throws {
        let directory = try TestPaths.temporaryDirectory()
        let state = directory.appendingPathComponent("state.json").path
        // Files may not grow past 100 bytes (a state file with one change is longer), and the
        // signal that would report it is ignored: the write fails as on a full disk.
        let server = try ServerProcess(["--token", Self.token, "--state", state], launcher: [
            "python3", "-c",
            "import os, resource, signal, sys\n"
                + "signal.signal(signal.SIGXFSZ, signal.SIG_IGN)\n"
                + "resource.setrlimit(resource.RLIMIT_FSIZE, (100, 100))\n"
                + "os.execv(sys.argv[1], sys.argv[1:])",
        ])
        defer { server.stop() }

        let refused = try server.client.put("/category", #"{"category":"xl"}"#, token: Self.token)
        #expect(refused.status == 500)
        #expect(refused.bodyText.contains("\"internal\""), "\(refused.bodyText)")
        var status = stat()
        #expect(lstat(state + ".tmp", &status) != 0, "the partial temporary file is left behind")
        #expect(!FileManager.default.fileExists(atPath: state), "no state file was there, and none is half-written")
        #expect(try server.client.get("/preferences").bodyText.contains("\"category\":\"l\""), "the preferences did not change")
    }
}

/// Whom `fontd serve` lets change preferences without a token (docs/DESIGN.md §10).
@Suite struct ServeTokenTests {
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
