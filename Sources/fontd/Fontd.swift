import ArgumentParser
import DynamicType
import FontdCommandLine

/// The `fontd` command: Dynamic Type for Linux.
///
/// Every command names itself (`commandName`): without one, ArgumentParser derives the name with
/// `String(describing:)`, and each such call costs three protocol-conformance lookups, which the
/// Swift runtime answers by scanning every conformance record in the binary — thousands since the
/// client's HTTP library is linked in, so a start of `fontd query` paid for them.
@main
struct Fontd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fontd",
        // The version opens the help's first line too (docs/DESIGN.md §29 (A desktop service)).
        abstract:
            "fontd \(FontdVersion.current): Dynamic Type for Linux, text styles resolved into measured fonts for the reader's chosen size.",
        version: FontdVersion.current,
        subcommands: [
            Query.self, StylesCommand.self, Categories.self, List.self, Serve.self,
            CategoryCommand.self, ReaderPreferenceCommand<LegibilityCommandPreference>.self,
            ReaderPreferenceCommand<TextSpacingCommandPreference>.self,
            ReaderPreferenceCommand<ReadingFontCommandPreference>.self, ReaderPreferenceCommand<MinimumCategoryCommandPreference>.self,
            ReaderPreferenceCommand<MaximumCategoryCommandPreference>.self,
            Watch.self, Health.self, CSSCommand.self, TokensCommand.self, CapsizeCommand.self, TokenCommand.self, DesktopCommand.self,
            SettingsCommand.self,
        ])

    /// The commands whose local answers the command line's answer cache keeps (docs/DESIGN.md §18 (The command line)).
    static let keptCommands = ["query", "capsize", "styles", "css", "tokens", "list"]

    static func main() async {
        await CommandLineMain.run(Self.self, arguments: Array(CommandLine.arguments.dropFirst()), keptCommands: keptCommands)
    }
}
