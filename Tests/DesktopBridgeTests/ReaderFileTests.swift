import FontdTestSupport
import Foundation
import Glibc
import Testing

@testable import DesktopBridge

/// `ReaderFile`'s rules as values on real files (docs/DESIGN.md §35 (Editing a reader's file)): a
/// change another program makes between fontd's read and its swap is never overwritten, in place or
/// by a rename; links are followed and stay; KConfig's lock is taken, waited for, and a stale one removed.
@Suite struct ReaderFileTests {
    static func file(_ text: String) throws -> String {
        let path = try TestPaths.temporaryDirectory().appendingPathComponent("settings").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
        return path
    }

    static func text(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// An edit that appends `line`, the first time after `writer` has changed the file under it.
    static func appending(_ line: String, to path: String, writer: @escaping () throws -> Void) throws -> (ReaderFile.Outcome, Int) {
        var calls = 0
        let outcome = try ReaderFile(path: path).edit { bytes throws(ReaderFileError) in
            calls += 1
            if calls == 1 { try? writer() }
            return .write((bytes ?? []) + Array(line.utf8))
        }
        return (outcome, calls)
    }

    @Test func aRenameBetweenTheReadAndTheSwapIsKeptAndTheEditStartsOver() throws {
        let path = try Self.file("reader\n")
        let (outcome, calls) = try Self.appending("fontd\n", to: path) {
            try Data("reader\nwriter\n".utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        }
        #expect(outcome == .written && calls == 2)
        #expect(Self.text(path) == "reader\nwriter\nfontd\n")
    }

    @Test func anInPlaceWriteBetweenTheReadAndTheSwapIsKeptAndTheEditStartsOver() throws {
        let path = try Self.file("reader\n")
        let (outcome, calls) = try Self.appending("fontd\n", to: path) {
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.truncate(atOffset: 0)
            try handle.write(contentsOf: Data("reader\nin place\n".utf8))
            try handle.close()
        }
        #expect(outcome == .written && calls == 2)
        #expect(Self.text(path) == "reader\nin place\nfontd\n")
    }

    @Test func anXSettingsConfigurationLinkedIntoDotfilesStaysALink() throws {
        let folder = try TestPaths.temporaryDirectory().path
        let original = "Net/ThemeName \"Adwaita\"\r\n"
        #expect(FileManager.default.createFile(atPath: folder + "/dotfile", contents: Data(original.utf8)))
        try FileManager.default.createSymbolicLink(atPath: folder + "/xsettingsd.conf", withDestinationPath: "dotfile")
        #expect(try XSettingsConfiguration.update(161792, at: folder + "/xsettingsd.conf"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/xsettingsd.conf") == "dotfile")
        #expect(Self.text(folder + "/dotfile") == original + "Xft/DPI 161792\r\n")
        #expect(try XSettingsConfiguration.update(nil, at: folder + "/xsettingsd.conf"))
        #expect(Self.text(folder + "/dotfile") == original)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/xsettingsd.conf") == "dotfile")

        try FileManager.default.createSymbolicLink(atPath: folder + "/dangling.conf", withDestinationPath: folder + "/missing")
        #expect(throws: X11Failure.self) { try XSettingsConfiguration.update(161792, at: folder + "/dangling.conf") }
        #expect(!FileManager.default.fileExists(atPath: folder + "/missing"))
    }

    @Test func aStaleKConfigLockIsRemovedAndALiveOneIsWaitedFor() throws {
        let path = try Self.file("[General]\nfont=Noto Sans,10\n")
        let exited = try ChildProcess(["/bin/true"])
        _ = exited.waitUntilExit()
        let machine = (Self.text("/etc/machine-id") ?? "").trimmingCharacters(in: .newlines)
        let boot = (Self.text("/proc/sys/kernel/random/boot_id") ?? "").trimmingCharacters(in: .newlines)
        let stale = "\(exited.processIdentifier)\nkwriteconfig5\n\(ProcessInfo.processInfo.hostName)\n\(machine)\n\(boot)\n"
        #expect(FileManager.default.createFile(atPath: path + ".lock", contents: Data(stale.utf8)))
        let file = ReaderFile(path: path, lock: .kconfig)
        #expect(try file.edit { _ in .write(Array("[General]\nfont=Noto Sans,12\n".utf8)) } == .written)
        #expect(!FileManager.default.fileExists(atPath: path + ".lock"))

        let sleeper = try ChildProcess(["/bin/sleep", "30"])
        defer { sleeper.kill() }
        let live = "\(sleeper.processIdentifier)\nsleep\n\(ProcessInfo.processInfo.hostName)\n\(machine)\n\(boot)\n"
        #expect(FileManager.default.createFile(atPath: path + ".lock", contents: Data(live.utf8)))
        #expect(throws: ReaderFileError.self) { try file.edit { _ in .write(Array("[General]\nfont=Noto Sans,14\n".utf8)) } }
        #expect(Self.text(path) == "[General]\nfont=Noto Sans,12\n")
        #expect(FileManager.default.fileExists(atPath: path + ".lock"))
    }

    @Test func anEmptySettingsFileIsNeverTakenForNoSettings() throws {
        let home = try TemporaryHome()
        try home.write("", to: "config/Code/User/settings.json")
        let code = try VisualStudioCode(environment: home.environment(["PATH": "/nonexistent"]))
        let path = home.configHome.path + "/Code/User/settings.json"
        #expect(throws: TerminalTargetError.file(.empty(file: path, looks: ReaderFile.looks))) {
            try code.apply(TerminalFontSize(points: 19, family: "DejaVu Sans Mono"))
        }
        #expect(home.text("config/Code/User/settings.json") == "")
    }
}
