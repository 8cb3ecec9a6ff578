import ArgumentParser
import FontdClient
import FontdCommandLine

/// `fontd watch`: one line per preference event, the snapshot first, until interrupted.
struct Watch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Print the reader's preferences, then one line per change, as they happen.",
        discussion: "Reconnects by itself when the connection drops or the server restarts, missing and repeating nothing. Stop it with Ctrl-C.")

    @OptionGroup var options: ServerOptions

    @Flag(help: "One JSON object per line: {\"event\": NAME, \"data\": the event's JSON as GET /events sends it}.")
    var json = false

    @MainActor
    func run() async throws {
        let client = try options.client()
        do {
            for try await event in client.preferenceChanges() {
                Output.writeLine(json ? "{\"event\":\"\(event.name)\",\"data\":\(event.data)}" : Self.line(event))
            }
        } catch let error as FontdClientError {
            throw NetworkCommandError(underlying: error, sentToken: false)
        }
    }

    /// `contentSizeCategoryDidChange: xl (was l, sequence 1)`.
    static func line(_ event: PreferenceEvent) -> String {
        switch event {
        case .snapshot(let preferences):
            "preferences: category \(preferences.category.rawValue), legibility weight \(preferences.legibilityWeight.rawValue) (sequence \(preferences.sequence))"
        case .categoryChanged(let change):
            "\(event.name): \(change.category.rawValue) (was \(change.previous.rawValue), sequence \(change.sequence))"
        case .legibilityWeightChanged(let change):
            "\(event.name): \(change.legibilityWeight.rawValue) (was \(change.previous.rawValue), sequence \(change.sequence))"
        }
    }
}
