import CFreeType
import Synchronization

/// A face's metrics in design units, read once per face and scaled per request.
struct DesignMetrics: Sendable, Equatable {
    var unitsPerEm: Int
    var ascender: Int
    var descender: Int
    var lineGap: Int
    var capHeight: Int
    var xHeight: Int
    var underlinePosition: Int
    var underlineThickness: Int
    /// FreeType's fixed-width flag: the face's own word, unlike fontconfig's echo of a request.
    var isFixedWidth: Bool
}

/// Reads design metrics with FreeType, caching them per face.
///
/// One `FT_Library` behind a lock (any thread may call, one at a time inside FreeType); a face
/// is opened, read and closed under that lock, so no `FT_Face` outlives a call or crosses threads.
final class FaceMeasurer: @unchecked Sendable {
    private struct FaceKey: Hashable {
        var file: String
        var index: Int
    }

    private struct State {
        var library: FT_Library?
        var measured: [FaceKey: DesignMetrics] = [:]
    }

    private let state: Mutex<State>

    init() {
        var library: FT_Library?
        if FT_Init_FreeType(&library) != 0 { library = nil }
        state = Mutex(State(library: library))
    }

    deinit {
        state.withLock { state in
            if let library = state.library { FT_Done_FreeType(library) }
        }
    }

    /// The design metrics of face `index` of `file`.
    func designMetrics(file: String, index: Int) throws(FontResolutionError) -> DesignMetrics {
        let key = FaceKey(file: file, index: index)
        return try state.withLock { state throws(FontResolutionError) -> DesignMetrics in
            if let known = state.measured[key] { return known }
            guard let library = state.library else { throw .unreadableFace(file: file, index: index, freeTypeError: -1) }
            let metrics = try Self.read(file: file, index: index, library: library)
            state.measured[key] = metrics
            return metrics
        }
    }

    private static func read(file: String, index: Int, library: FT_Library) throws(FontResolutionError) -> DesignMetrics {
        var faceHandle: FT_Face?
        let error = FT_New_Face(library, file, FT_Long(index), &faceHandle)
        guard error == 0, let faceHandle else { throw .unreadableFace(file: file, index: index, freeTypeError: error) }
        defer { FT_Done_Face(faceHandle) }
        let face = faceHandle.pointee
        guard face.units_per_EM > 0 else { throw .notScalable(file: file) }

        let unitsPerEm = Int(face.units_per_EM)
        // FreeType has already chosen typo metrics (USE_TYPO_METRICS) or hhea for these.
        let ascender = Int(face.ascender)
        let descender = Int(face.descender)
        let lineGap = Int(face.height) - (ascender - descender)

        var capHeight: Int?
        var xHeight: Int?
        if let table = FT_Get_Sfnt_Table(faceHandle, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self).pointee,
           table.version >= 2, table.version != 0xFFFF
        {
            // sCapHeight and sxHeight exist from OS/2 version 2; 0 means "not set" (DejaVu).
            if table.sCapHeight > 0 { capHeight = Int(table.sCapHeight) }
            if table.sxHeight > 0 { xHeight = Int(table.sxHeight) }
        }
        // Where the table has no value, the outline is the truth; CSS's fallbacks when the glyph is missing.
        let measuredCapHeight = capHeight ?? outlineTop(of: "H", in: faceHandle) ?? ascender
        let measuredXHeight = xHeight ?? outlineTop(of: "x", in: faceHandle) ?? unitsPerEm / 2

        let underlinePosition: Int
        let underlineThickness: Int
        if let post = FT_Get_Sfnt_Table(faceHandle, FT_SFNT_POST)?.assumingMemoryBound(to: TT_Postscript.self).pointee {
            underlinePosition = Int(post.underlinePosition)
            underlineThickness = Int(post.underlineThickness)
        } else {
            // Non-sfnt faces: FreeType moved the position down by half the thickness; undo it.
            underlineThickness = Int(face.underline_thickness)
            underlinePosition = Int(face.underline_position) + underlineThickness / 2
        }

        return DesignMetrics(
            unitsPerEm: unitsPerEm, ascender: ascender, descender: descender, lineGap: lineGap,
            capHeight: measuredCapHeight, xHeight: measuredXHeight,
            underlinePosition: underlinePosition, underlineThickness: underlineThickness,
            isFixedWidth: fontd_ft_is_fixed_width(faceHandle) != 0)
    }

    /// The top of a character's outline in design units, or nil when the face lacks it.
    private static func outlineTop(of character: Unicode.Scalar, in face: FT_Face) -> Int? {
        guard FT_Get_Char_Index(face, FT_ULong(character.value)) != 0,
              FT_Load_Char(face, FT_ULong(character.value), FT_Int32(FT_LOAD_NO_SCALE)) == 0,
              let glyph = face.pointee.glyph
        else { return nil }
        var box = FT_BBox()
        var outline = glyph.pointee.outline
        FT_Outline_Get_CBox(&outline, &box)
        return Int(box.yMax)
    }
}
