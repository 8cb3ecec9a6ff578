import ArgumentParser
import CommandLineCache
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
    /// On the main actor, and so are the async commands' `run`: a nonisolated one would move the
    /// command onto a thread of the concurrency pool, started for it — 2 ms more for every
    /// `fontd query` (measured with Benchmarks/cli-vs-fc-match.sh --before).
    @MainActor
    public static func run<Root: AsyncParsableCommand>(
        _ root: Root.Type, arguments: [String]? = nil, keptCommands: [String] = []
    ) async -> Never {
        let arguments = arguments ?? Array(CommandLine.arguments.dropFirst())
        guard let cache = CommandAnswerCache(arguments: arguments, commands: keptCommands) else {
            Glibc.exit(await status(of: root, arguments: arguments))
        }
        guard case .miss(let run) = cache.lookUp() else {
            // The hit wrote everything with write(2): nothing is buffered, and there is nothing to tear down.
            Glibc._exit(0)
        }
        let status = await status(of: root, arguments: arguments)
        run?.finish(status: status)
        Glibc.exit(status)
    }

    /// Parses `arguments` for `Root`, runs the command and returns its exit status; an error is
    /// written to stderr as one line.
    @MainActor
    private static func status<Root: AsyncParsableCommand>(of root: Root.Type, arguments: [String]) async -> Int32 {
        do {
            var command = try Root.parseAsRoot(arguments)
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
            return 0
        } catch {
            let code = Root.exitCode(for: error)
            if code == .success {
                // --help and --version arrive as errors that mean success.
                print(Root.fullMessage(for: error))
                return code.rawValue
            }
            // A command that said why it failed itself throws a bare `ExitCode`, which has no message.
            let message = Root.message(for: error)
            if !message.isEmpty { Output.writeLine("fontd: error: \(oneLine(message))".escapingControlCharacters, to: STDERR_FILENO) }
            return code.rawValue == 0 ? 1 : code.rawValue
        }
    }

    /// The message on one line (ArgumentParser's own errors may span several).
    private static func oneLine(_ message: String) -> String {
        message.split(whereSeparator: \.isNewline).map { $0.trimmingPrefix(while: \.isWhitespace) }.joined(separator: " ")
    }
}
