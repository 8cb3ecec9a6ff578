import FontdTestSupport
import Foundation
import Glibc
import Testing

@testable import DesktopBridge

/// What a fontd killed in the middle of an edit leaves beside a reader's file, and what the next edit
/// removes of it (docs/DESIGN.md §35 (Editing a reader's file)): only a temporary file of a process no
/// longer running that still is the file it made — never the reader's displaced file, never a live
/// writer's, never another name.
@Suite struct ReaderFileLeftoversTests {
    /// A process id that no process has: a child that has exited and been waited for.
    static func goneProcess() throws -> pid_t {
        let child = try ChildProcess(["/bin/true"])
        child.waitUntilExit()
        return child.processIdentifier
    }

    /// Makes a file beside `target` holding `text`, named as a temporary file of `process`; its name
    /// carries the file's own inode, or `inode` when given (what the name says after an exchange).
    static func leftover(beside target: String, by process: pid_t, text: String, inode: ino_t? = nil) throws -> String {
        let folder = (target as NSString).deletingLastPathComponent
        let made = folder + "/.made"
        #expect(FileManager.default.createFile(atPath: made, contents: Data(text.utf8)))
        var status = stat()
        #expect(lstat(made, &status) == 0)
        let name = ReaderFile.temporaryPrefix(of: target) + "\(process)-\(inode ?? status.st_ino)"
        #expect(rename(made, folder + "/" + name) == 0)
        return name
    }

    static func names(in folder: String) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: folder))
    }

    @Test func aKilledWritersNewBytesGoWithTheNextEdit() throws {
        let target = try ReaderFileTests.file("font_size 11.0\n")
        let folder = (target as NSString).deletingLastPathComponent
        let name = try Self.leftover(beside: target, by: try Self.goneProcess(), text: "font_size 20.6\n")
        let outcome = try ReaderFile(path: target).edit { _ throws(ReaderFileError) in nil }
        #expect(outcome == .unchanged)
        #expect(try Self.names(in: folder) == ["settings"], "\(name)")
        #expect(ReaderFileTests.text(target) == "font_size 11.0\n")
    }

    @Test func theReadersDisplacedFileALiveWritersAndOtherNamesStay() throws {
        let target = try ReaderFileTests.file("font_size 11.0\n")
        let folder = (target as NSString).deletingLastPathComponent
        let gone = try Self.goneProcess()
        // After an exchange the name holds what stood at the target: another inode than the name says.
        let displaced = try Self.leftover(beside: target, by: gone, text: "font_size 12.0\n", inode: 1)
        // A process that runs: the test's parent.
        let live = try Self.leftover(beside: target, by: getppid(), text: "font_size 20.6\n")
        let theirs = ".settings.fontd-backup"
        #expect(FileManager.default.createFile(atPath: folder + "/" + theirs, contents: Data("mine\n".utf8)))
        _ = try ReaderFile(path: target).edit { bytes throws(ReaderFileError) in .write((bytes ?? []) + Array("# more\n".utf8)) }
        #expect(try Self.names(in: folder) == ["settings", displaced, live, theirs])
        #expect(ReaderFileTests.text(folder + "/" + displaced) == "font_size 12.0\n")
    }
}
