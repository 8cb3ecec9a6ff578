import ArgumentParser
import FontdClient
import FontdCommandLine

/// `fontd watch`: one line per preference event, the snapshot first, until interrupted; with
/// `--scope`, a scope's events (docs/DESIGN.md §10).
struct Watch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Print the reader's preferences, then one line per change, as they happen.",
        discussion: "Reconnects by itself when the connection drops or the server restarts, missing and repeating nothing. Stop it with Ctrl-C.")

    @OptionGroup var options: ServerOptions
    @OptionGroup var scope: ScopeOptions
    @OptionGroup var token: TokenOptions

    @Flag(help: "One JSON object per line: {\"event\": NAME, \"data\": the event's JSON as GET /events sends it}.")
    var json = false

    @MainActor
    func run() async throws {
        let client = try options.client(scope: try scope.parsed(), token: token.resolved)
        do {
            for try await event in client.preferenceChanges() {
                Output.writeLine(json ? "{\"event\":\"\(event.name)\",\"data\":\(event.data)}" : Self.line(event).escapingControlCharacters)
            }
        } catch let error as FontdClientError {
            throw NetworkCommandError(underlying: error, sentToken: client.token != nil, scope: client.scope)
        }
    }

    /// `contentSizeCategoryDidChange: xl (was l, sequence 1)`; a scope's snapshot names the scope
    /// and what it inherits: `preferences of alice/phone: category xl, legibility weight regular,
    /// text spacing default (sequence 57, inherited: legibilityWeight, textSpacing)`.
    static func line(_ event: PreferenceEvent) -> String {
        switch event {
        case .snapshot(let preferences):
            "preferences\(preferences.scope.map { " of \($0)" } ?? ""): category \(preferences.category.rawValue), "
                + "legibility weight \(preferences.legibilityWeight.rawValue), text spacing \(preferences.textSpacing.rawValue) "
                + "(sequence \(preferences.sequence)"
                + (preferences.inherited.map { $0.isEmpty ? "" : ", inherited: \($0.joined(separator: ", "))" } ?? "") + ")"
        case .categoryChanged(let change):
            "\(event.name): \(change.category.rawValue) (was \(change.previous.rawValue), sequence \(change.sequence))"
        case .legibilityWeightChanged(let change):
            "\(event.name): \(change.legibilityWeight.rawValue) (was \(change.previous.rawValue), sequence \(change.sequence))"
        case .textSpacingChanged(let change):
            "\(event.name): \(change.textSpacing.rawValue) (was \(change.previous.rawValue), sequence \(change.sequence))"
        case .fontsChanged(let change):
            "\(event.name): the installed fonts changed (generation \(change.fontGeneration))"
        }
    }
}
