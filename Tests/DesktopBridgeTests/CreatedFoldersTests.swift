import FontdTestSupport
import Foundation
import Glibc
import Testing

@testable import DesktopBridge

/// The record of the folders fontd makes (docs/DESIGN.md §35 (Editing a reader's file)): made
/// outermost first only when there is something to write, removed innermost first with the last
/// file, each only while empty and still the folder fontd made — in real folders.
@Suite struct CreatedFoldersTests {
    /// A temporary folder with a record path in it and `a/b/c/file` as the file to edit.
    struct Place {
        let root: String
        let record: String
        var file: String { root + "/a/b/c/file" }

        init() throws {
            root = try TestPaths.temporaryDirectory().path
            record = CreatedFolders.path(stateFolder: root + "/state")
        }

        func exists(_ relative: String) -> Bool { access(root + "/" + relative, F_OK) == 0 }
        var recorded: [String] { CreatedFolders.read(record).folders.map { String($0.path.dropFirst(root.count + 1)) } }
    }

    @Test func missingFoldersAreMadeOutermostFirstAndRemovedWithTheFile() throws {
        let place = try Place()
        let file = ReaderFile(path: place.file)
        #expect(try file.edit(recordingFoldersIn: place.record) { _ in .write(Array("x\n".utf8)) } == .written)
        #expect(place.recorded == ["a", "a/b", "a/b/c"])
        #expect(try file.edit(recordingFoldersIn: place.record) { _ in .remove } == .removed)
        #expect(!place.exists("a"))
        #expect(place.recorded == [])
    }

    @Test func nothingToWriteMakesNoFolder() throws {
        let place = try Place()
        #expect(try ReaderFile(path: place.file).edit(recordingFoldersIn: place.record) { _ in nil } == .unchanged)
        #expect(!place.exists("a"))
        #expect(!place.exists("state"))
    }

    @Test func aFolderWithTheReadersFileStaysAndSoDoTheFoldersAboveIt() throws {
        let place = try Place()
        let file = ReaderFile(path: place.file)
        try file.edit(recordingFoldersIn: place.record) { _ in .write(Array("x\n".utf8)) }
        try Data("mine\n".utf8).write(to: URL(fileURLWithPath: place.root + "/a/b/mine"))
        try file.edit(recordingFoldersIn: place.record) { _ in .remove }
        #expect(!place.exists("a/b/c"))
        #expect(place.exists("a/b/mine"))
        #expect(place.recorded == ["a", "a/b"])
    }

    @Test func aFolderTheReaderRemovedAndMadeAgainIsTheirs() throws {
        let place = try Place()
        let file = ReaderFile(path: place.file)
        try file.edit(recordingFoldersIn: place.record) { _ in .write(Array("x\n".utf8)) }
        // The reader moves fontd's `c` aside and makes a `c` of their own: another inode.
        #expect(rename(place.root + "/a/b/c", place.root + "/aside") == 0)
        #expect(mkdir(place.root + "/a/b/c", 0o755) == 0)
        try Data("x\n".utf8).write(to: URL(fileURLWithPath: place.file))
        try file.edit(recordingFoldersIn: place.record) { _ in .remove }
        #expect(place.exists("a/b/c"))
        #expect(place.recorded == ["a", "a/b"])
    }

    @Test func withoutARecordFoldersAreMadeButNeverRemoved() throws {
        let place = try Place()
        let file = ReaderFile(path: place.file)
        try file.edit(recordingFoldersIn: nil) { _ in .write(Array("x\n".utf8)) }
        try file.edit(recordingFoldersIn: nil) { _ in .remove }
        #expect(place.exists("a/b/c"))
        #expect(!place.exists("state"))
    }
}
