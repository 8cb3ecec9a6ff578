import Foundation

/// What a finished child process left behind.
public struct CommandResult: Sendable {
    public var status: Int32
    public var standardOutput: String
    public var standardError: String
    /// Whether a signal ended it (a trap is SIGILL or SIGTRAP): `status` is then the signal's number.
    public var diedOfSignal = false
}

/// Runs the built `fontd` with the pinned fonts, the way a user would from a shell.
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
        timeoutSeconds: Double = 30
    ) throws -> CommandResult {
        guard let executable = executable ?? TestPaths.fontdExecutable else { throw RunError.notBuilt }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice

        // Drain both pipes while the process runs, so a large answer cannot block it.
        let outputData = LockedData()
        let errorData = LockedData()
        let group = DispatchGroup()
        for (pipe, sink) in [(output, outputData), (error, errorData)] {
            group.enter()
            DispatchQueue.global().async {
                sink.set(pipe.fileHandleForReading.readDataToEndOfFile())
                group.leave()
            }
        }
        try process.run()
        if group.wait(timeout: .now() + timeoutSeconds) == .timedOut {
            process.terminate()
            throw RunError.timedOut(arguments)
        }
        process.waitUntilExit()
        return CommandResult(
            status: process.terminationStatus,
            standardOutput: String(decoding: outputData.get(), as: UTF8.self),
            standardError: String(decoding: errorData.get(), as: UTF8.self),
            diedOfSignal: process.terminationReason == .uncaughtSignal)
    }
}

/// Bytes written by one thread and read by another after a `DispatchGroup` wait.
private final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    func set(_ newValue: Data) { lock.withLock { data = newValue } }
    func get() -> Data { lock.withLock { data } }
}
