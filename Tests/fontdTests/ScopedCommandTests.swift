import FontServiceTestSupport
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// The networked commands with `--scope` (docs/DESIGN.md §23 (Reader scopes and scoped tokens)) against the built `fontd serve`,
/// with the server's token: a scope's own values, what it inherits, clearing, and its events.
@Suite(.ownThread) struct ScopedCommandTests {
    static let token = "scoped-cli-token"

    /// The pinned environment with `FONTD_SERVER` set to `server` and `FONTD_TOKEN` to the token.
    private func environment(_ server: ServerProcess, token: Bool = true) -> [String: String] {
        var extra = ["FONTD_SERVER": server.url.absoluteString]
        if token { extra["FONTD_TOKEN"] = Self.token }
        return PinnedFonts.environment.merging(extra) { _, new in new }
    }

    /// Runs `fontd arguments…` and requires it to succeed; answers its stdout.
    private func output(_ arguments: [String], _ environment: [String: String], sourceLocation: SourceLocation = #_sourceLocation) throws
        -> String
    {
        let result = try CommandRunner.run(arguments, environment: environment)
        #expect(result.status == 0, "fontd \(arguments.joined(separator: " ")): \(result.standardError)", sourceLocation: sourceLocation)
        return result.standardOutput
    }

    /// Requires a failed run: one stderr line containing every piece of `expected`, no stdout.
    private func expectOneLineError(_ result: CommandResult, _ expected: String..., sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status != 0, sourceLocation: sourceLocation)
        #expect(result.standardOutput.isEmpty, "\(result.standardOutput)", sourceLocation: sourceLocation)
        #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)", sourceLocation: sourceLocation)
        #expect(result.standardError.hasPrefix("fontd: error: "), sourceLocation: sourceLocation)
        for piece in expected {
            #expect(result.standardError.contains(piece), "\(result.standardError)", sourceLocation: sourceLocation)
        }
    }

    @Test func textSpacingGetSetAndClearLikeLegibility() throws {
        let server = try ServerProcess(["--token", Self.token])
        let env = environment(server)
        #expect(try output(["text-spacing"], env) == "default\n")
        #expect(try output(["text-spacing", "set", "WCAG", "--scope", "alice"], env).hasPrefix("wcag (was default)\n"))
        #expect(try output(["text-spacing", "set", "wcag", "--scope", "alice"], env).hasPrefix("wcag (unchanged)\n"))
        #expect(try output(["text-spacing", "get", "--scope", "alice/phone"], env) == "wcag\n")
        #expect(try output(["text-spacing", "get"], env) == "default\n")
        let json = try output(["text-spacing", "get", "--scope", "alice", "--json"], env)
        #expect(json.contains(#""textSpacing": "wcag""#) && json.contains(#""category","#) && json.contains(#""legibilityWeight""#))
        #expect(try output(["text-spacing", "clear", "--scope", "alice"], env) == "default (inherited)\n")
        expectOneLineError(try CommandRunner.run(["text-spacing", "set", "double"], environment: env), "'double'", "default, wcag")
        expectOneLineError(try CommandRunner.run(["text-spacing", "clear"], environment: env), "--scope")
        expectOneLineError(try CommandRunner.run(["text-spacing", "set", "wcag"], environment: environment(server, token: false)), "token")

        // --text-spacing on the commands that take --legibility, asked of the server or locally.
        let url = server.url.absoluteString
        let served = try output(["query", "body", "--server", url, "--category", "l", "--text-spacing", "wcag", "--json"], env)
        #expect(
            served.contains(#""lineHeight": 25.5"#) && served.contains(#""wordSpacing": 2.72"#)
                && served.contains(#""paragraphSpacing": 34"#))
        #expect(try output(["query", "body", "--category", "l", "--text-spacing", "wcag", "--json"], PinnedFonts.environment) == served)
        #expect(try output(["text-spacing", "set", "wcag"], env).hasPrefix("wcag (was default)\n"))
        #expect(
            try output(["query", "body", "--server", url, "--category", "l", "--json"], env) == served,
            "an omitted --text-spacing follows the reader's")
        let css = try output(["css", "--text-spacing", "wcag", "--base-url", ""], PinnedFonts.environment)
        #expect(css.contains("--fontd-body-word-spacing: 2.72px;") && css.contains("--fontd-body-paragraph-spacing: 34px;"))
        #expect(try server.client.get("/css?textSpacing=wcag&category=l&legibility=regular").bodyText == css)
        let tokens = try output(["tokens", "--text-spacing", "wcag"], PinnedFonts.environment)
        #expect(try server.client.get("/tokens?textSpacing=wcag&category=l&legibility=regular").bodyText == tokens)
        expectOneLineError(
            try CommandRunner.run(["query", "body", "--text-spacing", "wide"], environment: PinnedFonts.environment), "'wide'",
            "default, wcag")
    }

    @Test func aScopeSetsInheritsAndClearsItsOwnValues() throws {
        let server = try ServerProcess(["--token", Self.token])
        let env = environment(server)
        #expect(try output(["category", "set", "xl", "--scope", "alice"], env).hasPrefix("xl (was l)\n"))
        // The device inherits the reader's category; the root scope is untouched.
        #expect(try output(["category", "get", "--scope", "alice/phone"], env) == "xl\n")
        #expect(try output(["category"], env) == "l\n")
        #expect(try output(["legibility", "set", "bold", "--scope", "alice/phone"], env).hasPrefix("bold (was regular)\n"))
        let json = try output(["legibility", "get", "--scope", "alice/phone", "--json"], env)
        #expect(
            json == """
                {
                  "scope": "alice/phone",
                  "category": "xl",
                  "legibilityWeight": "bold",
                  "textSpacing": "default",
                  "sequence": 2,
                  "fontGeneration": "\(try server.client.fontGeneration())",
                  "inherited": [
                    "category",
                    "textSpacing"
                  ]
                }

                """)
        // Cleared, the reader's category is the root's again, and so is the device's.
        #expect(try output(["category", "clear", "--scope", "alice"], env) == "l (inherited)\n")
        #expect(try output(["category", "get", "--scope", "alice/phone"], env) == "l\n")
        #expect(try output(["legibility", "clear", "--scope", "alice/phone"], env) == "regular (inherited)\n")
        #expect(try output(["legibility", "get", "--scope", "alice/phone"], env) == "regular\n")
        // The server saw each request with the scope: the root's own values never changed.
        #expect(try server.client.get("/preferences").bodyText.contains(#""sequence":0"#))
    }

    @Test func queryOnAServerFollowsTheScope() throws {
        let server = try ServerProcess(["--token", Self.token])
        let env = environment(server)
        _ = try output(["category", "set", "ax2", "--scope", "alice"], env)
        let scoped = try output(["query", "body", "--json", "--server", server.url.absoluteString, "--scope", "alice/phone"], env)
        #expect(scoped.contains(#""category": "ax2""#), "\(scoped)")
        let root = try output(["query", "body", "--json", "--server", server.url.absoluteString], env)
        #expect(root.contains(#""category": "l""#), "\(root)")
        expectOneLineError(
            try CommandRunner.run(["query", "body", "--scope", "alice"]), "--scope, --token and --token-file apply with --server")
    }

    @Test func watchFollowsAScopeAndWhatItInherits() throws {
        let server = try ServerProcess(["--token", Self.token])
        let watch = try CommandProcess(["watch", "--scope", "alice/phone", "--token", Self.token, "--server", server.url.absoluteString])
        defer { watch.stop() }
        let snapshot = try #require(watch.line(0), "stderr: \(watch.standardError)")
        #expect(
            snapshot.text
                == "preferences of alice/phone: category l, legibility weight regular, text spacing default (sequence 0, inherited: category, legibilityWeight, textSpacing)"
        )
        // A change on the reader reaches the device's subscriber; one on another reader does not.
        #expect(try server.client.put("/category?scope=bob", #"{"category":"s"}"#, token: Self.token).status == 200)
        #expect(try server.client.put("/category?scope=alice", #"{"category":"xxl"}"#, token: Self.token).status == 200)
        let line = try #require(watch.line(1, seconds: 5), "stderr: \(watch.standardError)")
        #expect(line.text == "contentSizeCategoryDidChange: xxl (was l, sequence 2)")
    }

    @Test func scopeErrorsAreOneClearLine() throws {
        let server = try ServerProcess(["--token", Self.token])
        let env = environment(server)
        let noToken = environment(server, token: false)
        expectOneLineError(
            try CommandRunner.run(["category", "get", "--scope", "alice//phone"], environment: env), "Invalid scope 'alice//phone'",
            "second segment is empty")
        expectOneLineError(
            try CommandRunner.run(["watch", "--scope", "a/b/c/d"], environment: env), "Invalid scope 'a/b/c/d'", "4 segments")
        expectOneLineError(try CommandRunner.run(["category", "clear"], environment: env), "Clearing needs --scope")
        expectOneLineError(try CommandRunner.run(["legibility", "clear"], environment: env), "Clearing needs --scope")
        // Reading a scope needs a token: a reader's text size is personal.
        expectOneLineError(
            try CommandRunner.run(["category", "get", "--scope", "alice"], environment: noToken),
            "The preferences of alice need a token", "HTTP 401", "--token", "fontd token issue --scope alice")
        expectOneLineError(
            try CommandRunner.run(["watch", "--scope", "alice", "--server", server.url.absoluteString], environment: noToken),
            "The preferences of alice need a token")
        expectOneLineError(
            try CommandRunner.run(["legibility", "get", "--scope", "alice", "--token", "wrong"], environment: noToken),
            "The token is refused", "HTTP 401")
        // The root scope keeps its own wording.
        expectOneLineError(try CommandRunner.run(["category", "set", "xl"], environment: noToken), "401", "--token", "FONTD_TOKEN")
    }

    @Test func anIssuedTokenOpensItsScopeAndNoOther() throws {
        let secret = ScopedTokens.secret
        let (privateKey, publicKey) = TokenVerification.es256KeyPair()
        let directory = try TestPaths.temporaryDirectory()
        let privateFile = directory.appendingPathComponent("private.pem")
        let publicFile = directory.appendingPathComponent("public.pem")
        try privateKey.write(to: privateFile, atomically: true, encoding: .utf8)
        try publicKey.write(to: publicFile, atomically: true, encoding: .utf8)
        for (serve, issue) in [
            (["--jwt-secret", secret], ["--jwt-secret", secret]),
            (["--jwt-public-key", publicFile.path], ["--jwt-private-key", privateFile.path]),
        ] {
            let server = try ServerProcess(["--token", Self.token] + serve)
            defer { server.stop() }
            let env = environment(server, token: false)
            let jwt = try output(["token", "issue", "--scope", "alice", "--ttl", "10m"] + issue, env).trimmingCharacters(in: .newlines)
            #expect(try output(["category", "set", "xxl", "--scope", "alice/phone", "--token", jwt], env).hasPrefix("xxl (was l)\n"))
            #expect(try output(["category", "get", "--scope", "alice/phone", "--token", jwt], env) == "xxl\n")
            #expect(try output(["category", "clear", "--scope", "alice/phone", "--token", jwt], env) == "l (inherited)\n")
            expectOneLineError(
                try CommandRunner.run(["category", "get", "--scope", "bob", "--token", jwt], environment: env), "HTTP 403", "forbidden",
                "alice")
            expectOneLineError(try CommandRunner.run(["category", "set", "xl", "--token", jwt], environment: env), "HTTP 403")
        }
    }
}
