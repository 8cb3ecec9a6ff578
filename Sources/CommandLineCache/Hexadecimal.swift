/// Bytes written as lowercase hexadecimal digits, two a byte, and read back: the cache's file
/// names and the HMAC line of its entries (docs/DESIGN.md §18 (The command line)).
enum Hexadecimal {
    private static let alphabet = Array("0123456789abcdef".utf8)

    /// `bytes` as lowercase hexadecimal digits, two a byte.
    static func digits(of bytes: [UInt8]) -> [UInt8] {
        bytes.flatMap { [alphabet[Int($0 >> 4)], alphabet[Int($0 & 0xf)]] }
    }

    /// The bytes that lowercase hexadecimal `text` (two digits a byte) spells; nil for anything else.
    static func bytes(of text: ArraySlice<UInt8>) -> [UInt8]? {
        guard text.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count / 2)
        var high: UInt8?
        for digit in text {
            let value: UInt8
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = digit - UInt8(ascii: "a") + 10
            default: return nil
            }
            if let first = high {
                bytes.append(first << 4 | value)
                high = nil
            } else {
                high = value
            }
        }
        return bytes
    }
}
