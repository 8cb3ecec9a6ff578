import CFreeType
import Caching
import DynamicType
import Synchronization

/// A face's metrics in design units, read once per face (and per set of coordinates for a
/// variable face) and scaled per request.
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

/// A face as FreeType reads it at the face's own coordinates.
struct MeasuredFace: Sendable {
    var metrics: DesignMetrics
    /// The design axes and where this face sits on them; nil for a static face.
    var variation: FaceVariation?
}

/// Where a face of a variable font sits in its design space.
struct FaceVariation: Sendable, Equatable {
    var axes: [VariationAxis]
    /// The face's own coordinates in axis order: a named instance's, or the axis defaults.
    var coordinates: [Double]

    /// The coordinate on the axis tagged `tag`, when the face has that axis.
    func coordinate(_ tag: String) -> Double? {
        axes.firstIndex { $0.tag == tag }.map { coordinates[$0] }
    }

    /// Every axis's coordinate by tag.
    var coordinatesByTag: [String: Double] {
        Dictionary(zip(axes.map(\.tag), coordinates), uniquingKeysWith: { first, _ in first })
    }
}

/// A variable face measured at chosen design coordinates.
struct VariedFace: Sendable {
    var metrics: DesignMetrics
    /// FreeType's name for the face at these coordinates (a generated one, like `Inter_650wght`,
    /// when they are no named instance).
    var postscriptName: String
    /// The named instance whose weight, width, italic and slant equal these coordinates, if any.
    var instanceName: String?
}

/// Reads design metrics with FreeType, caching them per face and per set of coordinates.
///
/// One `FT_Library` behind a lock (any thread may call, one at a time inside FreeType). A static
/// face is opened, read and closed under that lock. A variable font stays open (opening one costs
/// ≈ 200 µs, setting coordinates on an open one ≈ 5 µs), one `FT_Face` per font, only touched
/// under the lock: no `FT_Face` crosses threads unguarded or leaves this type.
final class FaceMeasurer: @unchecked Sendable {
    private struct FaceKey: Hashable {
        var file: String
        /// fontconfig's index: the face in the file, plus a named instance in the upper 16 bits.
        var index: Int

        /// The named instance, 0 for the face itself (fontconfig's and FreeType's encoding).
        var instance: Int { index >> 16 }

        var withoutInstance: Self { Self(file: file, index: index & 0xFFFF) }
    }

    private struct CoordinatesKey: Hashable {
        var face: FaceKey
        var coordinates: [Double]
    }

    private struct State {
        var library: FT_Library?
        var faces: [FaceKey: MeasuredFace] = [:]
        /// Open variable fonts, by their index without the named instance; bounded by the installed fonts.
        var variableFonts: [FaceKey: VariableFont] = [:]
        /// Any request may set coordinates (weights, sizes), so these are bounded.
        var varied = LRUCache<CoordinatesKey, VariedFace>(capacity: 4096)
        /// Capsize's measurements, per face and coordinates; bounded like `varied`.
        var layout = LRUCache<CoordinatesKey, FaceLayoutMetrics>(capacity: 4096)
    }

    private let state: Mutex<State>

    init() {
        var library: FT_Library?
        if FT_Init_FreeType(&library) != 0 { library = nil }
        state = Mutex(State(library: library))
    }

    deinit {
        state.withLock { state in
            for font in state.variableFonts.values { FT_Done_Face(font.face) }
            if let library = state.library { FT_Done_FreeType(library) }
        }
    }

    /// Face `index` of `file` at its own coordinates.
    func face(file: String, index: Int) throws(FontResolutionError) -> MeasuredFace {
        let key = FaceKey(file: file, index: index)
        return try state.withLock { state throws(FontResolutionError) -> MeasuredFace in
            if let known = state.faces[key] { return known }
            let measured = try Self.open(key, in: &state)
            state.faces[key] = measured
            return measured
        }
    }

    /// Face `index` of `file`, a face of a variable font, measured at `coordinates` (in the order of its axes).
    func face(file: String, index: Int, at coordinates: [Double]) throws(FontResolutionError) -> VariedFace {
        let key = CoordinatesKey(face: FaceKey(file: file, index: index), coordinates: coordinates)
        return try state.withLock { state throws(FontResolutionError) -> VariedFace in
            if let known = state.varied.value(for: key) { return known }
            if state.faces[key.face] == nil { state.faces[key.face] = try Self.open(key.face, in: &state) }
            guard let font = state.variableFonts[key.face.withoutInstance] else {
                throw .unreadableFace(file: file, index: index, freeTypeError: Int32(FT_Err_Invalid_Argument))
            }
            let varied = try font.measure(at: coordinates, file: file)
            state.varied.insert(varied, for: key)
            return varied
        }
    }

    /// Face `index` of `file` as Capsize needs it (docs/DESIGN.md §32 (Capsize and metrics-exact web)), at
    /// `variations` (by axis tag, as a `ResolvedFont` reports them; nil for a static face).
    func layoutMetrics(file: String, index: Int, variations: [String: Double]?) throws(FontResolutionError) -> FaceLayoutMetrics {
        let face = FaceKey(file: file, index: index)
        return try state.withLock { state throws(FontResolutionError) -> FaceLayoutMetrics in
            if state.faces[face] == nil { state.faces[face] = try Self.open(face, in: &state) }
            if let font = state.variableFonts[face.withoutInstance] {
                let coordinates = font.axes.map { variations?[$0.tag] ?? $0.defaultValue }
                let key = CoordinatesKey(face: face, coordinates: coordinates)
                if let known = state.layout.value(for: key) { return known }
                let varied = try font.measure(at: coordinates, file: file)
                let measured = FaceLayoutMetrics(face: font.face, metrics: varied.metrics)
                state.layout.insert(measured, for: key)
                return measured
            }
            let key = CoordinatesKey(face: face, coordinates: [])
            if let known = state.layout.value(for: key) { return known }
            guard let library = state.library else { throw .unreadableFace(file: file, index: index, freeTypeError: -1) }
            var handle: FT_Face?
            let error = FT_New_Face(library, file, FT_Long(face.withoutInstance.index), &handle)
            guard error == 0, let handle else { throw .unreadableFace(file: file, index: index, freeTypeError: error) }
            defer { FT_Done_Face(handle) }
            let measured = FaceLayoutMetrics(face: handle, metrics: try Self.measure(handle, file: file, variedTags: nil))
            state.layout.insert(measured, for: key)
            return measured
        }
    }

    private static func open(_ key: FaceKey, in state: inout State) throws(FontResolutionError) -> MeasuredFace {
        let fontKey = key.withoutInstance
        if let font = state.variableFonts[fontKey] { return try font.measuredFace(instance: key.instance, file: key.file) }
        guard let library = state.library else { throw .unreadableFace(file: key.file, index: key.index, freeTypeError: -1) }

        var handle: FT_Face?
        let error = FT_New_Face(library, key.file, FT_Long(fontKey.index), &handle)
        guard error == 0, let handle else { throw .unreadableFace(file: key.file, index: key.index, freeTypeError: error) }
        if let font = VariableFont(face: handle, library: library) {
            state.variableFonts[fontKey] = font
            return try font.measuredFace(instance: key.instance, file: key.file)
        }
        defer { FT_Done_Face(handle) }
        return MeasuredFace(metrics: try measure(handle, file: key.file, variedTags: nil), variation: nil)
    }

    /// The metrics of `face` at its current coordinates.
    ///
    /// - Parameter variedTags: for a variable font, the MVAR value tags it has. FreeType applies
    ///   MVAR to the tables it returns; where a font does not vary cap height or x-height that way,
    ///   its static OS/2 value is stale away from the defaults and the outlines are the truth.
    static func measure(_ face: FT_Face, file: String, variedTags: Set<String>?) throws(FontResolutionError) -> DesignMetrics {
        let record = face.pointee
        guard record.units_per_EM > 0 else { throw .notScalable(file: file) }

        let unitsPerEm = Int(record.units_per_EM)
        // FreeType has already chosen typo metrics (USE_TYPO_METRICS) or hhea for these.
        let ascender = Int(record.ascender)
        let descender = Int(record.descender)
        let lineGap = Int(record.height) - (ascender - descender)

        var capHeight: Int?
        var xHeight: Int?
        if let table = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self).pointee,
            table.version >= 2, table.version != 0xFFFF
        {
            // sCapHeight and sxHeight exist from OS/2 version 2; 0 means "not set" (DejaVu).
            if table.sCapHeight > 0, variedTags?.contains("cpht") ?? true { capHeight = Int(table.sCapHeight) }
            if table.sxHeight > 0, variedTags?.contains("xhgt") ?? true { xHeight = Int(table.sxHeight) }
        }
        // Where the table has no value, the outline is the truth; CSS's fallbacks when the glyph is missing.
        let measuredCapHeight = capHeight ?? outlineTop(of: "H", in: face) ?? ascender
        let measuredXHeight = xHeight ?? outlineTop(of: "x", in: face) ?? unitsPerEm / 2

        let underlinePosition: Int
        let underlineThickness: Int
        if let post = FT_Get_Sfnt_Table(face, FT_SFNT_POST)?.assumingMemoryBound(to: TT_Postscript.self).pointee {
            underlinePosition = Int(post.underlinePosition)
            underlineThickness = Int(post.underlineThickness)
        } else {
            // Non-sfnt faces: FreeType moved the position down by half the thickness; undo it.
            underlineThickness = Int(record.underline_thickness)
            underlinePosition = Int(record.underline_position) + underlineThickness / 2
        }

        return DesignMetrics(
            unitsPerEm: unitsPerEm, ascender: ascender, descender: descender, lineGap: lineGap,
            capHeight: measuredCapHeight, xHeight: measuredXHeight,
            underlinePosition: underlinePosition, underlineThickness: underlineThickness,
            isFixedWidth: fontd_ft_is_fixed_width(face) != 0)
    }

    /// The top of a character's outline in design units (at the face's coordinates), or nil when the face lacks it.
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
