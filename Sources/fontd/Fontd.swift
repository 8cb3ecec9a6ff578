import ArgumentParser
import DynamicType
import Glibc

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

    /// Runs the command; any error is one line on stderr and a non-zero exit, never a stack trace.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                // --help and --version arrive as errors that mean success.
                print(fullMessage(for: error))
                Glibc.exit(code.rawValue)
            }
            let message = Self.oneLine(error)
            let line = Array("fontd: error: \(message)\n".utf8)
            _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
            Glibc.exit(code.rawValue == 0 ? 1 : code.rawValue)
        }
    }

    /// The error's message on one line (ArgumentParser's own errors may span several).
    private static func oneLine(_ error: any Error) -> String {
        message(for: error).split(whereSeparator: \.isNewline).map { $0.trimmingPrefix(while: \.isWhitespace) }.joined(separator: " ")
    }
}
