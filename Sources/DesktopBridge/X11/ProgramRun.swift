import Glibc

/// A short program run to its end: started with `posix_spawnp` (PATH and the environment are
/// fontd's), an empty signal mask (`serve` blocks SIGTERM and SIGHUP on every thread), `input` on
/// its stdin, its stderr kept, its stdout discarded unless asked for (then kept with stderr).
struct ProgramRun {
    /// A start that failed, with its error number.
    struct StartError: Error {
        var errno: Int32
    }

    /// The exit status; 128 + the signal for a program a signal ended.
    let status: Int32
    /// What it wrote to stderr (and stdout, when kept), trimmed.
    let standardError: String

    /// Runs `arguments` with `input` on its stdin; `keepingStandardOutput` keeps its stdout in
    /// `standardError` too (`xrdb -query`, which writes nothing to stderr when it succeeds).
    init(_ arguments: [String], input: String, keepingStandardOutput: Bool = false) throws(StartError) {
        var toChild: [Int32] = [0, 0]
        var fromChild: [Int32] = [0, 0]
        // pipe2 and O_CLOEXEC at once are _GNU_SOURCE, which Glibc's module leaves out; the flags
        // keep the ends out of programs other threads start meanwhile, bar this short window.
        guard pipe(&toChild) == 0 else { throw StartError(errno: errno) }
        guard pipe(&fromChild) == 0 else {
            let error = errno
            close(toChild[0])
            close(toChild[1])
            throw StartError(errno: error)
        }
        for end in toChild + fromChild { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
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
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        if keepingStandardOutput {
            posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 2)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, environ)
        close(toChild[0])
        close(fromChild[1])
        guard spawned == 0 else {
            close(toChild[1])
            close(fromChild[0])
            throw StartError(errno: spawned)
        }
        // A few bytes: the pipe holds them all, so writing before reading cannot deadlock.
        let bytes = Array(input.utf8)
        _ = bytes.withUnsafeBytes { write(toChild[1], $0.baseAddress, $0.count) }
        close(toChild[1])
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(fromChild[0], &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            output += buffer[..<count]
        }
        close(fromChild[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which do not import.
        self.status = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        standardError = String(decoding: output, as: UTF8.self).trimmingWhitespace()
    }
}

extension String {
    /// The text without white space at either end.
    fileprivate func trimmingWhitespace() -> String {
        var text = Substring(self)
        while let last = text.last, last.isWhitespace { text = text.dropLast() }
        while let first = text.first, first.isWhitespace { text = text.dropFirst() }
        return String(text)
    }
}
