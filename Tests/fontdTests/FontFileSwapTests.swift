import FontdTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
    import OpenTypeTestSupport
    import ServerTestSupport
#endif

/// `/font-files/<sha256>` sends only the file that was hashed (docs/DESIGN.md §22 (The web)): not another
/// file made to look like it at the same path, and not an edited one under its old hash.
@Suite(.ownThread) struct FontFileSwapTests {
    /// A font in a font directory of its own, 4 KiB of padding after its tables, served (once,
    /// before the test changes it) by a `fontd serve` that sees only it.
    struct ServedFont {
        let file: URL
        let hash: String
        let server: ServerProcess

        init(name: String) throws {
            let directory = try TestPaths.temporaryDirectory()
            let size = try #require(try FileManager.default.attributesOfItem(atPath: FontFileCopies.original.path)[.size] as? Int)
            file = try FontFileCopies.padded(to: size + 4096, in: directory, name: name)
            hash = try FontFileCopies.sha256(of: file)
            server = try ServerProcess(environment: PinnedFonts.environment(seeingOnly: directory))
            let css = try server.client.get("/css?category=xl").bodyText
            #expect(css.contains("url(\"/font-files/\(hash)\")"), "the stylesheet names the font: \(css.prefix(400))")
            let first = try server.client.get("/font-files/\(hash)")
            #expect(first.status == 200)
            #expect(FontFileCopies.sha256(first.body) == hash)
        }
    }

    /// Sets the access and modification times of `path` (not following a link) to `time`.
    static func setModificationTime(of path: String, to time: timespec) throws {
        guard utimensat(AT_FDCWD, path, [time, time], AT_SYMLINK_NOFOLLOW) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    }

    static func status(of path: String) throws -> stat {
        var status = stat()
        guard stat(path, &status) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        return status
    }

    /// A reported flaw: the font padded to a secret's size and given the secret's
    /// modification time, then replaced by a link to the secret, was sent as `font/ttf`.
    @Test func aFontSwappedForALinkToASecretOfItsSizeAndTimeIsNotSent() throws {
        let served = try ServedFont(name: "Swapped.ttf")
        let secret = try TestPaths.temporaryDirectory().appendingPathComponent("secret")
        let secretBytes = Array(String(repeating: "SECRET-KEY-MATERIAL ", count: 50_000).utf8)
        try Data(secretBytes).write(to: secret)
        chmod(secret.path, 0o600)
        let secretStatus = try Self.status(of: secret.path)

        guard truncate(served.file.path, secretStatus.st_size) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        try Self.setModificationTime(of: served.file.path, to: secretStatus.st_mtim)
        let link = served.file.deletingLastPathComponent().appendingPathComponent("link-being-swapped-in")
        #expect(symlink(secret.path, link.path) == 0)
        #expect(rename(link.path, served.file.path) == 0)

        let answer = try served.server.client.get("/font-files/\(served.hash)")
        #expect(answer.status == 404)
        #expect(try answer.json()["error"] == .string("notFound"))
        #expect(!answer.bodyText.contains("SECRET-KEY-MATERIAL"), "the secret was sent")
    }

    /// New bytes written into the same file, keeping its size and modification time: the old
    /// hash finds nothing, and the file is hashed again and sent under its new hash.
    @Test func aFontRewrittenInPlaceIsHashedAgain() throws {
        let served = try ServedFont(name: "Rewritten.ttf")
        let before = try Self.status(of: served.file.path)
        // The last byte is padding no table points at: the file is still the same font.
        var bytes = try [UInt8](Data(contentsOf: served.file))
        bytes[bytes.count - 1] ^= 0xFF
        let descriptor = open(served.file.path, O_WRONLY)
        #expect(descriptor >= 0)
        #expect(pwrite(descriptor, [bytes[bytes.count - 1]], 1, off_t(bytes.count - 1)) == 1)
        close(descriptor)
        try Self.setModificationTime(of: served.file.path, to: before.st_mtim)
        let newHash = FontFileCopies.sha256(bytes)
        #expect(newHash != served.hash)

        let old = try served.server.client.get("/font-files/\(served.hash)")
        #expect(old.status == 404)
        let new = try served.server.client.get("/font-files/\(newHash)")
        #expect(new.status == 200)
        #expect(new.body == bytes, "the new bytes, under their hash")
    }
}
