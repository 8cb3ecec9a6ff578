import DynamicType
import FontdTestSupport
import Foundation
import Testing

/// An option's value reads itself when the command line is parsed, and `validate()` refuses it in
/// the sentence the model or fontd gives, with the exit status it always had, before anything is
/// opened (docs/DESIGN.md §18 (The command line)).
@Suite(.ownThread) struct TypedOptionTests {
    /// The model's own sentence refusing what `parse` reads, as the API gives it.
    static func refusal(_ parse: () throws -> Void) -> String {
        do { try parse() } catch { return "\(error)" }
        return "no refusal"
    }

    @Test func anUnknownLogLevelIsRefusedBeforeThePassedSocketIsLookedAt() throws {
        let directory = try TestPaths.temporaryDirectory()
        // A regular file at descriptor 3: run() would refuse it as no listening socket.
        let file = directory.appendingPathComponent("not-a-socket").path
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        let store = directory.appendingPathComponent("preferences.sqlite").path
        let fontd = try #require(TestPaths.fontdExecutable)
        let result = try CommandRunner.run(
            [
                "-c", "exec 3<\(file); LISTEN_PID=$$ LISTEN_FDS=1 exec \"$@\"", "bash", fontd.path, "serve", "--store", store,
                "--log-level", "loud",
            ],
            executable: URL(fileURLWithPath: "/bin/bash"), environment: PinnedFonts.environment, timeoutSeconds: 20)
        #expect(result.status == 64)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.standardError
                == "fontd: error: Invalid log level 'loud'; use one of: trace, debug, info, notice, warning, error, critical.\n")
        #expect(!FileManager.default.fileExists(atPath: store), "the store was not opened")
    }

    @Test(arguments: [
        (["--threads", "0"], "Invalid threads '0': expected 1 to 1024."),
        (["--port", "65536"], "Invalid port '65536': expected 0 to 65535."),
        (["--max-connections", "0"], "Invalid max connections '0': expected at least 1."),
        (["--subscriber-queue-bytes", "1023"], "Invalid subscriber queue bytes '1023': expected at least 1024."),
        (["--sse-sndbuf", "10"], "Invalid SSE send buffer '10': expected 1024 to 67108864 bytes."),
        (["--max-writes-per-second", "0"], "Invalid max writes per second '0.0': expected 0.01 to 1000000."),
        (
            ["--max-token-ttl", "0d"],
            "Invalid --max-token-ttl '0d': expected a whole number and a unit, Ns, Nm, Nh or Nd (seconds, minutes, hours, days), from 1s to 366d, such as 30d."
        ),
        (
            ["--desktop-scope", "a b", "--bridge", "kitty"],
            "--desktop-scope: " + TypedOptionTests.refusal { _ = try PreferenceScope(parsing: "a b") }
        ),
    ])
    func aServeLimitIsRefusedWithItsSentence(_ arguments: [String], _ sentence: String) throws {
        let store = try TestPaths.temporaryDirectory().appendingPathComponent("preferences.sqlite").path
        let result = try CommandRunner.run(["serve", "--port", "0", "--store", store] + arguments)
        #expect(result.status == 64)
        #expect(result.standardOutput.isEmpty, "\(result.standardOutput)")
        #expect(result.standardError == "fontd: error: \(sentence)\n", "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: store), "the store was not opened")
    }

    @Test(arguments: [
        (["styles", "--category", "huge"], TypedOptionTests.refusal { _ = try ContentSizeCategory(parsing: "huge") }),
        (
            ["query", "body", "--category", "huge", "--legibility", "heavy"],
            TypedOptionTests.refusal { _ = try ContentSizeCategory(parsing: "huge") }
        ),
        (["query", "body", "--text-spacing", "wide"], TypedOptionTests.refusal { _ = try TextSpacing(parsing: "wide") }),
        (["capsize", "body", "--weight", "heavyish"], TypedOptionTests.refusal { _ = try FontWeight(parsing: "heavyish") }),
        (
            ["token", "issue", "--scope", "Alice Smith", "--ttl", "0d"],
            TypedOptionTests.refusal { _ = try PreferenceScope(parsing: "Alice Smith") }
        ),
        (
            ["category", "get", "--scope", "a//b", "--server", "http://127.0.0.1:9"],
            TypedOptionTests.refusal { _ = try PreferenceScope(parsing: "a//b") }
        ),
    ])
    func aModelValueIsRefusedInTheModelsWords(_ arguments: [String], _ sentence: String) throws {
        let result = try CommandRunner.run(arguments)
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty, "\(result.standardOutput)")
        #expect(result.standardError == "fontd: error: \(sentence)\n", "\(result.standardError)")
    }
}
