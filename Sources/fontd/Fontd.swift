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
        discussion: """
            On iOS an app asks for the body text style, and the system answers with a font sized for the reader's \
            content-size category, from extra small to five accessibility sizes. fontd does that for Linux: it \
            resolves a table of text styles per category into real fonts through fontconfig, measures them with \
            FreeType, and serves them on a local HTTP API that tells every subscriber the moment the reader's size \
            changes; fontd serve also keeps GNOME, KDE, X11, Qt, terminals and editors in step with it.

            Examples: fontd query body --category xl (a font, locally); fontd serve --desktop gnome (the service); \
            fontd category set xxl (the reader's size, through the running server).
            """,
        version: FontdVersion.current,
        subcommands: [
            Query.self, StylesCommand.self, Categories.self, List.self, Serve.self,
            // Every preference after the category, by its place in ReaderPreference.allCases (the category's
            // command has bigger and smaller besides).
            CategoryCommand.self, ReaderPreferenceCommand<1>.self, ReaderPreferenceCommand<2>.self, ReaderPreferenceCommand<3>.self,
            ReaderPreferenceCommand<4>.self, ReaderPreferenceCommand<5>.self,
            Watch.self, Health.self, CSSCommand.self, TokensCommand.self, CapsizeCommand.self, TokenCommand.self, DesktopCommand.self,
            SettingsCommand.self,
        ])

    /// The commands whose local answers the command line's answer cache keeps (docs/DESIGN.md §18 (The command line)).
    static let keptCommands = ["query", "capsize", "styles", "css", "tokens", "list"]

    static func main() async {
        await CommandLineMain.run(
            Self.self, arguments: Array(CommandLine.arguments.dropFirst()), keptCommands: keptCommands, choices: argumentChoices,
            succeeded: ServerNaming.sayWhoAnswered)
    }

    /// What a missing argument takes, by its value name, for the parser's error (docs/DESIGN.md §18 (The command line)):
    /// the categories, or the styles of the table a local `fontd query` would load.
    static func argumentChoices(_ name: String) -> String? {
        switch name {
        case "<category>":
            "a category: \(ContentSizeCategory.allCases.map(\.rawValue).joined(separator: ", ")), or a text scale such as 1.5 or 150%"
        case "<style>":
            (try? StyleTable.locate(explicit: nil)).map { table in
                "a text style of the table fontd loads: \(table.styles.map(\.style.rawValue).joined(separator: ", "))"
            }
        default: nil
        }
    }
}
