import ArgumentParser
import FontdClient
import FontdCommandLine

/// `fontd health`: exits 0 when the server answers `GET /healthz` (for container health checks).
struct Health: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "health", abstract: "Check that a fontd server answers; exit 0 if it does (for container health checks).")

    @OptionGroup var options: ServerOptions

    @Option(help: "Seconds to wait for the answer: \(Health.timeoutRange).")
    var timeout: Seconds = "5"

    /// `--timeout`: at least a tenth of a second (a round trip on loopback with room to spare),
    /// at most an hour.
    static let timeoutRange = SecondsRange(least: 0.1, most: 3600)

    func validate() throws {
        _ = try timeoutSeconds()
    }

    /// `--timeout` in seconds, checked against `timeoutRange`.
    private func timeoutSeconds() throws -> Double {
        try timeout.checked("--timeout", in: Self.timeoutRange)
    }

    @MainActor
    func run() async throws {
        let seconds = try timeoutSeconds()
        let client = try options.client(timeout: .milliseconds(Int64(seconds * 1000)))
        let status = try await client.command { client throws(FontdClientError) in try await client.health() }
        Output.printLine(status.status)
    }
}
