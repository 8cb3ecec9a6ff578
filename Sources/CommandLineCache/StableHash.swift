/// FNV-1a, 64 bits: the same on every run and machine (Swift's `Hasher` is seeded per process),
/// for naming a key's file and checking that a file is whole. Not a defence against anyone who
/// can write the cache directory; they can write the user's shell start-up files too.
enum StableHash {
    static func value(of bytes: ArraySlice<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// The hash as 16 lowercase hexadecimal digits.
    static func hex(of bytes: ArraySlice<UInt8>) -> [UInt8] {
        let digits = Array("0123456789abcdef".utf8)
        let hash = value(of: bytes)
        return (0..<16).map { index in digits[Int((hash >> UInt64(60 - 4 * index)) & 0xf)] }
    }
}
