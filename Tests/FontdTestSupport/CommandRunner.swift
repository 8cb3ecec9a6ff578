import Foundation

/// What a finished child process left behind.
public struct CommandResult: Sendable {
    public var status: Int32
    public var standardOutput: String
    public var standardError: String
    /// Whether a signal ended it (a trap is SIGILL or SIGTRAP): `status` is then the signal's number.
    public var diedOfSignal = false
}

/// Runs the built `fontd` with the pinned fonts to the end, the way a user would from a shell: a `CommandProcess`
/// waited for, its output taken whole.
public enum CommandRunner {
    public enum RunError: Error, CustomStringConvertible {
        case notBuilt
        case timedOut([String])

        public var description: String {
            switch self {
            case .notBuilt: "The fontd executable is not built; run `swift build` (swift test builds it too)."
            case .timedOut(let arguments): "fontd \(arguments.joined(separator: " ")) did not finish in time."
            }
        }
    }

    /// Runs `fontd arguments…` (the built one, unless `executable` names another copy),
    /// waiting at most `timeoutSeconds`.
    public static func run(
        _ arguments: [String], executable: URL? = nil, environment: [String: String] = PinnedFonts.environment,
        timeoutSeconds: Double = Wait.defaultSeconds
    ) throws -> CommandResult {
        guard let executable = executable ?? TestPaths.fontdExecutable else { throw RunError.notBuilt }
        // CommandProcess drains both pipes while the process runs, so a large answer cannot block it.
        let command = try CommandProcess(program: executable, arguments, environment: environment)
        guard let status = command.waitForExit(seconds: timeoutSeconds) else {
            command.stop()
            throw RunError.timedOut(arguments)
        }
        return CommandResult(
            status: status, standardOutput: command.standardOutput, standardError: command.standardError,
            diedOfSignal: command.diedOfSignal)
    }
}
