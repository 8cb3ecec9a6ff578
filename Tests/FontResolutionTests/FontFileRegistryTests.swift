import Caching
import FontResolution
import FontdTestSupport
import Foundation
import OpenTypeTestSupport
import Testing

/// The font files a stylesheet may name (docs/DESIGN.md §22 (The web)): hashed from their bytes, their
/// licence read from OS/2 `fsType`, collections and non-sfnt files left without a `url()`.
@Suite struct FontFileRegistryTests {
    @Test func aFileIsNamedByTheHashOfItsBytes() throws {
        let registry = FontFileRegistry()
        let original = FontFileCopies.original
        let hash = try #require(registry.urlHash(file: original.path, index: 0))
        #expect(hash == (try FontFileCopies.sha256(of: original)))
        guard case .file(let file) = registry.file(sha256: hash) else {
            Issue.record("\(hash) is not found")
            return
        }
        #expect(file.path == original.path)
        #expect(file.format.mediaType == "font/ttf")
        #expect(file.stamp == PathStamp(path: original.path))
    }

    @Test func onlyHashedFilesAreFound() throws {
        let registry = FontFileRegistry()
        #expect(registry.file(sha256: try FontFileCopies.sha256(of: FontFileCopies.original)) == .notFound, "nothing named it yet")
    }

    @Test(arguments: [UInt16(0x0002), 0x0200, 0x0202])
    func aLicenceThatForbidsEmbeddingGetsNoURL(flags: UInt16) throws {
        let directory = try TestPaths.temporaryDirectory()
        let copy = try FontFileCopies.withEmbeddingFlags(flags, in: directory)
        let registry = FontFileRegistry()
        #expect(registry.urlHash(file: copy.path, index: 0) == nil)
        guard case .forbidden(let file) = registry.file(sha256: try FontFileCopies.sha256(of: copy)) else {
            Issue.record("fsType \(flags) is not forbidden")
            return
        }
        #expect(file.embeddingFlags == flags)
    }

    @Test(arguments: [UInt16(0x0004), 0x0008, 0x000C, 0x0006, 0x000A])
    func previewPrintAndEditableLicencesPermitEmbedding(flags: UInt16) throws {
        let directory = try TestPaths.temporaryDirectory()
        let copy = try FontFileCopies.withEmbeddingFlags(flags, in: directory)
        let registry = FontFileRegistry()
        #expect(registry.urlHash(file: copy.path, index: 0) == (try FontFileCopies.sha256(of: copy)))
    }

    @Test func aCollectionsFirstFaceIsServedAsACollectionAndNoOtherFace() throws {
        let directory = try TestPaths.temporaryDirectory()
        let collection = try FontFileCopies.collection(in: directory)
        let registry = FontFileRegistry()
        #expect(registry.urlHash(file: collection.path, index: 1) == nil)
        let hash = try #require(registry.urlHash(file: collection.path, index: 0))
        guard case .file(let file) = registry.file(sha256: hash) else {
            Issue.record("the collection is not found")
            return
        }
        #expect(file.format.mediaType == "font/collection")
        #expect(file.embeddingFlags == 0, "read from the first face's OS/2 table")
    }

    @Test func aFileThatIsNotSfntGetsNoURL() throws {
        let directory = try TestPaths.temporaryDirectory()
        let woff = directory.appendingPathComponent("font.woff")
        try Data("wOFF and then nothing a browser needs from fontd".utf8).write(to: woff)
        let registry = FontFileRegistry()
        #expect(registry.urlHash(file: woff.path, index: 0) == nil)
        #expect(registry.urlHash(file: directory.appendingPathComponent("missing.ttf").path, index: 0) == nil)
        #expect(registry.urlHash(file: directory.path, index: 0) == nil, "a directory")
    }

    @Test func onlyADescriptorOnTheHashedFileIsConfirmed() throws {
        let directory = try TestPaths.temporaryDirectory()
        let copy = try FontFileCopies.padded(to: 0, in: directory)
        let registry = FontFileRegistry()
        let hash = try #require(registry.urlHash(file: copy.path, index: 0))
        guard case .file(let file) = registry.file(sha256: hash) else {
            Issue.record("\(hash) is not found")
            return
        }
        #expect(registry.confirm(file, opened: PathStamp(path: copy.path)))
        let lookalike = try FontFileCopies.padded(to: 0, in: directory, name: "Lookalike.ttf")
        #expect(!registry.confirm(file, opened: PathStamp(path: lookalike.path)), "the same bytes in another file")
        #expect(!registry.confirm(file, opened: nil), "a file that could not be opened")
        guard case .file = registry.file(sha256: hash) else {
            Issue.record("the unchanged file, hashed again, is not found")
            return
        }
    }

    @Test func anEditedFileAnswersOnlyToItsNewHash() throws {
        let directory = try TestPaths.temporaryDirectory()
        let copy = try FontFileCopies.padded(to: 0, in: directory)
        let registry = FontFileRegistry()
        let before = try #require(registry.urlHash(file: copy.path, index: 0))
        _ = try FontFileCopies.padded(to: 2_000_000, in: directory)  // same path, new bytes and size
        #expect(registry.file(sha256: before) == .notFound)
        let after = try #require(registry.urlHash(file: copy.path, index: 0))
        #expect(after != before)
        #expect(after == (try FontFileCopies.sha256(of: copy)))
        guard case .file = registry.file(sha256: after) else {
            Issue.record("the new hash is not found")
            return
        }
    }
}

@Suite struct FullNameTests {
    @Test(arguments: [
        ("DejaVuSans.ttf", "DejaVu Sans"), ("DejaVuSans-Bold.ttf", "DejaVu Sans Bold"), ("DejaVuSerif-Italic.ttf", "DejaVu Serif Italic"),
    ])
    func fontconfigGivesTheFaceItsFullName(file: String, fullName: String) {
        let path = URL(fileURLWithPath: PinnedFonts.fontDirectory).appendingPathComponent(file).path
        #expect(Fixtures.resolver.catalog.fullName(file: path, index: 0) == fullName)
    }

    @Test func aFaceFontconfigDoesNotListHasNone() {
        #expect(Fixtures.resolver.catalog.fullName(file: "/nonexistent/font.ttf", index: 0) == nil)
        #expect(Fixtures.resolver.catalog.fullName(file: FontFileCopies.original.path, index: 3) == nil)
    }
}
