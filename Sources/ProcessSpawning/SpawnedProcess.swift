import CFontdSystem
import Glibc

/// A program started with `posix_spawn`, the one way fontd and its tests start a child
/// (docs/DESIGN.md §2 (Modules and their arrows)): an empty signal mask and every signal at its
/// default (`fontd serve` blocks SIGTERM and SIGHUP on every thread, a test's thread blocks most
/// signals, and a child inherits both: a daemon would then not leave on SIGTERM), only the three
/// descriptors it is given (every pipe end made here is close-on-exec from the start), and its
/// stdin, stdout and stderr each from a file, a pipe or nowhere.
///
/// Whoever made it owns the pipe ends it holds, closes them, and reaps the child once (`wait` or
/// a `poll` that answered).
public struct SpawnedProcess: Sendable {
    /// Where the child's stdin comes from.
    public enum Input: Sendable {
        /// `/dev/null`: the child reads end of file.
        case nothing
        /// A pipe whose write end is `standardInput`.
        case pipe
    }

    /// Where the child's stdout or stderr goes.
    public enum Output: Sendable {
        /// `/dev/null`.
        case discarded
        /// A file, created or truncated, readable by its owner only.
        case file(String)
        /// A pipe whose read end is `standardOutput` or `standardError`.
        case pipe
        /// stderr only: wherever stdout goes, the two interleaved as written.
        case standardOutput
    }

    /// A start that failed, with its error number.
    public struct StartError: Error, Sendable, CustomStringConvertible {
        public let errno: Int32
        public let program: String

        public var description: String { "\(program) could not be started: \(String(cString: strerror(errno)))" }
    }

    /// How a child ended.
    public enum Termination: Sendable, Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// This signal ended it.
        case signalled(Int32)

        /// The status a shell shows: the exit status, or 128 + the signal.
        public var shellStatus: Int32 {
            switch self {
            case .exited(let status): status
            case .signalled(let signal): 128 + signal
            }
        }

        /// From `waitpid`'s status (WIFEXITED, WEXITSTATUS and WTERMSIG do not import).
        package init(waitStatus status: Int32) {
            self = status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
        }
    }

    public let pid: pid_t
    /// The write end of the child's stdin, with `Input.pipe`.
    public let standardInput: Int32?
    /// The read end of the child's stdout, with `Output.pipe`.
    public let standardOutput: Int32?
    /// The read end of the child's stderr, with `Output.pipe`.
    public let standardError: Int32?

    /// Starts `arguments` (the first a path, or with `searchingPath` a name looked up in `PATH`)
    /// with `environment` (nil: this process's).
    public init(
        _ arguments: [String], environment: [String: String]? = nil, searchingPath: Bool = false, input: Input = .nothing,
        output: Output = .discarded, error: Output = .standardOutput
    ) throws(StartError) {
        var opened: [Int32] = []
        func pipeEnds() throws(StartError) -> (read: Int32, write: Int32) {
            var ends: [Int32] = [-1, -1]
            guard fontd_pipe_cloexec(&ends) == 0 else {
                let error = fontd_errno()
                opened.forEach { close($0) }
                throw StartError(errno: error, program: arguments[0])
            }
            opened += ends
            return (ends[0], ends[1])
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        var all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // The parent's ends, and the child's, which the parent closes once it has started.
        var kept: [Int32?] = [nil, nil, nil]
        var childEnds: [Int32] = []
        switch input {
        case .nothing: posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        case .pipe:
            let ends = try pipeEnds()
            posix_spawn_file_actions_adddup2(&actions, ends.read, 0)
            kept[0] = ends.write
            childEnds.append(ends.read)
        }
        for (descriptor, destination) in [(Int32(1), output), (Int32(2), error)] {
            switch destination {
            case .discarded: posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", O_WRONLY, 0)
            case .file(let path): posix_spawn_file_actions_addopen(&actions, descriptor, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            case .pipe:
                let ends = try pipeEnds()
                posix_spawn_file_actions_adddup2(&actions, ends.write, descriptor)
                kept[Int(descriptor)] = ends.read
                childEnds.append(ends.write)
            case .standardOutput: posix_spawn_file_actions_adddup2(&actions, 1, descriptor)
            }
        }
        fontd_spawn_close_from(&actions, 3)
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { (argv + (envp ?? [])).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned =
            (envp ?? []).withUnsafeBufferPointer { given in
                let environment = envp == nil ? environ : UnsafeMutablePointer(mutating: given.baseAddress)
                return searchingPath
                    ? posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, environment)
                    : posix_spawn(&pid, arguments[0], &actions, &attributes, argv, environment)
            }
        childEnds.forEach { close($0) }
        guard spawned == 0 else {
            kept.compactMap { $0 }.forEach { close($0) }
            throw StartError(errno: spawned, program: arguments[0])
        }
        self.pid = pid
        (standardInput, standardOutput, standardError) = (kept[0], kept[1], kept[2])
    }

    /// Waits for the child to end and reaps it.
    public func wait() -> Termination {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return Termination(waitStatus: status)
    }

    /// How the child ended, reaping it, or nil while it runs.
    public func poll() -> Termination? {
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
        return Termination(waitStatus: status)
    }

    /// Reads `descriptor` until end of file, handing `each` every chunk as it comes, then closes it.
    public static func read(_ descriptor: Int32, each: (ArraySlice<UInt8>) -> Void) {
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = Glibc.read(descriptor, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            each(buffer[..<count])
        }
        close(descriptor)
    }

    /// Everything read from `descriptor` until end of file; the descriptor is then closed.
    public static func readToEnd(_ descriptor: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        read(descriptor) { bytes += $0 }
        return bytes
    }
}
