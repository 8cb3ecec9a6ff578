/// FNV-1a, 64 bits: the same on every run and machine (Swift's `Hasher` is seeded per process),
/// for naming a key's file. It is no check of the file's contents: entries carry an HMAC made
/// with the user's key for that (`CacheSecret`).
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
        Hexadecimal.digits(of: withUnsafeBytes(of: value(of: bytes).bigEndian) { Array($0) })
    }
}
