import CFreeType
import DynamicType

/// What Capsize needs of a face beyond `DesignMetrics`: which vertical metrics a renderer uses,
/// the average letter's width, and the kind of face (docs/DESIGN.md §32 (Capsize and metrics-exact web)).
struct FaceLayoutMetrics: Sendable, Equatable {
    var metrics: DesignMetrics
    /// OS/2 `fsSelection` bit 7 (`USE_TYPO_METRICS`): renderers then lay lines out with the typo values.
    var usesTypoMetrics: Bool
    /// The advance widths of `CapsizeLetterFrequencies` averaged by their weights, in design units.
    var xWidthAvg: Int
    /// Capsize's category: `monospace`, `serif`, `sans-serif`, `display` or `handwriting`.
    var category: String

    /// Reads `face` at its current coordinates (the caller set them); `metrics` were measured there.
    init(face: FT_Face, metrics: DesignMetrics) {
        self.metrics = metrics
        let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self).pointee
        let table = os2.flatMap { $0.version == 0xFFFF ? nil : $0 }
        usesTypoMetrics = (table?.fsSelection ?? 0) & 0x80 != 0
        xWidthAvg = CapsizeLetterFrequencies.averageWidth { character in
            Self.advance(of: character, in: face) ?? Int(table?.xAvgCharWidth ?? 0)
        }
        category = metrics.isFixedWidth ? "monospace" : Self.category(panose: table.map { Array(tuple: $0.panose) })
    }

    /// The advance width of `character` in design units at the face's coordinates (HVAR applied).
    private static func advance(of character: Unicode.Scalar, in face: FT_Face) -> Int? {
        let glyph = FT_Get_Char_Index(face, FT_ULong(character.value))
        guard glyph != 0 else { return nil }
        var advance: FT_Fixed = 0
        guard FT_Get_Advance(face, glyph, FT_Int32(FT_LOAD_NO_SCALE), &advance) == 0 else { return nil }
        return Int(advance)
    }

    /// Capsize's category from the OS/2 PANOSE classification: Latin text (family type 2) is
    /// `serif` or `sans-serif` by its serif style (11–15 are the sans styles), 3 is
    /// `handwriting`, 4 `display`; anything else, or no PANOSE, is `sans-serif`.
    static func category(panose: [UInt8]?) -> String {
        guard let panose, panose.count >= 2 else { return "sans-serif" }
        switch (panose[0], panose[1]) {
        case (2, 2...10): return "serif"
        case (3, _): return "handwriting"
        case (4, _): return "display"
        default: return "sans-serif"
        }
    }
}

extension Array where Element == UInt8 {
    /// The ten PANOSE bytes FreeType keeps as a tuple.
    fileprivate init(tuple: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8)) {
        self = [tuple.0, tuple.1, tuple.2, tuple.3, tuple.4, tuple.5, tuple.6, tuple.7, tuple.8, tuple.9]
    }
}
