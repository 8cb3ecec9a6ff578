import Caching
import Glibc
import Testing

@testable import CommandLineCache

/// The cache file's format: what is written reads back, and nothing less than a whole file of
/// this version is read at all (docs/DESIGN.md §18).
struct StoredAnswerTests {
    static let answer = StoredAnswer(
        key: Array("3:key\n".utf8),
        inputs: [
            StampedPath(path: "/etc/fonts/fonts.conf", stamp: .present(
                device: 2049, inode: 131_077, bytes: 2_880, modifiedNanoseconds: 1_700_000_000_123_456_789,
                changedNanoseconds: 1_700_000_001_000_000_001)),
            StampedPath(path: "/home/reader/.config/fontconfig/fonts.conf", stamp: .absent(errno: ENOENT)),
            StampedPath(path: "/a path/with spaces\nand a line feed", stamp: .absent(errno: EACCES)),
        ],
        standardOutput: Array("{\n  \"style\" : \"body\"\n}\n".utf8) + [0, 255, 10],
        standardError: Array("fontd: there is no installed family named 'x'\n".utf8))

    @Test func anAnswerReadsBackAsItWasWritten() throws {
        #expect(try StoredAnswer(decoding: Self.answer.encoded()) == Self.answer)
        let empty = StoredAnswer(key: [], inputs: [], standardOutput: [], standardError: [])
        #expect(try StoredAnswer(decoding: empty.encoded()) == empty)
    }

    @Test func everyTruncationIsRefused() {
        let bytes = Self.answer.encoded()
        for length in 0..<bytes.count {
            #expect(throws: CommandLineCacheError.self, "cut at \(length) of \(bytes.count)") {
                try StoredAnswer(decoding: Array(bytes[..<length]))
            }
        }
    }

    @Test func everyAlteredByteIsRefused() {
        let bytes = Self.answer.encoded()
        for index in bytes.indices {
            var altered = bytes
            altered[index] ^= 0x20
            #expect(throws: CommandLineCacheError.self, "byte \(index) altered") { try StoredAnswer(decoding: altered) }
        }
    }

    @Test func anotherVersionIsRefused() throws {
        var bytes = Self.answer.encoded()
        let version = try #require(bytes.firstIndex(of: UInt8(ascii: "\n"))) - 1
        bytes[version] = UInt8(ascii: "2")
        #expect(throws: CommandLineCacheError.damaged("not a cache file of this version")) { try StoredAnswer(decoding: bytes) }
    }

    @Test func garbageAndBytesAfterTheEndAreRefused() {
        #expect(throws: CommandLineCacheError.self) { try StoredAnswer(decoding: Array("garbage".utf8)) }
        #expect(throws: CommandLineCacheError.self) { try StoredAnswer(decoding: Self.answer.encoded() + [10]) }
        #expect(throws: CommandLineCacheError.self) { try StoredAnswer(decoding: Self.answer.encoded() + Self.answer.encoded()) }
    }

    /// A field whose length runs past the end is refused even when the checksum over it is right
    /// (a writer's bug, not damage in transit).
    @Test func aFieldThatOverrunsIsRefusedEvenWithARightChecksum() {
        var body = StoredAnswer.header
        StoredAnswer.append(Array("key".utf8), to: &body)
        body += Array("999:x\n".utf8)
        let file = body + Array("checksum ".utf8) + StableHash.hex(of: body[...]) + [10]
        #expect(throws: CommandLineCacheError.damaged("a field overruns the file")) { try StoredAnswer(decoding: file) }
    }
}
