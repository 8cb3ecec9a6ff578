import ArgumentParser
import FontdCommandLine

/// The commands of `fontd` that talk to a running `fontd serve`: `fontd` hands them over to
/// this executable (see `RemoteCommand`), so only this one loads the networking libraries.
@main
struct FontdRemote: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fontd",
        abstract: "The fontd commands that talk to a fontd server (fontd runs them through \(RemoteCommand.executableName)).",
        subcommands: [RemoteQuery.self, CategoryCommand.self, Legibility.self, Watch.self, Health.self])

    static func main() async {
        await CommandLineMain.run(Self.self, arguments: Array(CommandLine.arguments.dropFirst()))
    }
}
