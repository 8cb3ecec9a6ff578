import DynamicType

/// Where a request puts a variable face in its design space (docs/DESIGN.md §5 (Resolution) step 11), and what that
/// changes in the reported face.
///
/// `wght` is the resolved weight, `wdth` the resolved width, `opsz` the point size when the
/// style uses optical sizing; italic asked of a face fontconfig could only slant synthetically
/// sets `ital` (or else `slnt`) instead. The style table's explicit values set other axes. Every
/// value is clamped to its axis; axes nobody set keep the face's own coordinates.
struct VariablePlacement {
    /// The face's axes with the coordinates the request puts it at.
    let placed: FaceVariation
    /// Italic came from an axis, so it is real, not fontconfig's synthetic slant.
    let italicFromAxis: FontSlant?

    /// The slant CSS gives an oblique with no angle (`oblique` = 14°); `slnt` leans right when negative.
    static let obliqueSlant = -14.0

    init(variation: FaceVariation, specification: FontSpecification, descriptor: FontDescriptor, matched: MatchedFace) {
        let tags = Set(variation.axes.map(\.tag))
        // Italic asked, and fontconfig found no italic face so it would slant the roman one.
        let needsItalic = descriptor.slant == .italic && (matched.slant == .roman || matched.synthetic.oblique)
        italicFromAxis = !needsItalic ? nil : tags.contains("ital") ? .italic : tags.contains("slnt") ? .oblique : nil

        let coordinates = zip(variation.axes, variation.coordinates).map { axis, own in
            let wanted: Double? =
                switch axis.tag {
                case "wght": specification.requestedWeight.rawValue
                case "wdth": (descriptor.width ?? .normal).rawValue
                case "opsz": specification.opticalSizing ? descriptor.size : nil
                case "ital": needsItalic ? 1 : nil
                case "slnt": needsItalic && !tags.contains("ital") ? Self.obliqueSlant : nil
                default: descriptor.variations[axis.tag]
                }
            return axis.clamped(wanted ?? own)
        }
        placed = FaceVariation(axes: variation.axes, coordinates: coordinates)
    }

    /// Reports what the face became at these coordinates: its weight and width on the axes,
    /// its name there, and a real slant in place of a synthetic one.
    func apply(to face: inout MatchedFace, varied: VariedFace) {
        if let weight = placed.coordinate("wght") { face.weight = FontWeight(weight) }
        if let width = placed.coordinate("wdth") { face.width = FontWidth(width) }
        if let italicFromAxis {
            face.slant = italicFromAxis
            face.synthetic.oblique = false
        }
        // fontconfig names a named instance but not the variable face itself.
        face.face = varied.instanceName ?? (face.face.isEmpty ? "Variable" : face.face)
        if !varied.postscriptName.isEmpty { face.postscriptName = varied.postscriptName }
    }
}
