import ArgumentParser
import DynamicType
import FontdClient
import FontdCommandLine
import Foundation

/// Which way a `fontd category bigger | smaller` command steps.
protocol CategoryStepDirection {
    static var step: CategoryStep { get }
}

extension CategoryCommand {
    /// `fontd category bigger`.
    enum Bigger: CategoryStepDirection { static let step = CategoryStep.bigger }
    /// `fontd category smaller`.
    enum Smaller: CategoryStepDirection { static let step = CategoryStep.smaller }

    /// `fontd category bigger | smaller`: one step of the scope's category within its bounds, through
    /// the running server, as a key bound to it takes it (docs/DESIGN.md §37 (The reader's control));
    /// then the new category on screen.
    struct Step<Direction: CategoryStepDirection>: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            let larger = Direction.step == .bigger
            return CommandConfiguration(
                commandName: Direction.step.rawValue,
                abstract: "Make the reader's text one category \(larger ? "larger" : "smaller"), within the scope's bounds.",
                discussion: """
                    Steps from the category the scope answers at (its minimum-category and maximum-category applied) and \
                    says the new one and who follows it; at \(larger ? "ax5" : "xs"), or at the scope's \
                    \(larger ? "maximum" : "minimum") category, it says so and changes nothing (exit status 0). Each run \
                    shows the category on screen: GNOME Shell's on-screen display when the Shell lets fontd call it, else a \
                    desktop notification that replaces the previous one; nothing without a session bus.
                    """)
        }

        @OptionGroup var options: ServerOptions
        @OptionGroup var scope: ScopeOptions
        @OptionGroup var token: TokenOptions
        @Flag(inversion: .prefixedNo, help: "Show the new category on screen (an on-screen display, else a notification).")
        var show = true

        @MainActor
        func run() async throws {
            let stepped = try scope.parsed()
            let client = try options.client(scope: stepped, token: token.resolved)
            let before = try await client.command { client throws(FontdClientError) in try await client.preferences() }
            let range = try CategoryRange(minimum: before.minimumCategory, maximum: before.maximumCategory)
            let outcome = Direction.step.outcome(from: before.category, within: range)
            let larger = Direction.step == .bigger
            let extreme = larger ? "largest" : "smallest"
            // Why the category did not move, for the line and the notification; nil when it moved.
            var note: String?
            switch outcome {
            case .moved(let category):
                let change = try await client.command { client throws(FontdClientError) in try await client.setCategory(category) }
                Output.printLine("\(change.value.rawValue) (was \(before.category.rawValue))")
                await DesktopFollowers.printSentence(client: client, scope: stepped)
            case .atEnd(let category):
                note = "already the \(extreme)"
                Output.printLine("\(category.rawValue): already the \(extreme)")
            case .atBound(let category):
                let bound = larger ? "maximum" : "minimum"
                let allows = "already the \(extreme) \(stepped.isRoot ? "the root scope" : "the scope \(stepped.path)") allows"
                note = allows
                let lift = "fontd \(bound)-category clear" + (stepped.isRoot ? "" : " --scope \(stepped.path)")
                Output.printLine(
                    "\(category.rawValue): \(allows) (its \(bound) category is \(category.rawValue); \(lift) lifts a bound the scope sets itself)"
                )
            }
            if show { _ = StepDisplay(environment: ProcessInfo.processInfo.environment).show(outcome.category, note: note) }
        }
    }
}
