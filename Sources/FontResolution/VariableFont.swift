import CFreeType
import DynamicType

/// An open variable font (one with an `fvar` table): its axes, its named instances, and the
/// MVAR values it varies. Owned by `FaceMeasurer` and used only under its lock.
struct VariableFont {
    /// A named instance (`Semi Bold`, `Italic`): a point in the design space with a name.
    struct Instance {
        var name: String
        var coordinates: [Double]
    }

    /// The face, kept open at the base index; coordinates are set on it per measurement.
    let face: FT_Face
    let axes: [VariationAxis]
    let instances: [Instance]
    /// The MVAR value tags (`xhgt`, `cpht`, `hasc`): what FreeType varies in the tables it returns.
    let variedTags: Set<String>

    /// The axes that make a named instance's style; optical size and custom axes are not part of its name.
    private static let styleAxes: Set<String> = ["wght", "wdth", "ital", "slnt"]

    /// Takes ownership of `face` when it is a variable font; nil (and the face left to the caller) otherwise.
    init?(face: FT_Face, library: FT_Library) {
        guard fontd_ft_has_multiple_masters(face) != 0, fontd_ft_is_sfnt(face) != 0 else { return nil }
        var master: UnsafeMutablePointer<FT_MM_Var>?
        guard FT_Get_MM_Var(face, &master) == 0, let master else { return nil }
        defer { FT_Done_MM_Var(library, master) }

        let axisCount = Int(master.pointee.num_axis)
        let axes = (0..<axisCount).map { index in
            let axis = master.pointee.axis[index]
            return VariationAxis(
                tag: Self.tagName(axis.tag), minimum: Self.double(axis.minimum),
                defaultValue: Self.double(axis.def), maximum: Self.double(axis.maximum))
        }
        guard !axes.isEmpty else { return nil }
        self.face = face
        self.axes = axes
        instances = (0..<Int(master.pointee.num_namedstyles)).map { index in
            let style = master.pointee.namedstyle[index]
            // FreeType 2.12 copies instance coordinates without sign extension on 64-bit systems
            // (Roboto Flex's slnt −10 arrives as 65526): they are 16.16 values in 32 bits.
            return Instance(
                name: Self.name(id: style.strid, in: face) ?? "",
                coordinates: (0..<axisCount).map { Self.double(FT_Fixed(Int32(truncatingIfNeeded: style.coords[$0]))) })
        }
        variedTags = Self.metricVariationTags(of: face)
    }

    /// Named instance `instance` (0: the face at its defaults) measured at its own coordinates.
    func measuredFace(instance: Int, file: String) throws(FontResolutionError) -> MeasuredFace {
        let coordinates: [Double]
        if instance == 0 {
            coordinates = axes.map(\.defaultValue)
        } else if instance <= instances.count {
            coordinates = instances[instance - 1].coordinates
        } else {
            throw .unreadableFace(file: file, index: instance << 16, freeTypeError: Int32(FT_Err_Invalid_Argument))
        }
        let metrics = try measure(at: coordinates, file: file).metrics
        return MeasuredFace(metrics: metrics, variation: FaceVariation(axes: axes, coordinates: coordinates))
    }

    /// The face's metrics and names at `coordinates`, one per axis, in design units of each axis.
    func measure(at coordinates: [Double], file: String) throws(FontResolutionError) -> VariedFace {
        var fixed = coordinates.map { FT_Fixed(($0 * 65536).rounded()) }
        let error = FT_Set_Var_Design_Coordinates(face, FT_UInt(fixed.count), &fixed)
        guard error == 0 else { throw .unreadableFace(file: file, index: 0, freeTypeError: error) }
        let metrics = try FaceMeasurer.measure(face, file: file, variedTags: variedTags)
        let postscriptName = FT_Get_Postscript_Name(face).map { String(cString: $0) } ?? ""
        return VariedFace(metrics: metrics, postscriptName: postscriptName, instanceName: instanceName(at: coordinates))
    }

    /// The name of the named instance whose style axes equal `coordinates`.
    private func instanceName(at coordinates: [Double]) -> String? {
        let styleIndices = axes.indices.filter { Self.styleAxes.contains(axes[$0].tag) }
        return instances.first { instance in
            styleIndices.allSatisfy { abs(instance.coordinates[$0] - coordinates[$0]) < 1.0 / 65536 }
        }.map(\.name).flatMap { $0.isEmpty ? nil : $0 }
    }

    private static func double(_ fixed: FT_Fixed) -> Double { Double(fixed) / 65536 }

    private static func tagName(_ tag: FT_ULong) -> String {
        String(decoding: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: tag >> $0) }, as: UTF8.self)
    }

    /// A string of the `name` table: Windows Unicode English first, then Macintosh Roman English.
    private static func name(id: FT_UInt, in face: FT_Face) -> String? {
        var fallback: String?
        for index in 0..<FT_Get_Sfnt_Name_Count(face) {
            var entry = FT_SfntName()
            guard FT_Get_Sfnt_Name(face, index, &entry) == 0, entry.name_id == id, let bytes = entry.string else { continue }
            let raw = UnsafeBufferPointer(start: bytes, count: Int(entry.string_len))
            switch (entry.platform_id, entry.encoding_id, entry.language_id) {
            case (3, 1, 0x409):
                let units = stride(from: 0, to: raw.count - 1, by: 2).map { UInt16(raw[$0]) << 8 | UInt16(raw[$0 + 1]) }
                return String(decoding: units, as: UTF16.self)
            case (1, 0, 0):
                fallback = String(decoding: raw, as: UTF8.self)
            default:
                continue
            }
        }
        return fallback
    }

    /// The value tags of the font's MVAR table; empty when it has none.
    private static func metricVariationTags(of face: FT_Face) -> Set<String> {
        let tag = fontd_ft_make_tag(0x4D, 0x56, 0x41, 0x52)  // "MVAR"
        var length: FT_ULong = 0
        guard FT_Load_Sfnt_Table(face, tag, 0, nil, &length) == 0, length >= 12 else { return [] }
        var table = [UInt8](repeating: 0, count: Int(length))
        guard FT_Load_Sfnt_Table(face, tag, 0, &table, &length) == 0 else { return [] }
        // Header: version (4 bytes), reserved, valueRecordSize, valueRecordCount, store offset; records follow.
        let recordSize = Int(table[6]) << 8 | Int(table[7])
        let recordCount = Int(table[8]) << 8 | Int(table[9])
        guard recordSize >= 4 else { return [] }
        var tags: Set<String> = []
        for record in 0..<recordCount {
            let start = 12 + record * recordSize
            guard start + 4 <= table.count else { break }
            tags.insert(String(decoding: table[start..<start + 4], as: UTF8.self))
        }
        return tags
    }
}
