import FontServiceTestSupport
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// No token, password or `access_token` value in any answer, log line or command-line message
/// (docs/DESIGN.md §8 (Errors), §18 (The command line), §24 (Replicas on PostgreSQL)): the built
/// `fontd serve` at `--log-level trace` and the built `fontd` are given distinctive secrets in
/// every wrong way, and everything they write is searched.
@Suite struct SecretsNeverShownTests {
    static let serverToken = "SrvTok-9f3k2QxZ"
    static let serverPassword = "s3cretPW"
    static let storePassword = "PgS3cretPW"

    /// One request the battery sends: what it is, and the words its answer must use instead of the secret.
    struct Probe {
        var method = "GET"
        var target: String
        var fields: [(name: String, value: String)] = []
        var body = ""
        var status: Int
        var names: [String]
        var head = false
    }

    /// Sends `probe` on a connection of its own; the whole answer (status line and fields, then body) as text.
    private func answer(_ probe: Probe, on server: ServerProcess) throws -> (status: Int, text: String, cache: String?, referrer: String?) {
        let connection = try server.connect()
        var request = "\(probe.method) \(probe.target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for field in probe.fields { request += "\(field.name): \(field.value)\r\n" }
        if probe.method == "PUT", !probe.fields.contains(where: { $0.name == "Content-Length" }) {
            request += "Content-Length: \(probe.body.utf8.count)\r\n"
        }
        try connection.send(request + "\r\n" + probe.body)
        let response = try connection.readResponse(toHead: probe.head)
        let text = String(decoding: response.headerBytes + response.body, as: UTF8.self)
        return (response.status, text, response.header("Cache-Control"), response.header("Referrer-Policy"))
    }

    /// Every secret that `text` holds (and must not).
    private func shown(_ secrets: [String], in text: String) -> [String] {
        secrets.filter { text.contains($0) }
    }

    private func file(_ name: String, _ contents: String, in directory: URL) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(contents.utf8).write(to: url)
        return url.path
    }

    @Test func noSecretAppearsInAnswersLogsOrCommandLineMessages() async throws {
        let directory = try TestPaths.temporaryDirectory()
        let alice = try await ScopedTokens.token(scope: "alice")
        let foreign = try await ScopedTokens.token(scope: "alice", secret: "another-secret-of-at-least-32-bytes!")
        let basic = Data("reader:BasicPW-71".utf8).base64EncodedString()
        let secrets = [
            Self.serverToken, alice, String(alice.split(separator: ".").last ?? ""), foreign,
            String(foreign.split(separator: ".").last ?? ""),
            "MalformedAT", "Q7zz", "DupTokA1x", "DupTokB2y", "UnknownPlaceTok9", "ConflictTok3", "AuthFieldSecret77", basic,
            "WrongBearer55", "EmptyishTok", Self.serverPassword, Self.storePassword, "CtrlTokSecret", "WrongFileTok8",
        ]
        let tokenFile = try file("server-token", Self.serverToken + "\n", in: directory)
        let environment = PinnedFonts.environment.merging(["FONTD_JWT_SECRET": ScopedTokens.secret]) { _, new in new }
        let server = try ServerProcess(
            ["--token-file", tokenFile, "--log-level", "trace", "--max-scopes", "1"],
            environment: environment)
        defer { server.stop() }
        let bearer = [(name: "Authorization", value: "Bearer \(Self.serverToken)")]

        // The server: every way a credential can be wrong, and errors that merely carry a good one.
        let probes = [
            Probe(target: "/css?access_token=MalformedAT%zzQ7zz", status: 400, names: ["access_token", "not shown"]),
            Probe(method: "HEAD", target: "/css?access_token=MalformedAT%zzQ7zz", status: 400, names: [], head: true),
            Probe(target: "/css?access_token=DupTokA1x&access_token=DupTokB2y", status: 400, names: ["access_token"]),
            Probe(target: "/font?style=body&access_token=UnknownPlaceTok9", status: 400, names: ["access_token"]),
            Probe(target: "/css?access_token=ConflictTok3", fields: bearer, status: 400, names: ["access_token", "Authorization"]),
            Probe(
                target: "/preferences?scope=alice", fields: [("Authorization", "Token AuthFieldSecret77")], status: 401,
                names: ["Authorization"]),
            Probe(target: "/preferences?scope=alice", fields: [("Authorization", "Basic \(basic)")], status: 401, names: ["Authorization"]),
            Probe(target: "/preferences?scope=alice", fields: [("Authorization", "Bearer WrongBearer55")], status: 401, names: ["token"]),
            Probe(target: "/css?scope=alice&access_token=\(foreign)", status: 401, names: ["token"]),
            Probe(target: "/css?scope=alice&access_token=", status: 401, names: ["access_token"]),
            Probe(target: "/preferences?scope=bob", fields: [("Authorization", "Bearer \(alice)")], status: 403, names: ["alice", "bob"]),
            Probe(
                method: "PUT", target: "/preferences?scope=bob", fields: [("Authorization", "Bearer \(alice)")],
                body: #"{"category":"xl"}"#,
                status: 403, names: ["bob"]),
            Probe(method: "PUT", target: "/category", fields: bearer, body: "not json", status: 400, names: ["body"]),
            Probe(method: "PUT", target: "/category?scope=alice", fields: bearer, body: #"{"category":"xl"}"#, status: 200, names: []),
            Probe(
                method: "PUT", target: "/category?scope=carol", fields: bearer, body: #"{"category":"xl"}"#, status: 409, names: ["scope"]),
            Probe(target: "/nothing-here", fields: bearer, status: 404, names: []),
            Probe(method: "DELETE", target: "/font?style=body", fields: bearer, status: 405, names: []),
            Probe(method: "BREW", target: "/font?style=body", fields: bearer, status: 501, names: []),
            Probe(target: "/css?category=huge&access_token=\(alice)", status: 400, names: ["huge"]),
            // Computed now (no start-up answer is /tokens'), so the trace log shows its target.
            Probe(target: "/tokens?scope=alice&access_token=\(alice)", status: 200, names: []),
            Probe(method: "PUT", target: "/category", fields: bearer + [("Content-Length", "1000000000")], status: 413, names: []),
        ]
        for probe in probes {
            let (status, text, cache, referrer) = try answer(probe, on: server)
            let label = "\(probe.method) \(probe.target.prefix(80))"
            #expect(status == probe.status, "\(label): \(text)")
            #expect(shown(secrets, in: text).isEmpty, "\(label) shows \(shown(secrets, in: text)): \(text)")
            for name in probe.names { #expect(text.contains(name), "\(label) does not name \(name): \(text)") }
            #expect(cache == "private, no-store", "\(label): Cache-Control \(cache ?? "absent")")
            #expect(referrer == "no-referrer", "\(label): Referrer-Policy \(referrer ?? "absent")")
        }

        // The command line: tokens and passwords given wrongly, and calls the server refuses.
        let url = server.url.absoluteString
        let withPassword = "http://reader:\(Self.serverPassword)@127.0.0.1:\(server.port)"
        let wrongFile = try file("wrong-token", "WrongFileTok8\n", in: directory)
        let emptyFile = try file("empty-token", "\n", in: directory)
        let controlFile = try file("control-token", "CtrlTokSecret\nmore\n", in: directory)
        let aliceFile = try file("alice-token", alice + "\n", in: directory)
        let closedPort = 1  // nothing listens there: connections are refused
        let runs: [(arguments: [String], environment: [String: String], names: [String])] = [
            (["category", "get", "--server", withPassword], [:], ["password", "reader:REDACTED@"]),
            (
                ["category", "set", "xl"], ["FONTD_SERVER": withPassword, "FONTD_TOKEN": Self.serverToken],
                ["password", "reader:REDACTED@"]
            ),
            (["query", "body", "--server", withPassword, "--token", Self.serverToken], [:], ["password"]),
            (["category", "set", "xl", "--server", url, "--token", "WrongBearer55"], [:], ["refused the token"]),
            (["legibility", "set", "bold", "--server", url, "--token-file", wrongFile], [:], ["refused the token"]),
            (["category", "get", "--server", url, "--scope", "alice", "--token-file", emptyFile], [:], ["empty", emptyFile]),
            (
                ["category", "get", "--server", url, "--scope", "alice", "--token-file", controlFile], [:],
                ["control character", controlFile]
            ),
            (
                ["category", "get", "--server", url, "--scope", "alice"], ["FONTD_TOKEN": "CtrlTokSecret\r"],
                ["control character", "FONTD_TOKEN"]
            ),
            (["category", "get", "--server", url, "--token", "WrongBearer55", "--token-file", wrongFile], [:], ["--token-file"]),
            (["watch", "--server", url, "--scope", "bob", "--token-file", aliceFile], [:], ["bob"]),
            (["text-spacing", "get", "--server", url, "--scope", "alice"], ["FONTD_TOKEN": foreign], ["token"]),
            (
                ["category", "get", "--server", "http://127.0.0.1:\(closedPort)", "--scope", "alice", "--token", Self.serverToken], [:],
                ["127.0.0.1"]
            ),
            (
                [
                    "serve", "--port", "0", "--store", "postgres://fontd:\(Self.storePassword)@127.0.0.1:\(closedPort)/fontd",
                    "--store-timeout", "3",
                    "--log-level", "trace",
                ], [:], ["fontd@127.0.0.1:\(closedPort)/fontd"]
            ),
            (
                [
                    "serve", "--port", "0", "--store",
                    "postgres://fontd:\(Self.storePassword)@127.0.0.1:\(closedPort)/fontd?sslmode=sometimes",
                ], [:],
                ["sslmode"]
            ),
            (
                [
                    "serve", "--port", "0", "--store", "POSTGRES://fontd:\(Self.storePassword)@127.0.0.1:\(closedPort)/fontd",
                    "--store-timeout", "3",
                ], [:],
                ["fontd@127.0.0.1:\(closedPort)/fontd"]
            ),
            (["serve", "--port", "0", "--store", "mysql://fontd:\(Self.storePassword)@127.0.0.1/fontd"], [:], ["postgres://"]),
            (["serve", "--port", "0", "--token-file", emptyFile], [:], [emptyFile]),
            (["serve", "--port", "0", "--token", Self.serverToken, "--token-file", tokenFile], [:], ["--token-file"]),
        ]
        for run in runs {
            let result = try CommandRunner.run(
                run.arguments, environment: PinnedFonts.environment.merging(run.environment) { _, new in new })
            let label = "fontd \(run.arguments.prefix(2).joined(separator: " "))"
            let output = result.standardOutput + result.standardError
            #expect(result.status != 0, "\(label) succeeded: \(output)")
            #expect(result.standardError.hasPrefix("fontd: error: "), "\(label): \(output)")
            #expect(shown(secrets, in: output).isEmpty, "\(label) shows \(shown(secrets, in: output)): \(output)")
            for name in run.names { #expect(result.standardError.contains(name), "\(label) does not name \(name): \(output)") }
        }

        // What --token's help says, and the server's whole log.
        let help = try CommandRunner.run(["category", "set", "--help"]).standardOutput
        #expect(help.contains("--token-file") && help.contains("ps"), "\(help)")
        server.terminate()
        let log = server.standardErrorAfterExit()
        #expect(log.contains("access_token=REDACTED"), "the trace log should show the redacted target: \(log.suffix(2000))")
        #expect(shown(secrets, in: log).isEmpty, "the log shows \(shown(secrets, in: log))")
    }
}
