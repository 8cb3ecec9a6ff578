import ArgumentParser
import CommandLineCache
import DynamicType
import Glibc

/// How fontd runs a command line: any error is one line on stderr and a
/// non-zero exit, never a stack trace.
public enum CommandLineMain {
    /// Parses `arguments` (the process's, without the program name) for `Root` and runs the command.
    ///
    /// The answers of `keptCommands` run locally come from the command line's answer cache when it
    /// holds a valid one, before anything is parsed or initialized, and are kept in it otherwise
    /// (docs/DESIGN.md §18 (The command line)).
    ///
    /// `choices` says what an argument takes, by its value name (`<category>`), when the parser finds
    /// it missing: the error then lists the choices (docs/DESIGN.md §18 (The command line)). `succeeded`
    /// runs once a command has run without an error, before the process exits with 0.
    ///
    /// On the main actor, and so are the async commands' `run`: a nonisolated one would move the
    /// command onto a thread of the concurrency pool, started for it — 2 ms more for every
    /// `fontd query` (measured with Benchmarks/cli-vs-fc-match.sh --before).
    @MainActor
    public static func run<Root: AsyncParsableCommand>(
        _ root: Root.Type, arguments: [String]? = nil, keptCommands: [String] = [], choices: (String) -> String? = { _ in nil },
        succeeded: () -> Void = {}
    ) async -> Never {
        let arguments = arguments ?? Array(CommandLine.arguments.dropFirst())
        guard let cache = CommandAnswerCache(arguments: arguments, commands: keptCommands) else {
            Glibc.exit(await status(of: root, arguments: arguments, choices: choices, succeeded: succeeded))
        }
        guard case .miss(let run) = cache.lookUp() else {
            // The hit wrote everything with write(2): nothing is buffered, and there is nothing to tear down.
            Glibc._exit(0)
        }
        let status = await status(of: root, arguments: arguments, choices: choices, succeeded: succeeded)
        run?.finish(status: status)
        Glibc.exit(status)
    }

    /// Parses `arguments` for `Root`, runs the command and returns its exit status; an error is
    /// written to stderr as one line.
    @MainActor
    private static func status<Root: AsyncParsableCommand>(
        of root: Root.Type, arguments: [String], choices: (String) -> String?, succeeded: () -> Void
    ) async -> Int32 {
        do {
            var command = try Root.parseAsRoot(arguments)
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
            succeeded()
            return 0
        } catch {
            let code = Root.exitCode(for: error)
            if code == .success {
                // --help and --version arrive as errors that mean success.
                print(Root.fullMessage(for: error))
                return code.rawValue
            }
            // A command that said why it failed itself throws a bare `ExitCode`, which has no message.
            var message = Root.message(for: error)
            if code == .validationFailure {
                // What the parser refused: a misspelt command or option gets the name meant (docs/DESIGN.md §18 (The command line)).
                message =
                    misspeltCommand(in: arguments, under: Root.self)?.description
                    ?? InvalidValue(parserMessage: oneLine(message))?.description
                    ?? missingArgument(message, choices: choices)
                    ?? suggestingOption(for: message, arguments: arguments, under: Root.self)
            }
            if !message.isEmpty { Output.writeLine("fontd: error: \(oneLine(message))".escapingControlCharacters, to: STDERR_FILENO) }
            return code.rawValue == 0 ? 1 : code.rawValue
        }
    }

    /// The command `arguments` misspelt, when parsing them failed there: the first argument that,
    /// where a command of `root`'s tree expects one of its subcommands, names none of them but is
    /// near one (`fontd quer body` → `query`). ArgumentParser says only "2 unexpected arguments" then.
    static func misspeltCommand(in arguments: [String], under root: any ParsableCommand.Type) -> MisspeltCommand? {
        let reached = CommandPath(arguments, under: root)
        guard let argument = reached.unknownSubcommand else { return nil }
        let subcommands = reached.command.configuration.subcommands
        let known = subcommands.compactMap { subcommand in
            subcommand.configuration.shouldDisplay ? subcommand.configuration.commandName : nil
        }
        guard let suggestion = NearestNames.suggestion(for: argument, among: known) else { return nil }
        return MisspeltCommand(name: argument, command: reached.names.joined(separator: " "), suggestion: suggestion, known: known)
    }

    /// `message` with the option meant, when it is ArgumentParser's `Unknown option '--x'` without
    /// one: ArgumentParser suggests only options within three edits (`--text-scaling` finds no
    /// `--text-scaling-factor`); here the options of the command reached, read from its help, go
    /// through `NearestNames.suggestion`, as every other name does.
    static func suggestingOption(for message: String, arguments: [String], under root: any ParsableCommand.Type) -> String {
        let prefix = "Unknown option '"
        guard message.hasPrefix(prefix), !message.contains("Did you mean"), !message.contains("\n") else { return message }
        let rest = message.dropFirst(prefix.count)
        guard let end = rest.firstIndex(of: "'"), rest[rest.startIndex..<end].hasPrefix("--") else { return message }
        let option = String(rest[rest.startIndex..<end])
        let help = root.helpMessage(for: CommandPath(arguments, under: root).command, includeHidden: false, columns: 1000)
        let options = help.split(whereSeparator: { $0.isWhitespace || ",[]()<>|=:;.".contains($0) })
            .filter { $0.hasPrefix("--") && $0.count > 2 }.map(String.init)
        guard let suggestion = NearestNames.suggestion(for: option, among: options) else { return message }
        // As ArgumentParser writes its own: `Unknown option '--x'. Did you mean '--y'?`
        return message + (message.hasSuffix(".") ? "" : ".") + NearestNames.didYouMean(suggestion)
    }

    /// ArgumentParser's `Missing expected argument '<category>'` with what the argument takes, when
    /// `choices` knows it; nil for any other message.
    static func missingArgument(_ message: String, choices: (String) -> String?) -> String? {
        let prefix = "Missing expected argument '"
        guard message.hasPrefix(prefix), let end = message.dropFirst(prefix.count).firstIndex(of: "'") else { return nil }
        let name = String(message[message.index(message.startIndex, offsetBy: prefix.count)..<end])
        guard let takes = choices(name) else { return nil }
        return "Missing expected argument '\(name)': give \(takes)."
    }

    /// How far `arguments` go down `root`'s tree of commands: the command reached, the names on the
    /// way (`fontd category`), and the argument, if any, that names none of its subcommands where one
    /// was expected.
    struct CommandPath {
        var command: any ParsableCommand.Type
        var names: [String]
        var unknownSubcommand: String?

        init(_ arguments: [String], under root: any ParsableCommand.Type) {
            command = root
            names = [root.configuration.commandName ?? "fontd"]
            for argument in arguments {
                // An option before a subcommand, or a command that takes none: the parser's to judge.
                let subcommands = command.configuration.subcommands
                guard !argument.hasPrefix("-"), !subcommands.isEmpty else { return }
                guard
                    let next = subcommands.first(where: { subcommand in
                        subcommand.configuration.commandName == argument || subcommand.configuration.aliases.contains(argument)
                    })
                else {
                    unknownSubcommand = argument
                    return
                }
                command = next
                names.append(argument)
            }
        }
    }

    /// A subcommand name that names none, and the one it was most likely meant to be.
    struct MisspeltCommand: CustomStringConvertible {
        var name: String
        /// The command whose subcommand it was to be (`fontd`, `fontd category`).
        var command: String
        var suggestion: String
        var known: [String]

        var description: String {
            "Unknown command '\(name)' for \(command).\(NearestNames.didYouMean(suggestion)) "
                + "The commands: \(known.joined(separator: ", ")); see '\(command) --help'."
        }
    }

    /// The message on one line (ArgumentParser's own errors may span several).
    private static func oneLine(_ message: String) -> String {
        message.split(whereSeparator: \.isNewline).map { $0.trimmingPrefix(while: \.isWhitespace) }.joined(separator: " ")
    }
}
