import DesktopTestSupport
import FontdTestSupport
import Foundation
import ProcessSpawning
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What the headless Shell's start releases (`HeadlessShell.forksStuckBeforeExec`): a child of the Shell still named
/// gnome-shell some seconds after its fork, which gnome-shell 43's JavaScript child setup can leave waiting forever before its
/// exec (docs/DESIGN.md §37 (The reader's control) runs a real Shell). Here the child is this process's own: a bash
/// that names itself gnome-shell and then blocks without an exec.
@Suite(.ownThread) struct StuckForkTests {
    @Test func aChildNamedGnomeShellIsFoundOnceOldEnoughAndOnlyForItsParent() throws {
        let fifo = try TestPaths.temporaryDirectory().appendingPathComponent("never-written").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // Opening a FIFO that no one writes blocks: the shell stays, named gnome-shell, without an exec.
        let child = try SpawnedProcess(["/bin/bash", "-c", "printf gnome-shell > /proc/$$/comm; read < '\(fifo)'"], environment: [:])
        defer { child.stop() }
        try Wait.until("the child to name itself gnome-shell") {
            (try? String(contentsOfFile: "/proc/\(child.pid)/comm", encoding: .utf8)) == "gnome-shell\n"
        }
        #expect(HeadlessShell.forksStuckBeforeExec(of: getpid(), olderThan: -1).contains(child.pid))  // at any age
        // Not before its age: a child about to exec is left alone.
        #expect(!HeadlessShell.forksStuckBeforeExec(of: getpid(), olderThan: 3600).contains(child.pid))
        // Not another process's child.
        #expect(!HeadlessShell.forksStuckBeforeExec(of: 1, olderThan: -1).contains(child.pid))
    }
}
