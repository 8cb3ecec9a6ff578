import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A program a test starts with `posix_spawn` and an empty signal mask rather than `Process`: a test
/// runs on a thread that blocks most signals, `Process` passes that mask on, and a daemon (a bus,
/// a portal, the services they start) would then not leave on SIGTERM.
package struct SpawnedProgram {
    /// A start that failed, with `posix_spawn`'s error number.
    package struct SpawnError: Error {
        package let errno: Int32
    }

    package let pid: pid_t

    /// Starts `arguments` with `environment`, stdin from /dev/null, stdout to `outputPath` (or
    /// /dev/null) and stderr to `errorPath` (or wherever stdout goes).
    ///
    /// - Throws: `SpawnError` with the `errno` of a failed start.
    package init(_ arguments: [String], environment: [String: String], outputPath: String? = nil, errorPath: String? = nil)
        throws(SpawnError)
    {
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
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        if let errorPath {
            posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        } else {
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let error = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard error == 0 else { throw SpawnError(errno: error) }
        self.pid = pid
    }

    /// Stops the program: SIGTERM, then SIGKILL after 5 s; waits for it.
    package func stop() {
        var status: Int32 = 0
        signalThenKill(pid, SIGTERM) { waitpid(pid, &status, WNOHANG) != 0 }
        // Reaps the child (at once if it has already been reaped above: waitpid then fails with ECHILD).
        waitpid(pid, &status, 0)
    }
}
