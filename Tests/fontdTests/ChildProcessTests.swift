import FontdTestSupport
import Foundation
import ProcessSpawning
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `ChildProcess`, the long-running child of the test support (docs/DESIGN.md §2 (Modules and their
/// arrows)): reaped once, and read through the names Foundation's `Process` gives the same facts.
@Suite(.ownThread) struct ChildProcessTests {
    @Test func anExitStatusIsReadAsProcessReadsIt() throws {
        let child = try ChildProcess(["/bin/sh", "-c", "exit 3"])
        #expect(child.waitUntilExit() == .exited(3))
        #expect(!child.isRunning)
        #expect(child.terminationReason == .exit)
        #expect(child.terminationStatus == 3)
        // Asked again, the record answers: the child is reaped once.
        #expect(child.waitUntilExit() == .exited(3))
    }

    @Test func aChildStartedFromATestThreadLeavesOnSIGTERM() throws {
        let child = try ChildProcess(["/bin/sleep", "30"])
        #expect(child.isRunning)
        // The child's signal mask is empty whatever the test's thread blocks, so SIGTERM ends it
        // well before the 5 s after which `terminate` would kill it (and answer nil).
        #expect(child.terminate(timeoutSeconds: 5) == .signalled(SIGTERM))
        #expect(child.terminationReason == .uncaughtSignal)
        #expect(child.terminationStatus == SIGTERM)
        #expect(!child.isRunning)
    }
}
