import ArgumentParser
import Glibc

/// How fontd runs a command line: any error is one line on stderr and a
/// non-zero exit, never a stack trace.
public enum CommandLineMain {
    /// Parses `arguments` (the process's, without the program name) for `Root` and runs the command.
    ///
    /// On the main actor, and so are the async commands' `run`: a nonisolated one would move the
    /// command onto a thread of the concurrency pool, started for it — 2 ms more for every
    /// `fontd query` (measured with Benchmarks/cli-vs-fc-match.sh --before).
    @MainActor
    public static func run<Root: AsyncParsableCommand>(_ root: Root.Type, arguments: [String]? = nil) async -> Never {
        do {
            var command = try Root.parseAsRoot(arguments)
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
            Glibc.exit(0)
        } catch {
            let code = Root.exitCode(for: error)
            if code == .success {
                // --help and --version arrive as errors that mean success.
                print(Root.fullMessage(for: error))
                Glibc.exit(code.rawValue)
            }
            failure(oneLine(Root.message(for: error)), exitCode: code.rawValue == 0 ? 1 : code.rawValue)
        }
    }

    /// Writes `fontd: error: MESSAGE` on stderr and exits with `exitCode`.
    public static func failure(_ message: String, exitCode: Int32 = 1) -> Never {
        Output.writeLine("fontd: error: \(message)", to: STDERR_FILENO)
        Glibc.exit(exitCode)
    }

    /// The message on one line (ArgumentParser's own errors may span several).
    private static func oneLine(_ message: String) -> String {
        message.split(whereSeparator: \.isNewline).map { $0.trimmingPrefix(while: \.isWhitespace) }.joined(separator: " ")
    }
}
