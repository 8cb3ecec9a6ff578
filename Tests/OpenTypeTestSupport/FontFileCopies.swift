import Crypto
import FontdTestSupport
import Foundation

/// Altered copies of a real font file, for the font-file rules of docs/DESIGN.md §22 (The web): a copy
/// whose licence forbids embedding, a copy inside a collection, a copy padded to any size.
/// Each is written into `directory` under `name` and its URL returned.
public enum FontFileCopies {
    /// The DejaVu Sans the copies start from.
    public static let original = URL(fileURLWithPath: PinnedFonts.fontDirectory).appendingPathComponent("DejaVuSans.ttf")

    /// The file's table records: tag, and where the record's offset field sits.
    private static func tableRecords(_ bytes: [UInt8], directory: Int) -> [(tag: String, offsetField: Int)] {
        let count = Int(bytes[directory + 4]) << 8 | Int(bytes[directory + 5])
        return (0..<count).map { table in
            let record = directory + 12 + table * 16
            return (String(decoding: bytes[record..<record + 4], as: UTF8.self), record + 8)
        }
    }

    private static func uint32(_ bytes: [UInt8], at offset: Int) -> Int {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }

    private static func setUInt32(_ value: Int, in bytes: inout [UInt8], at offset: Int) {
        for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (24 - 8 * index)) }
    }

    /// DejaVu Sans with its OS/2 `fsType` set to `flags` (2: restricted licence embedding),
    /// under a family name of its own is not needed: fontconfig lists the file as it is.
    public static func withEmbeddingFlags(_ flags: UInt16, in directory: URL, name: String = "Restricted.ttf") throws -> URL {
        var bytes = try [UInt8](Data(contentsOf: original))
        guard let os2 = tableRecords(bytes, directory: 0).first(where: { $0.tag == "OS/2" }) else {
            throw CocoaError(.fileReadCorruptFile)
        }
        let table = uint32(bytes, at: os2.offsetField)
        bytes[table + 8] = UInt8(flags >> 8)
        bytes[table + 9] = UInt8(flags & 0xFF)
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url
    }

    /// DejaVu Sans under the family name `family`: a new `name` table (Windows Unicode records
    /// only: family, subfamily `Book`, full and PostScript names) appended to the file, and the
    /// table record pointed at it. Font readers do not check table checksums.
    public static func withFamilyName(_ family: String, in directory: URL, name: String = "Renamed.ttf") throws -> URL {
        var bytes = try [UInt8](Data(contentsOf: original))
        guard let record = tableRecords(bytes, directory: 0).first(where: { $0.tag == "name" }) else {
            throw CocoaError(.fileReadCorruptFile)
        }
        let names: [(id: UInt16, text: String)] = [(1, family), (2, "Book"), (4, family + " Book"), (6, "Renamed-Book")]
        func uint16(_ value: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)] }
        var records: [UInt8] = []
        var strings: [UInt8] = []
        for (id, text) in names {
            let utf16 = text.utf16.flatMap { uint16(Int($0)) }
            // platform 3 (Windows), encoding 1 (Unicode BMP), language 0x0409 (English, US).
            records += uint16(3) + uint16(1) + uint16(0x0409) + uint16(Int(id)) + uint16(utf16.count) + uint16(strings.count)
            strings += utf16
        }
        let table = uint16(0) + uint16(names.count) + uint16(6 + records.count) + records + strings
        while bytes.count % 4 != 0 { bytes.append(0) }
        setUInt32(bytes.count, in: &bytes, at: record.offsetField)
        setUInt32(table.count, in: &bytes, at: record.offsetField + 4)
        bytes += table
        while bytes.count % 4 != 0 { bytes.append(0) }
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url
    }

    /// A one-face collection (`ttcf`) holding DejaVu Sans.
    public static func collection(in directory: URL, name: String = "Collection.ttc") throws -> URL {
        let font = try [UInt8](Data(contentsOf: original))
        let header = 16
        var bytes = Array("ttcf".utf8) + [0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, UInt8(header)] + font
        for record in tableRecords(bytes, directory: header) {
            setUInt32(uint32(bytes, at: record.offsetField) + header, in: &bytes, at: record.offsetField)
        }
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url
    }

    /// The SHA-256 of `bytes` in lowercase hex: a font file's name under `/font-files/`.
    public static func sha256(_ bytes: some DataProtocol) -> String {
        SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }

    /// The SHA-256 of the file at `url`.
    public static func sha256(of url: URL) throws -> String {
        sha256(try Data(contentsOf: url))
    }

    /// DejaVu Sans followed by zero bytes up to `totalBytes` (font readers ignore bytes no table points at).
    public static func padded(to totalBytes: Int, in directory: URL, name: String = "Large.ttf") throws -> URL {
        var bytes = try Data(contentsOf: original)
        if bytes.count < totalBytes { bytes.append(Data(count: totalBytes - bytes.count)) }
        let url = directory.appendingPathComponent(name)
        try bytes.write(to: url)
        return url
    }
}
