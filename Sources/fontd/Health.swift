import ArgumentParser
import FontdClient
import FontdCommandLine

/// `fontd health`: exits 0 when the server answers `GET /healthz` (for container health checks).
struct Health: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "health", abstract: "Check that a fontd server answers; exit 0 if it does (for container health checks).")

    @OptionGroup var options: ServerOptions

    @Option(help: "Seconds to wait for the answer.")
    var timeout: Seconds = "5"

    /// The longest `--timeout`: an hour.
    static let longestSeconds = 3600.0

    func validate() throws {
        _ = try timeoutSeconds()
    }

    /// `--timeout` in seconds, checked against (0, an hour].
    private func timeoutSeconds() throws -> Double {
        try timeout.checked("--timeout", maximum: Self.longestSeconds)
    }

    @MainActor
    func run() async throws {
        let seconds = try timeoutSeconds()
        let client = try options.client(timeout: .milliseconds(Int64(seconds * 1000)))
        let status = try await client.command { client throws(FontdClientError) in try await client.health() }
        print(status.status)
    }
}
