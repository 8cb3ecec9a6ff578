#if canImport(Glibc)
    import Glibc
#endif

/// Reads the few sfnt fields fontd needs from an open font file, through `pread`: the format
/// and the OS/2 `fsType` (OpenType spec, "Font file" and "OS/2" chapters). FreeType is not
/// needed for this, and no face is opened.
struct SfntReader {
    let descriptor: Int32
    let size: Int

    /// The file's format from its first four bytes; nil when it is not an sfnt file (WOFF, Type 1, a bitmap font).
    var format: FontFile.Format? {
        switch tag(at: 0) {
        case 0x0001_0000, 0x7472_7565: .trueType  // 00 01 00 00, 'true'
        case 0x4F54_544F: .openType  // 'OTTO'
        case 0x7474_6366: .collection  // 'ttcf'
        default: nil
        }
    }

    /// The `fsType` of the OS/2 table of the file's first face; nil when there is none.
    func embeddingFlags(format: FontFile.Format) -> UInt16? {
        // A collection's header lists its faces' table directories; the first is face 0's.
        let directory = format == .collection ? tag(at: 12).map(Int.init) : 0
        guard let directory, let tableCount = uint16(at: directory + 4) else { return nil }
        for table in 0..<Int(tableCount) {
            let record = directory + 12 + table * 16
            guard let name = tag(at: record) else { return nil }
            if name == 0x4F53_2F32, let offset = tag(at: record + 8) {  // 'OS/2'
                return uint16(at: Int(offset) + 8)
            }
        }
        return nil
    }

    private func tag(at offset: Int) -> UInt32? {
        bytes(at: offset, count: 4).map { $0.reduce(0) { $0 << 8 | UInt32($1) } }
    }

    private func uint16(at offset: Int) -> UInt16? {
        bytes(at: offset, count: 2).map { UInt16($0[0]) << 8 | UInt16($0[1]) }
    }

    private func bytes(at offset: Int, count: Int) -> [UInt8]? {
        guard offset >= 0, offset + count <= size else { return nil }
        var buffer = [UInt8](repeating: 0, count: count)
        let read = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
        return read == count ? buffer : nil
    }
}
