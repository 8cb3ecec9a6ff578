import ArgumentParser
import FontdClient
import Foundation

/// `--server URL` for the commands that talk to a running `fontd serve`.
struct ServerOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The fontd server (default: $FONTD_SERVER, then \(ServerOptions.fallbackServer)).", valueName: "url"))
    var server: String?

    @Flag(help: "Say which server answered and where its address came from, even the default.")
    var verbose = false

    /// Where a server is looked for when neither `--server` nor `$FONTD_SERVER` says.
    static let fallbackServer = "http://127.0.0.1:8686"

    /// `--server`, else `$FONTD_SERVER`, else the local default, checked as a URL.
    func baseURL() throws -> URL {
        try FontdClient.baseURL(parsing: address.text)
    }

    /// The server's address as given, and where it came from.
    private var address: (text: String, source: String) {
        if let server { return (server, "--server") }
        if let environment = ProcessInfo.processInfo.environment["FONTD_SERVER"], !environment.isEmpty {
            return (environment, "$FONTD_SERVER")
        }
        return (Self.fallbackServer, "the default")
    }

    /// A client of `scope` on that server, sending `token` with its requests.
    func client(scope: PreferenceScope = .root, token: String? = nil, timeout: Duration = .seconds(10)) throws -> FontdClient {
        let url = try baseURL()
        ServerNaming.expect(url, source: address.source, always: verbose)
        return FontdClient(baseURL: url, scope: scope, token: token, timeout: timeout)
    }

    /// A client of `scope` on the server at `address` (as a person types it, `--server`), sending `token`.
    static func client(_ address: String, scope: PreferenceScope = .root, token: String? = nil) throws -> FontdClient {
        let url = try FontdClient.baseURL(parsing: address)
        ServerNaming.expect(url, source: "--server", always: false)
        return FontdClient(baseURL: url, scope: scope, token: token)
    }
}

/// `--token` and `--token-file` for the commands that change the reader's preferences or read a scope's.
struct TokenOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The server's token, or a scoped token from fontd token issue: changes need one, and so does reading a scope "
                + "(default: $FONTD_TOKEN). Every user of this machine sees it in ps: prefer --token-file or FONTD_TOKEN.",
            valueName: "token"))
    var token: String?

    @Option(
        help: ArgumentHelp(
            "A file holding the token (one trailing newline ignored), instead of --token, which ps shows.", valueName: "file"))
    var tokenFile: String?

    /// Whether the command line names a token (`--token` or `--token-file`).
    var isGiven: Bool { token != nil || tokenFile != nil }

    /// `--token`, else `--token-file`'s, else `$FONTD_TOKEN`; nil when none gives one.
    var resolved: String? {
        get throws(TokenSource.Failure) {
            try TokenSource(option: token, file: tokenFile).resolved(environment: ProcessInfo.processInfo.environment)
        }
    }
}

/// A failed call of a networked command, as its one stderr line should read.
struct NetworkCommandError: Error, CustomStringConvertible {
    var underlying: FontdClientError
    /// Whether the command sent a token (it changes what a 401 means).
    var sentToken: Bool
    /// Whose preferences the command asked for.
    var scope: PreferenceScope = .root

    var description: String {
        switch underlying {
        case .server(let error) where error.code == .unauthorized && scope.isRoot:
            sentToken
                ? "The server refused the token (HTTP 401, unauthorized); pass the token fontd serve was given, with --token-file or FONTD_TOKEN."
                : "The server needs its token to change preferences (HTTP 401, unauthorized); pass --token-file FILE or set FONTD_TOKEN."
        case .server(let error) where error.code == .unauthorized && !sentToken:
            "The preferences of \(scope.path) need a token (HTTP 401, unauthorized); pass --token-file with the server's token or one from "
                + "fontd token issue --scope \(scope.path), or set FONTD_TOKEN."
        default: underlying.description
        }
    }
}

extension FontdClient {
    /// Runs `call` on the caller's actor, turning a client error into the one line a command prints.
    nonisolated(nonsending) func command<Value>(_ call: (FontdClient) async throws(FontdClientError) -> Value) async throws -> Value {
        do {
            let value = try await call(self)
            ServerNaming.answered()
            return value
        } catch {
            throw NetworkCommandError(underlying: error, sentToken: token != nil, scope: scope)
        }
    }
}
