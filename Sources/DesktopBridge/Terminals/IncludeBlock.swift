/// The two lines fontd adds to a reader's configuration file (docs/DESIGN.md §31 (Terminals and
/// editors)): a comment naming fontd, then the program's include line. Added once, at the end (so
/// that fontd's size comes after the reader's own) or at the start (where the format needs it),
/// and removed exactly: the file is then byte for byte what it was. Bytes, not text (docs/DESIGN.md
/// §35 (Editing a reader's file)): in a CRLF file the block's lines end with CRLF, and at the start
/// it goes after a byte order mark.
struct IncludeBlock: Sendable {
    /// Where the format lets the include go.
    enum Place: Sendable { case end, start }

    /// The comment line, with its comment marker (`# …`).
    let comment: String
    /// The include line itself (`include fontd.conf`); it may be two lines, joined with LF.
    let line: String
    var place: Place = .end

    /// The comment that says fontd created the file, so `exclude` removes the file instead of leaving it empty.
    private var createdComment: String { comment + " (fontd created this file)" }

    private static let endings: [[UInt8]] = [[FileBytes.carriageReturn, FileBytes.lineFeed], [FileBytes.lineFeed]]

    /// The block after `comment`, its lines joined by `newline`, without a last line ending.
    private func block(_ comment: String, _ newline: [UInt8]) -> [UInt8] {
        FileBytes.bytes(comment + "\n" + line, newline: newline)
    }

    /// `bytes` (nil: no file) with the block added; nil when it is there already.
    func adding(to bytes: [UInt8]?) -> [UInt8]? {
        guard let bytes else { return block(createdComment, [FileBytes.lineFeed]) + [FileBytes.lineFeed] }
        if contains(bytes) { return nil }
        let newline = FileBytes.newline(of: bytes)
        switch place {
        case .start:
            var result = bytes
            result.insert(contentsOf: block(comment, newline) + newline, at: FileBytes.byteOrderMarkCount(bytes))
            return result
        case .end:
            // A last line without its newline keeps it missing: the block then starts with one and ends without.
            if bytes.isEmpty || bytes.last == FileBytes.lineFeed { return bytes + block(comment, newline) + newline }
            return bytes + newline + block(comment, newline)
        }
    }

    /// `bytes` with the block moved to the end when a line after it sets the size again
    /// (`overrides` says of those lines), so that fontd's include is read last; nil when it need not move.
    func moving(in bytes: [UInt8], overrides: ([ArraySlice<UInt8>]) -> Bool) -> [UInt8]? {
        guard place == .end, let end = blockEnd(in: bytes), overrides(FileBytes.lines(Array(bytes[end...]))),
            case .some(.some(let without)) = removing(from: bytes)
        else { return nil }
        return adding(to: without)
    }

    /// Where the block ends in `bytes` (after its last line, before that line's ending).
    private func blockEnd(in bytes: [UInt8]) -> Int? {
        for newline in Self.endings {
            for candidate in [block(comment, newline), block(createdComment, newline)] {
                if let range = bytes.firstRange(of: candidate) { return range.upperBound }
            }
        }
        return nil
    }

    /// Whether `bytes` hold the block.
    func contains(_ bytes: [UInt8]) -> Bool {
        Self.endings.contains { newline in
            bytes.firstRange(of: block(comment, newline)) != nil || bytes.firstRange(of: block(createdComment, newline)) != nil
        }
    }

    /// What removing the block leaves: the bytes as they were before `adding`, `.some(nil)` for a
    /// file fontd created and nothing else was written to, nil when the block is not there.
    func removing(from bytes: [UInt8]) -> [UInt8]?? {
        for newline in Self.endings {
            let created = block(createdComment, newline) + newline
            if bytes == created { return .some(nil) }
            for candidate in [block(comment, newline) + newline, newline + block(comment, newline), created] {
                if let range = bytes.firstRange(of: candidate) {
                    var result = bytes
                    result.removeSubrange(range)
                    return .some(result)
                }
            }
        }
        return nil
    }

    /// Adds the block to `file` in `folder` when it is not there, or moves it to the end when a line
    /// after it `overrides` fontd's size; true when the file was written.
    func include(
        in file: String, of folder: ConfigurationFolder, overrides: ([ArraySlice<UInt8>]) -> Bool = { _ in false }
    ) throws(TerminalTargetError) -> Bool {
        try folder.edit(file) { bytes in
            if let bytes, contains(bytes) { return moving(in: bytes, overrides: overrides).map { .write($0) } }
            return adding(to: bytes).map { .write($0) }
        } != .unchanged
    }

    /// The lines of `bytes` outside the block, as text (for reading the reader's own values).
    func readerLines(_ bytes: [UInt8]) -> [String] {
        let remaining = (removing(from: bytes) ?? .some(bytes)) ?? []
        return FileBytes.lines(remaining).map { FileBytes.text($0) }
    }

    /// Removes the block from `file` in `folder` (the file itself when fontd created it for the
    /// block, and then the folders fontd made for it, when empty).
    func exclude(from file: String, of folder: ConfigurationFolder) throws(TerminalTargetError) {
        try folder.edit(file) { bytes in
            guard let bytes, let remaining = removing(from: bytes) else { return nil }
            return remaining.map { .write($0) } ?? .remove
        }
    }
}
