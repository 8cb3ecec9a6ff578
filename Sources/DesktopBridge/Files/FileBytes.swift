/// What fontd needs to know of a reader's file's bytes to add its own lines and keep every other
/// byte (docs/DESIGN.md §35 (Editing a reader's file)): where lines end (at LF; a CR before it
/// belongs to the line's ending), which ending the file uses, and whether it starts with a UTF-8
/// byte order mark. Text is decoded only to parse; bytes fontd does not own are never re-encoded.
public enum FileBytes {
    /// LF, which ends a line.
    public static let lineFeed = UInt8(ascii: "\n")
    /// CR, which before an LF belongs to the line's ending.
    public static let carriageReturn = UInt8(ascii: "\r")
    /// UTF-8's byte order mark.
    public static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The lines of `bytes`, split at each LF (the LF not included; a CR before it kept); a file
    /// ending in LF has an empty last line.
    public static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        bytes.split(separator: lineFeed, omittingEmptySubsequences: false)
    }

    /// The line ending the file uses: CRLF when its first line ends so, else LF.
    public static func newline(of bytes: [UInt8]) -> [UInt8] {
        guard let first = bytes.firstIndex(of: lineFeed), first > 0, bytes[first - 1] == carriageReturn else { return [lineFeed] }
        return [carriageReturn, lineFeed]
    }

    /// How many bytes of a byte order mark `bytes` starts with: 3 or 0.
    public static func byteOrderMarkCount<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Int {
        bytes.starts(with: byteOrderMark) ? byteOrderMark.count : 0
    }

    /// A line as text for parsing: without a CR ending it (nor a byte order mark before it);
    /// bytes that are not UTF-8 become U+FFFD here only.
    public static func text(_ line: ArraySlice<UInt8>) -> String {
        var line = line.dropFirst(byteOrderMarkCount(line))
        if line.last == carriageReturn { line = line.dropLast() }
        return String(decoding: line, as: UTF8.self)
    }

    /// `text`'s lines, each ended by `newline` (`text` is written with LF).
    public static func bytes(_ text: String, newline: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        for byte in text.utf8 {
            if byte == lineFeed { bytes += newline } else { bytes.append(byte) }
        }
        return bytes
    }
}
