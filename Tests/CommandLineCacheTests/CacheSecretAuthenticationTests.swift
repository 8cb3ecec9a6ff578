import Crypto
import Testing

@testable import CommandLineCache

/// The cache's HMAC-SHA256 (docs/DESIGN.md §18 (The command line)), made over swift-crypto's `SHA256` with buffer
/// pointers: it gives RFC 4231's answers, and swift-crypto's own `HMAC<SHA256>`'s for keys and messages of every length around
/// the block's.
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
}
