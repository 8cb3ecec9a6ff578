import Caching

/// A font file a stylesheet may name in `url()`, as fontd last read it (docs/DESIGN.md §22 (The web)).
public struct FontFile: Hashable, Sendable {
    /// What kind of sfnt file it is, from its first four bytes.
    public enum Format: String, Hashable, Sendable {
        /// TrueType outlines (`00 01 00 00` or `true`): `font/ttf`.
        case trueType
        /// CFF outlines (`OTTO`): `font/otf`.
        case openType
        /// A collection of faces (`ttcf`): `font/collection`.
        case collection

        /// The `Content-Type` the file is served with (RFC 8081).
        public var mediaType: String {
            switch self {
            case .trueType: "font/ttf"
            case .openType: "font/otf"
            case .collection: "font/collection"
            }
        }
    }

    /// Where the bytes were read: the path fontconfig names, its links resolved. The file is
    /// sent from there with no link followed (docs/DESIGN.md §22 (The web)).
    public var path: String
    /// The SHA-256 of the file's bytes, lowercase hex: its name under `/font-files/`.
    public var sha256: String
    public var format: Format
    /// The OS/2 `fsType` of the file's (first) face; 0 (installable) when it has no OS/2 table.
    public var embeddingFlags: UInt16
    /// Which file was hashed (device and inode), and its size and modification and status-change
    /// times then: any change means it is not the file the hash names.
    public var stamp: PathStamp

    /// Whether the licence lets the font travel to another device for rendering (OpenType
    /// OS/2 `fsType`): installable (no usage bit), preview & print (bit 2) or editable (bit 3).
    /// Restricted licence embedding (bit 1 alone) forbids it, and so does bitmap embedding only
    /// (bit 9): a browser needs the outlines. When several usage bits are set the least
    /// restrictive one applies, as the OpenType specification says.
    public var permitsEmbedding: Bool {
        if embeddingFlags & 0x0200 != 0 { return false }
        let usage = embeddingFlags & 0x000F
        return usage == 0 || usage & 0x000C != 0
    }
}
