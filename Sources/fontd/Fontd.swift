import ArgumentParser
import FontdCommandLine

/// The `fontd` command: Dynamic Type for Linux.
@main
struct Fontd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fontd",
        abstract: "Dynamic Type for Linux: text styles resolved into measured fonts for the reader's chosen size.",
        subcommands: [
            Query.self, StylesCommand.self, Categories.self, List.self, Serve.self,
            CategoryCommand.self, Legibility.self, Watch.self, Health.self,
        ])

    static func main() async {
        await CommandLineMain.run(Self.self, arguments: Array(CommandLine.arguments.dropFirst()))
    }
}
