import ArgumentParser
import FontdClient
import FontdCommandLine

/// `fontd watch`: one line per preference event, the snapshot first, until interrupted; with
/// `--scope`, a scope's events (docs/DESIGN.md §23 (Reader scopes and scoped tokens)).
struct Watch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Print the reader's preferences, then one line per change, as they happen.",
        discussion:
            "Reconnects by itself when the connection drops or the server restarts, missing and repeating nothing. Stop it with Ctrl-C.")

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
        if let (_, change) = event.change {
            let (value, previous) = change.rawValues
            return "\(event.name): \(value) (was \(previous), sequence \(change.sequence))"
        }
        switch event {
        case .snapshot(let preferences):
            let values = preferences.values
            // A preference with no value (no reading font) is left out, as the answer leaves it out.
            let named = ReaderPreference.allCases.filter { !values[$0].isEmpty }.map { "\($0.declaration.noun) \(values[$0])" }
            return "preferences\(preferences.scope.map { " of \($0)" } ?? ""): \(named.joined(separator: ", ")) "
                + "(sequence \(preferences.sequence)"
                + (preferences.inherited.map { $0.isEmpty ? "" : ", inherited: \($0.joined(separator: ", "))" } ?? "") + ")"
        case .fontsChanged(let change):
            return "\(event.name): the installed fonts changed (generation \(change.fontGeneration))"
        default:
            return event.name
        }
    }
}
