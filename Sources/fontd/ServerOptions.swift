import ArgumentParser
import FontdClient
import Foundation

/// `--server URL` for the commands that talk to a running `fontd serve`.
struct ServerOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The fontd server (default: $FONTD_SERVER, then \(ServerOptions.fallbackServer)).", valueName: "url"))
    var server: String?

    /// Where a server is looked for when neither `--server` nor `$FONTD_SERVER` says.
    static let fallbackServer = "http://127.0.0.1:8686"

    /// `--server`, else `$FONTD_SERVER`, else the local default, checked as a URL.
    func baseURL() throws -> URL {
        let environment = ProcessInfo.processInfo.environment["FONTD_SERVER"].flatMap { $0.isEmpty ? nil : $0 }
        return try FontdClient.baseURL(parsing: server ?? environment ?? Self.fallbackServer)
    }

    /// A client of that server, sending `token` with its requests.
    func client(token: String? = nil, timeout: Duration = .seconds(10)) throws -> FontdClient {
        FontdClient(baseURL: try baseURL(), token: token, timeout: timeout)
    }

    /// A client of the server at `address` (as a person types it), sending no token.
    static func client(_ address: String) throws -> FontdClient {
        FontdClient(baseURL: try FontdClient.baseURL(parsing: address))
    }
}

/// `--token` for the commands that change the reader's preferences.
struct TokenOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The server's token for changes (default: $FONTD_TOKEN).", valueName: "token"))
    var token: String?

    /// `--token`, else `$FONTD_TOKEN`; nil when neither gives one.
    var resolved: String? {
        (token ?? ProcessInfo.processInfo.environment["FONTD_TOKEN"]).flatMap { $0.isEmpty ? nil : $0 }
    }
}

/// A failed call of a networked command, as its one stderr line should read.
struct NetworkCommandError: Error, CustomStringConvertible {
    var underlying: FontdClientError
    /// Whether the command sent a token (it changes what a 401 means).
    var sentToken: Bool

    var description: String {
        switch underlying {
        case .server(let error) where error.code == .unauthorized:
            sentToken
                ? "The server refused the token (HTTP 401, unauthorized); pass the token fontd serve was given with --token or FONTD_TOKEN."
                : "The server needs its token to change preferences (HTTP 401, unauthorized); pass --token TOKEN or set FONTD_TOKEN."
        default: underlying.description
        }
    }
}

extension FontdClient {
    /// Runs `call` on the caller's actor, turning a client error into the one line a command prints.
    nonisolated(nonsending) func command<Value>(_ call: (FontdClient) async throws(FontdClientError) -> Value) async throws -> Value {
        do {
            return try await call(self)
        } catch {
            throw NetworkCommandError(underlying: error, sentToken: token != nil)
        }
    }
}
