/// SHA-256 (FIPS 180-4) over byte buffers, for the cache's HMAC (docs/DESIGN.md §18 (The command line)).
///
/// swift-crypto's `SHA256()` makes its generic digest context's metadata from a mangled name, and
/// checking that name's requirement scans every protocol conformance in the binary (~8,400): 0.46 M
/// of the 1.6 M instructions of a hit's `main` (callgrind), and ~80 page faults on those records.
/// This one is plain arithmetic on `UInt32`s; `CacheSecretAuthenticationTests` holds it to RFC
/// 4231's answers and to swift-crypto's `HMAC<SHA256>` for lengths around the block's.
struct SHA256Hasher {
    /// The bytes of a block.
    static let blockBytes = 64

    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    private var state: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]
    /// Bytes given but not hashed yet: fewer than a block.
    private var pending: [UInt8] = []
    private var totalBytes: UInt64 = 0

    /// The digest of `parts`, one after another.
    static func digest(of parts: [UInt8]...) -> [UInt8] {
        var hasher = SHA256Hasher()
        for part in parts { part.withUnsafeBytes { hasher.update($0) } }
        return hasher.finalize()
    }

    /// Adds `bytes` to what is hashed.
    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        totalBytes &+= UInt64(bytes.count)
        var rest = bytes[...]
        if !pending.isEmpty {
            let taken = min(Self.blockBytes - pending.count, rest.count)
            pending += rest.prefix(taken)
            rest = rest.dropFirst(taken)
            guard pending.count == Self.blockBytes else { return }
            pending.withUnsafeBytes { compress($0) }
            pending.removeAll(keepingCapacity: true)
        }
        while rest.count >= Self.blockBytes {
            compress(UnsafeRawBufferPointer(rebasing: rest.prefix(Self.blockBytes)))
            rest = rest.dropFirst(Self.blockBytes)
        }
        pending += rest
    }

    /// The 32-byte digest of everything added: the padding (a 1 bit, zeros, the length in bits) hashed last.
    mutating func finalize() -> [UInt8] {
        let bitCount = totalBytes &* 8
        var padding: [UInt8] = [0x80]
        padding += repeatElement(
            0, count: (Self.blockBytes - 9 - Int(totalBytes % UInt64(Self.blockBytes)) + Self.blockBytes) % Self.blockBytes)
        padding += (0..<8).map { UInt8(truncatingIfNeeded: bitCount >> (56 - 8 * $0)) }
        padding.withUnsafeBytes { update($0) }
        return state.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * $0)) } }
    }

    /// Hashes one 64-byte block into the state.
    private mutating func compress(_ block: UnsafeRawBufferPointer) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
            for index in 0..<16 {
                schedule[index] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self))
            }
            for index in 16..<64 {
                let early = schedule[index - 15]
                let late = schedule[index - 2]
                let sigma0 = Self.rotated(early, 7) ^ Self.rotated(early, 18) ^ (early >> 3)
                let sigma1 = Self.rotated(late, 17) ^ Self.rotated(late, 19) ^ (late >> 10)
                schedule[index] = schedule[index - 16] &+ sigma0 &+ schedule[index - 7] &+ sigma1
            }
            var (a, b, c, d) = (state[0], state[1], state[2], state[3])
            var (e, f, g, h) = (state[4], state[5], state[6], state[7])
            for index in 0..<64 {
                let sum1 = Self.rotated(e, 6) ^ Self.rotated(e, 11) ^ Self.rotated(e, 25)
                let choice = (e & f) ^ (~e & g)
                let first = h &+ sum1 &+ choice &+ Self.roundConstants[index] &+ schedule[index]
                let sum0 = Self.rotated(a, 2) ^ Self.rotated(a, 13) ^ Self.rotated(a, 22)
                let majority = (a & b) ^ (a & c) ^ (b & c)
                (h, g, f, e) = (g, f, e, d &+ first)
                (d, c, b, a) = (c, b, a, first &+ sum0 &+ majority)
            }
            for (index, word) in [a, b, c, d, e, f, g, h].enumerated() { state[index] &+= word }
        }
    }

    private static func rotated(_ word: UInt32, _ bits: UInt32) -> UInt32 {
        (word >> bits) | (word << (32 - bits))
    }
}
