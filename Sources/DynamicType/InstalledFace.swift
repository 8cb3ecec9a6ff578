/// One installed face, as `fontd list` and `GET /faces` report it.
public struct InstalledFace: Hashable, Sendable, Codable {
    public var family: String
    public var face: String
    public var postscriptName: String
    public var file: String
    public var index: Int
    public var weight: FontWeight
    public var width: FontWidth
    public var slant: FontSlant
    public var spacing: FontSpacing
    /// The design axes and their ranges, for a face of a variable font (nil for static faces).
    public var axes: [VariationAxis]?

    public init(
        family: String, face: String, postscriptName: String, file: String, index: Int,
        weight: FontWeight, width: FontWidth, slant: FontSlant, spacing: FontSpacing, axes: [VariationAxis]? = nil
    ) {
        self.family = family
        self.face = face
        self.postscriptName = postscriptName
        self.file = file
        self.index = index
        self.weight = weight
        self.width = width
        self.slant = slant
        self.spacing = spacing
        self.axes = axes
    }
}
