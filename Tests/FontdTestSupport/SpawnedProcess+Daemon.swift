import Foundation
import ProcessSpawning

#if canImport(Glibc)
    import Glibc
#endif

/// A daemon a test starts (a bus, a portal, a display, a terminal) as a `SpawnedProcess` rather
/// than with `Process`: a test runs on a thread that blocks most signals, `Process` passes that
/// mask on, and a daemon (and the services it starts) would then not leave on SIGTERM.
extension SpawnedProcess {
    /// Starts `arguments` with `environment`, stdin from /dev/null, stdout to `outputPath` (or
    /// /dev/null) and stderr to `errorPath` (or wherever stdout goes).
    ///
    /// - Throws: `StartError` with the `errno` of a failed start.
    package init(_ arguments: [String], environment: [String: String], outputPath: String? = nil, errorPath: String? = nil)
        throws(StartError)
    {
        try self.init(
            arguments, environment: environment, output: outputPath.map(Output.file) ?? .discarded,
            error: errorPath.map(Output.file) ?? .standardOutput)
    }

    /// Stops the program: SIGTERM, then SIGKILL after 5 s; waits for it.
    package func stop() {
        var ended = false
        signalThenKill(pid, SIGTERM) {
            ended = poll() != nil
            return ended
        }
        // Reaps the child, unless polling above already has.
        if !ended { _ = wait() }
    }
}
