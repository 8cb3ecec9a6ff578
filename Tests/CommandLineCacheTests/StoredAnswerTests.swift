import Caching
import Glibc
import Testing

@testable import CommandLineCache

/// The cache file's format: what is written reads back, and nothing less than a whole file of
/// this version, authenticated with the user's key and listing its inputs, is read at all
/// (docs/DESIGN.md §18 (The command line)).
struct StoredAnswerTests {
    static let secret = CacheSecret(bytes: Array(0..<32))
    static let answer = StoredAnswer(
        key: Array("3:key\n".utf8),
        inputs: [
            StampedPath(
                path: "/etc/fonts/fonts.conf",
                stamp: .present(
                    device: 2049, inode: 131_077, bytes: 2_880, modifiedNanoseconds: 1_700_000_000_123_456_789,
                    changedNanoseconds: 1_700_000_001_000_000_001)),
            StampedPath(path: "/home/reader/.config/fontconfig/fonts.conf", stamp: .absent(errno: ENOENT)),
            StampedPath(path: "/a path/with spaces\nand a line feed", stamp: .absent(errno: EACCES)),
        ],
        standardOutput: Array("{\n  \"style\" : \"body\"\n}\n".utf8) + [0, 255, 10],
        standardError: Array("fontd: there is no installed family named 'x'\n".utf8))

    @Test func anAnswerReadsBackAsItWasWritten() throws {
        #expect(try StoredAnswer(decoding: Self.answer.encoded(with: Self.secret), with: Self.secret) == Self.answer)
        let empty = StoredAnswer(key: [], inputs: Array(Self.answer.inputs.prefix(1)), standardOutput: [], standardError: [])
        #expect(try StoredAnswer(decoding: empty.encoded(with: Self.secret), with: Self.secret) == empty)
    }

    /// An answer with no inputs would never be stale; even authenticated, it is refused.
    @Test func anAnswerListingNoInputsIsRefused() {
        let answer = StoredAnswer(key: Self.answer.key, inputs: [], standardOutput: [1], standardError: [])
        #expect(throws: CommandLineCacheError.damaged("it lists no inputs")) {
            try StoredAnswer(decoding: answer.encoded(with: Self.secret), with: Self.secret)
        }
    }

    /// A whole, right file made with another key is refused: only the user's key makes entries.
    @Test func anAnswerMadeWithAnotherKeyIsRefused() {
        let other = CacheSecret(bytes: Array(repeating: 0, count: 32))
        #expect(throws: CommandLineCacheError.damaged("its HMAC does not match: truncated, altered, or made with another key")) {
            try StoredAnswer(decoding: Self.answer.encoded(with: other), with: Self.secret)
        }
    }

    @Test func everyTruncationIsRefused() {
        let bytes = Self.answer.encoded(with: Self.secret)
        for length in 0..<bytes.count {
            #expect(throws: CommandLineCacheError.self, "cut at \(length) of \(bytes.count)") {
                try StoredAnswer(decoding: Array(bytes[..<length]), with: Self.secret)
            }
        }
    }

    @Test func everyAlteredByteIsRefused() {
        let bytes = Self.answer.encoded(with: Self.secret)
        for index in bytes.indices {
            var altered = bytes
            altered[index] ^= 0x20
            #expect(throws: CommandLineCacheError.self, "byte \(index) altered") { try StoredAnswer(decoding: altered, with: Self.secret) }
        }
    }

    @Test func anotherVersionIsRefused() throws {
        var bytes = Self.answer.encoded(with: Self.secret)
        let version = try #require(bytes.firstIndex(of: UInt8(ascii: "\n"))) - 1
        bytes[version] = UInt8(ascii: "1")
        #expect(throws: CommandLineCacheError.damaged("not a cache file of this version")) {
            try StoredAnswer(decoding: bytes, with: Self.secret)
        }
    }

    @Test func garbageAndBytesAfterTheEndAreRefused() {
        let bytes = Self.answer.encoded(with: Self.secret)
        #expect(throws: CommandLineCacheError.self) { try StoredAnswer(decoding: Array("garbage".utf8), with: Self.secret) }
        #expect(throws: CommandLineCacheError.self) { try StoredAnswer(decoding: bytes + [10], with: Self.secret) }
        #expect(throws: CommandLineCacheError.self) { try StoredAnswer(decoding: bytes + bytes, with: Self.secret) }
    }

    /// A field whose length runs past the end is refused even when the HMAC over it is right
    /// (a writer's bug, not damage in transit).
    @Test func aFieldThatOverrunsIsRefusedEvenWithARightHMAC() {
        var body = StoredAnswer.header
        StoredAnswer.append(Array("key".utf8), to: &body)
        body += Array("999:x\n".utf8)
        let file = body + Array("hmac-sha256 ".utf8) + Hexadecimal.digits(of: Self.secret.authenticationCode(of: body[...])) + [10]
        #expect(throws: CommandLineCacheError.damaged("a field overruns the file")) { try StoredAnswer(decoding: file, with: Self.secret) }
    }
}
