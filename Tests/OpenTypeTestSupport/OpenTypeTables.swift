import Foundation

/// Tables of one face of an sfnt font file, read straight from the bytes so tests can check FreeType's metrics independently.
///
/// Every read is bounds-checked: a truncated or corrupt file throws an `OpenTypeTablesError`.
// The public API throws untyped on purpose: with `throws(OpenTypeTablesError)`, Swift 6.3.1 crashed compiling a caller's
// `catch OpenTypeTablesError.noOutline` in top-level code ("Found outside of lifetime use?!").
public struct OpenTypeTables: Sendable {
    /// The font's design units per em (`head.unitsPerEm`), the scale of every other value here.
    public let unitsPerEm: Int
    /// The horizontal header's vertical metrics (`hhea`).
    public let hhea: HorizontalHeader
    /// The OS/2 metrics, or nil when the font has no OS/2 table.
    public let os2: OS2?
    /// The underline metrics of the `post` table, or nil when the font has none.
    public let post: PostScriptTable?
    /// The tags of the face's table directory, in directory order, e.g. `["OS/2", "cmap", "glyf", …]`.
    public let tableTags: [String]

    let directory: TableDirectory
    private let indexToLocFormat: Int

    /// Reads the face at `faceIndex` of the font file at `url`: 0..<n in a TrueType Collection (`ttcf`), only 0 in a plain font.
    public init(contentsOf url: URL, faceIndex: Int = 0) throws {
        let path = url.path(percentEncoded: false)
        let bytes: [UInt8]
        do { bytes = [UInt8](try Data(contentsOf: url)) } catch {
            throw OpenTypeTablesError.unreadable(file: path, reason: error.localizedDescription)
        }
        let file = ByteView(bytes: bytes, range: bytes.indices, path: path, what: "file")
        directory = try TableDirectory(file: file, faceIndex: faceIndex)
        tableTags = directory.tags

        let head = try directory.table("head")
        guard try head.u32(12) == 0x5F0F_3CF5 else {
            throw OpenTypeTablesError.malformed(file: path, what: "'head' table", reason: "magicNumber is not 0x5F0F3CF5")
        }
        unitsPerEm = try head.u16(18)
        guard unitsPerEm > 0 else {
            throw OpenTypeTablesError.malformed(file: path, what: "'head' table", reason: "unitsPerEm is 0")
        }
        indexToLocFormat = try head.i16(50)
        hhea = try HorizontalHeader(try directory.table("hhea"))
        os2 = try directory.optionalTable("OS/2").map(OS2.init)
        post = try directory.optionalTable("post").map(PostScriptTable.init)
    }

    /// The glyph id the Unicode cmap maps `scalar` to, or nil when it is unmapped (maps to `.notdef`).
    ///
    /// Reads format 4 and format 12 subtables, preferring platform 3 encoding 10, then 3/1, then platform 0.
    public func glyphID(for scalar: Unicode.Scalar) throws -> Int? {
        let subtable = try unicodeSubtable()
        let code = Int(scalar.value)
        let glyph =
            switch try subtable.u16(0) {
            case 4: try Self.format4Glyph(for: code, in: subtable)
            default: try Self.format12Glyph(for: code, in: subtable)
            }
        // Glyph 0 is .notdef, the spec's "missing glyph".
        return glyph == 0 ? nil : glyph
    }

    /// The top of `scalar`'s glyph bounding box (`yMax` of its `glyf` header), in font units.
    ///
    /// Throws when the character is unmapped, its glyph is empty, or the font has no TrueType outlines (CFF only).
    public func glyphTop(of scalar: Unicode.Scalar) throws -> Int {
        let path = directory.file.path
        guard let glyph = try glyphID(for: scalar) else {
            throw OpenTypeTablesError.unmappedCharacter(file: path, scalar: scalar)
        }
        guard let glyf = try directory.optionalTable("glyf") else {
            throw OpenTypeTablesError.noOutline(file: path, scalar: scalar, reason: "the font has no 'glyf' table (CFF outlines)")
        }
        let loca = try directory.table("loca")
        let start: Int
        let end: Int
        switch indexToLocFormat {
        // head.indexToLocFormat 0: 'loca' holds offset/2 as uint16; 1: the offset itself as uint32.
        case 0: (start, end) = (try loca.u16(2 * glyph) * 2, try loca.u16(2 * glyph + 2) * 2)
        case 1: (start, end) = (try loca.u32(4 * glyph), try loca.u32(4 * glyph + 4))
        default:
            throw OpenTypeTablesError.malformed(
                file: path, what: "'head' table", reason: "indexToLocFormat is \(indexToLocFormat), not 0 or 1")
        }
        guard start != end else {
            throw OpenTypeTablesError.noOutline(file: path, scalar: scalar, reason: "glyph \(glyph) is empty")
        }
        guard start < end else {
            throw OpenTypeTablesError.malformed(
                file: path, what: "'loca' table", reason: "glyph \(glyph) ends (\(end)) before it starts (\(start))")
        }
        return try glyf.view(at: start, length: end - start, what: "glyph \(glyph)").i16(8)
    }

    /// The preferred Unicode cmap subtable, viewed up to the end of 'cmap' because format 4 `length` fields are often wrong.
    private func unicodeSubtable() throws(OpenTypeTablesError) -> ByteView {
        let cmap = try directory.table("cmap")
        var best: (score: Int, offset: Int)?
        for index in 0..<(try cmap.u16(2)) {
            let record = 4 + 8 * index
            let rank: Int? =
                switch (try cmap.u16(record), try cmap.u16(record + 2)) {
                case (3, 10): 0
                case (3, 1): 2
                case (0, _): 4
                default: nil
                }
            guard let rank else { continue }
            let offset = try cmap.u32(record + 4)
            let format = try cmap.u16(offset)
            guard format == 4 || format == 12 else { continue }
            // Among equally preferred encodings, format 12 covers the full repertoire.
            let score = rank + (format == 12 ? 0 : 1)
            if score < best?.score ?? .max { best = (score, offset) }
        }
        guard let best else {
            throw .malformed(
                file: directory.file.path, what: "'cmap' table",
                reason: "no format 4 or 12 subtable for platform/encoding 3/10, 3/1 or 0/*")
        }
        return try cmap.view(at: best.offset, length: cmap.range.count - best.offset, what: "cmap subtable")
    }

    private static func format4Glyph(for code: Int, in table: ByteView) throws(OpenTypeTablesError) -> Int {
        guard code <= 0xFFFF else { return 0 }
        let segments = try table.u16(6) / 2
        let endCodes = 14
        let startCodes = 16 + 2 * segments
        let idDeltas = startCodes + 2 * segments
        let idRangeOffsets = idDeltas + 2 * segments
        for segment in 0..<segments where try table.u16(endCodes + 2 * segment) >= code {
            let start = try table.u16(startCodes + 2 * segment)
            guard start <= code else { return 0 }
            let delta = try table.u16(idDeltas + 2 * segment)
            let rangeOffsetPosition = idRangeOffsets + 2 * segment
            let rangeOffset = try table.u16(rangeOffsetPosition)
            // idRangeOffset 0: glyph = code + idDelta (mod 65536); otherwise it points into glyphIdArray
            // relative to its own position, and a non-zero entry still gets idDelta added.
            if rangeOffset == 0 { return (code + delta) & 0xFFFF }
            let glyph = try table.u16(rangeOffsetPosition + rangeOffset + 2 * (code - start))
            return glyph == 0 ? 0 : (glyph + delta) & 0xFFFF
        }
        return 0
    }

    private static func format12Glyph(for code: Int, in table: ByteView) throws(OpenTypeTablesError) -> Int {
        for group in 0..<(try table.u32(12)) {
            let record = 16 + 12 * group
            let start = try table.u32(record)
            let end = try table.u32(record + 4)
            if start <= code && code <= end { return try table.u32(record + 8) + (code - start) }
        }
        return 0
    }
}

/// The vertical metrics of the `hhea` table, in signed font units, as FreeType's `ascender`/`descender`/`height` derive from them.
public struct HorizontalHeader: Sendable, Equatable {
    /// `hhea.ascender`: distance from the baseline to the top of the line.
    public let ascender: Int
    /// `hhea.descender`: distance from the baseline to the bottom of the line (negative below the baseline).
    public let descender: Int
    /// `hhea.lineGap`: extra space between lines.
    public let lineGap: Int

    /// Makes an expected value to compare a read one with.
    public init(ascender: Int, descender: Int, lineGap: Int) {
        (self.ascender, self.descender, self.lineGap) = (ascender, descender, lineGap)
    }

    fileprivate init(_ table: ByteView) throws(OpenTypeTablesError) {
        self.init(ascender: try table.i16(4), descender: try table.i16(6), lineGap: try table.i16(8))
    }
}

/// The metrics of the `OS/2` table that decide line spacing and the x-height and cap height.
public struct OS2: Sendable, Equatable {
    /// The table version; `xHeight` and `capHeight` exist from version 2.
    public let version: Int
    /// `fsSelection` flags (bit 7 is USE_TYPO_METRICS).
    public let fsSelection: Int
    /// `sTypoAscender`, signed font units.
    public let typoAscender: Int
    /// `sTypoDescender`, signed font units (negative below the baseline).
    public let typoDescender: Int
    /// `sTypoLineGap`, signed font units.
    public let typoLineGap: Int
    /// `usWinAscent`, unsigned font units above the baseline.
    public let winAscent: Int
    /// `usWinDescent`, unsigned font units below the baseline (positive downwards).
    public let winDescent: Int
    /// `sxHeight`, present only in version 2 and later tables.
    public let xHeight: Int?
    /// `sCapHeight`, present only in version 2 and later tables.
    public let capHeight: Int?

    /// Whether the font asks for the typo metrics to be used for line spacing (fsSelection bit 7, USE_TYPO_METRICS).
    public var usesTypoMetrics: Bool { fsSelection & (1 << 7) != 0 }

    /// Makes an expected value to compare a read one with.
    public init(
        version: Int, fsSelection: Int, typoAscender: Int, typoDescender: Int, typoLineGap: Int,
        winAscent: Int, winDescent: Int, xHeight: Int?, capHeight: Int?
    ) {
        (self.version, self.fsSelection) = (version, fsSelection)
        (self.typoAscender, self.typoDescender, self.typoLineGap) = (typoAscender, typoDescender, typoLineGap)
        (self.winAscent, self.winDescent) = (winAscent, winDescent)
        (self.xHeight, self.capHeight) = (xHeight, capHeight)
    }

    fileprivate init(_ table: ByteView) throws(OpenTypeTablesError) {
        let version = try table.u16(0)
        self.init(
            version: version, fsSelection: try table.u16(62),
            typoAscender: try table.i16(68), typoDescender: try table.i16(70), typoLineGap: try table.i16(72),
            winAscent: try table.u16(74), winDescent: try table.u16(76),
            xHeight: version >= 2 ? try table.i16(86) : nil, capHeight: version >= 2 ? try table.i16(88) : nil
        )
    }
}

/// The underline metrics of the `post` table, the raw values the font stores.
public struct PostScriptTable: Sendable, Equatable {
    /// `underlinePosition`: the top of the underline relative to the baseline, signed font units.
    public let underlinePosition: Int
    /// `underlineThickness`, font units.
    public let underlineThickness: Int

    /// Makes an expected value to compare a read one with.
    public init(underlinePosition: Int, underlineThickness: Int) {
        (self.underlinePosition, self.underlineThickness) = (underlinePosition, underlineThickness)
    }

    fileprivate init(_ table: ByteView) throws(OpenTypeTablesError) {
        self.init(underlinePosition: try table.i16(8), underlineThickness: try table.i16(10))
    }
}

/// Why a font file could not be read as an sfnt font, naming the file and the table or structure at fault.
public enum OpenTypeTablesError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be read at all.
    case unreadable(file: String, reason: String)
    /// The file does not start with an sfnt version or a `ttcf` tag.
    case notAnSFNT(file: String, signature: String)
    /// The requested face is not in the file.
    case faceIndexOutOfRange(file: String, faceIndex: Int, faceCount: Int)
    /// A table the reader needs is missing from the table directory.
    case missingTable(file: String, tag: String)
    /// A read needed bytes past the end of `what`: the file is truncated or an offset is corrupt.
    case truncated(file: String, what: String, offset: Int, size: Int, available: Int)
    /// A field holds a value the OpenType spec does not allow.
    case malformed(file: String, what: String, reason: String)
    /// The Unicode cmap does not map the character to a glyph.
    case unmappedCharacter(file: String, scalar: Unicode.Scalar)
    /// The character's glyph has no TrueType outline to measure.
    case noOutline(file: String, scalar: Unicode.Scalar, reason: String)

    /// One sentence naming the file and what is wrong with it.
    public var description: String {
        switch self {
        case .unreadable(let file, let reason): "\(file): cannot read the file (\(reason))."
        case .notAnSFNT(let file, let signature):
            "\(file): not an OpenType/TrueType font (signature '\(signature)', expected 0x00010000, 'OTTO', 'true' or 'ttcf')."
        case .faceIndexOutOfRange(let file, let faceIndex, let faceCount):
            "\(file): face \(faceIndex) requested, but the file has \(faceCount) face(s)."
        case .missingTable(let file, let tag): "\(file): the font has no '\(tag)' table."
        case .truncated(let file, let what, let offset, let size, let available):
            "\(file): \(what) is truncated or corrupt: needs bytes \(offset)..<\(offset + size) but has only \(available) bytes."
        case .malformed(let file, let what, let reason): "\(file): \(what) is malformed: \(reason)."
        case .unmappedCharacter(let file, let scalar):
            "\(file): the cmap maps U+\(String(scalar.value, radix: 16, uppercase: true)) to no glyph."
        case .noOutline(let file, let scalar, let reason):
            "\(file): no outline for U+\(String(scalar.value, radix: 16, uppercase: true)): \(reason)."
        }
    }
}

/// The table directory of one face: where each table lies in the file.
struct TableDirectory: Sendable {
    let file: ByteView
    let tags: [String]
    let ranges: [String: Range<Int>]

    init(file: ByteView, faceIndex: Int) throws(OpenTypeTablesError) {
        self.file = file
        let sfntVersions: Set = [0x0001_0000, 0x4F54_544F, 0x7472_7565]  // 1.0 (TrueType), 'OTTO' (CFF), 'true' (Apple)
        let signature = try file.u32(0)
        let fontOffset: Int
        if signature == 0x7474_6366 {  // 'ttcf': numFonts at 8, then one uint32 offset table position per face
            let faceCount = try file.u32(8)
            guard (0..<faceCount).contains(faceIndex) else {
                throw .faceIndexOutOfRange(file: file.path, faceIndex: faceIndex, faceCount: faceCount)
            }
            fontOffset = try file.u32(12 + 4 * faceIndex)
        } else {
            guard faceIndex == 0 else { throw .faceIndexOutOfRange(file: file.path, faceIndex: faceIndex, faceCount: 1) }
            fontOffset = 0
        }
        guard sfntVersions.contains(try file.u32(fontOffset)) else {
            throw .notAnSFNT(file: file.path, signature: try file.tag(fontOffset))
        }
        let tableCount = try file.u16(fontOffset + 4)
        // 12-byte offset table, then 16-byte records: tag, checksum, offset (from the file start, also in a TTC), length.
        let records = try file.view(at: fontOffset, length: 12 + 16 * tableCount, what: "table directory")
        var tags: [String] = []
        var ranges: [String: Range<Int>] = [:]
        for record in stride(from: 12, to: records.range.count, by: 16) {
            let tag = try records.tag(record)
            let offset = try records.u32(record + 8)
            tags.append(tag)
            if ranges[tag] == nil { ranges[tag] = offset..<(offset + (try records.u32(record + 12))) }
        }
        (self.tags, self.ranges) = (tags, ranges)
    }

    func table(_ tag: String) throws(OpenTypeTablesError) -> ByteView {
        guard let table = try optionalTable(tag) else { throw .missingTable(file: file.path, tag: tag) }
        return table
    }

    func optionalTable(_ tag: String) throws(OpenTypeTablesError) -> ByteView? {
        guard let range = ranges[tag] else { return nil }
        return try file.view(at: range.lowerBound, length: range.count, what: "'\(tag)' table")
    }
}

/// A bounds-checked, big-endian view of part of the file, named for error messages.
struct ByteView: Sendable {
    let bytes: [UInt8]
    let range: Range<Int>
    let path: String
    let what: String

    func u8(_ offset: Int) throws(OpenTypeTablesError) -> Int { Int(try slice(offset, size: 1).first ?? 0) }
    func u16(_ offset: Int) throws(OpenTypeTablesError) -> Int { try slice(offset, size: 2).reduce(0) { $0 << 8 | Int($1) } }
    func i16(_ offset: Int) throws(OpenTypeTablesError) -> Int { Int(Int16(truncatingIfNeeded: try u16(offset))) }
    func u32(_ offset: Int) throws(OpenTypeTablesError) -> Int { try slice(offset, size: 4).reduce(0) { $0 << 8 | Int($1) } }
    func tag(_ offset: Int) throws(OpenTypeTablesError) -> String {
        String(try slice(offset, size: 4).map { Character(Unicode.Scalar($0)) })
    }

    func view(at offset: Int, length: Int, what: String) throws(OpenTypeTablesError) -> ByteView {
        guard let range = absolute(offset, size: length) else {
            throw .truncated(file: path, what: "\(self.what) (for the \(what))", offset: offset, size: length, available: range.count)
        }
        return ByteView(bytes: bytes, range: range, path: path, what: what)
    }

    private func slice(_ offset: Int, size: Int) throws(OpenTypeTablesError) -> ArraySlice<UInt8> {
        guard let range = absolute(offset, size: size) else {
            throw .truncated(file: path, what: what, offset: offset, size: size, available: range.count)
        }
        return bytes[range]
    }

    /// The file positions of `size` bytes at `offset` in this view, or nil when they do not all lie inside it.
    private func absolute(_ offset: Int, size: Int) -> Range<Int>? {
        guard offset >= 0, size >= 0, offset <= range.count - size else { return nil }
        return (range.lowerBound + offset)..<(range.lowerBound + offset + size)
    }
}
