import ArgumentParser
import DynamicType
import FontdClient
import FontdCommandLine
import Foundation
import ScopedPreferences

extension TokenCommand {
    /// `fontd token revoke --scope S`: `PUT /revocations?scope=S` on the running server, with the
    /// server's token from `--token-file` or `$FONTD_TOKEN` (never the command line, which other
    /// users can read):
    /// every scoped token for S and the scopes below it issued until now is refused from now on,
    /// by every replica (docs/DESIGN.md §23 (Reader scopes and scoped tokens)).
    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "revoke",
            abstract: "Revoke every scoped token for a scope and the scopes below it issued until now.",
            discussion: """
                Asks the running fontd serve (--server, else $FONTD_SERVER) with the server's token, read from \
                --token-file or $FONTD_TOKEN. The revocation is kept with the preferences (the SQLite or PostgreSQL store) and \
                reaches every replica; tokens issued from the second after it on are taken again.
                """)

        @Option(
            help: ArgumentHelp("The scope whose tokens, with those of the scopes below it, are revoked, such as alice.", valueName: "scope")
        )
        var scope: Checked<PreferenceScope>

        @OptionGroup var server: ServerOptions

        @Option(help: ArgumentHelp("A file holding the server's token (default: $FONTD_TOKEN).", valueName: "file"))
        var tokenFile: String?

        @Flag(help: "Print the server's answer as JSON.")
        var json = false

        /// A `--scope` that is no scope is refused in the model's words before the token is read.
        func validate() throws {
            _ = try scope.value()
        }

        @MainActor
        func run() async throws {
            let scope = try scope.value()
            let source = TokenSource(option: nil, file: tokenFile)
            let given: String?
            do { given = try source.resolved(environment: ProcessInfo.processInfo.environment) } catch {
                throw ValidationError(error.description)
            }
            guard let token = given else {
                throw ValidationError(
                    "fontd token revoke needs the server's token, from --token-file FILE or FONTD_TOKEN (not on the command line, where other users can read it)."
                )
            }
            let client = try server.client(token: token)
            let body = try await client.command { client throws(FontdClientError) in
                try await client.send("PUT", "/revocations", query: [(name: "scope", value: scope.path)])
            }
            if json {
                print(String(decoding: body, as: UTF8.self))
                return
            }
            let revocation = try JSONDecoder().decode(TokenRevocation.self, from: body)
            let moment = Date(timeIntervalSince1970: Double(revocation.revokedBefore)).formatted(.iso8601)
            Output.printLine("Revoked the tokens of \(revocation.scope.path) and the scopes below it issued before \(moment).")
        }
    }
}
