import ArgumentParser
import FontdClient
import FontdCommandLine

/// `fontd health`: exits 0 when the server answers `GET /healthz` (for container health checks).
struct Health: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "health", abstract: "Check that a fontd server answers; exit 0 if it does (for container health checks).")

    @OptionGroup var options: ServerOptions

    @Option(help: "Seconds to wait for the answer.")
    var timeout: Double = 5

    @MainActor

    func run() async throws {
        guard timeout.isFinite, timeout > 0, timeout <= 3600 else {
            throw ValidationError("Invalid --timeout '\(timeout)': expected seconds greater than 0 and at most 3600.")
        }
        let client = try options.client(timeout: .milliseconds(Int64(timeout * 1000)))
        let status = try await client.command { client throws(FontdClientError) in try await client.health() }
        print(status.status)
    }
}
