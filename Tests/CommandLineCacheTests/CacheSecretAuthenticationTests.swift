import Crypto
import Testing

@testable import CommandLineCache

/// The cache's HMAC-SHA256 (docs/DESIGN.md §18 (The command line)), made over its own `SHA256Hasher`: it gives
/// RFC 4231's answers, and swift-crypto's own `HMAC<SHA256>`'s for keys and messages of every length
/// around the block's.
struct CacheSecretAuthenticationTests {
    private static func hexadecimal(_ text: String) -> [UInt8] {
        Hexadecimal.bytes(of: Array(text.utf8)[...]) ?? []
    }

    /// RFC 4231 §4.2, §4.3 and §4.7: a 20-byte key, a short key, and a 131-byte key (hashed first).
    @Test(arguments: [
        (
            "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b", Array("Hi There".utf8),
            "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
        ),
        ("4a656665", Array("what do ya want for nothing?".utf8), "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
        (
            String(repeating: "aa", count: 131), Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
            "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
        ),
    ])
    func answersAsRFC4231(key: String, message: [UInt8], expected: String) {
        let secret = CacheSecret(bytes: Self.hexadecimal(key))
        #expect(secret.authenticationCode(of: message[...]) == Self.hexadecimal(expected))
        #expect(secret.isAuthenticationCode(Self.hexadecimal(expected), of: message[...]))
    }

    /// The same code as `HMAC<SHA256>` for keys and messages of 0 to 130 bytes; one flipped bit, or a code cut short, is refused.
    @Test func agreesWithSwiftCrypto() {
        for keyBytes in [0, 1, 31, 32, 33, 63, 64, 65, 130] {
            let key = (0..<keyBytes).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 1) }
            let secret = CacheSecret(bytes: key)
            for messageBytes in [0, 1, 55, 56, 63, 64, 65, 119, 120, 128, 130] {
                let message = (0..<messageBytes).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 5) }
                let expected = Array(HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: key)))
                let code = secret.authenticationCode(of: message[...])
                #expect(code == expected, "key \(keyBytes) bytes, message \(messageBytes) bytes")
                #expect(secret.isAuthenticationCode(code, of: message[...]))
                var flipped = code
                flipped[messageBytes % 32] ^= 0x10
                #expect(!secret.isAuthenticationCode(flipped, of: message[...]))
                #expect(!secret.isAuthenticationCode(Array(code.dropLast()), of: message[...]))
            }
        }
    }

    /// FIPS 180-4's examples, and a million `a`s given in uneven pieces.
    @Test func hashesAsFIPS180() {
        #expect(SHA256Hasher.digest(of: []) == Self.hexadecimal("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"))
        #expect(
            SHA256Hasher.digest(of: Array("abc".utf8))
                == Self.hexadecimal("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"))
        #expect(
            SHA256Hasher.digest(of: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == Self.hexadecimal("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"))
        var hasher = SHA256Hasher()
        var given = 0
        while given < 1_000_000 {
            let piece = [UInt8](repeating: UInt8(ascii: "a"), count: min(1 + given % 97, 1_000_000 - given))
            piece.withUnsafeBytes { hasher.update($0) }
            given += piece.count
        }
        #expect(hasher.finalize() == Self.hexadecimal("cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"))
    }
}
