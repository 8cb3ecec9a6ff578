/// What the style table and the request decide before any font is looked at (docs/DESIGN.md §5 (Resolution) steps 1–6b):
/// the descriptor to match, and the typographic values that do not depend on the face.
public struct FontSpecification: Hashable, Sendable {
    /// The style, spelled as the table spells it.
    public var style: TextStyle
    public var category: ContentSizeCategory
    public var descriptor: FontDescriptor
    /// The weight asked for after traits and legibility (reported as `requestedWeight`).
    public var requestedWeight: FontWeight
    public var lineHeight: Double
    public var tracking: Double
    /// Word spacing to add, in points: only with WCAG text spacing (nil otherwise).
    public var wordSpacing: Double?
    /// Space after a paragraph, in points: only with WCAG text spacing (nil otherwise).
    public var paragraphSpacing: Double?
    /// The table's line height at `category` over its line height at `l`.
    public var metricsScale: Double
    /// Whether a variable face's `opsz` follows the point size (the style's setting).
    public var opticalSizing: Bool
}

extension StyleTable {
    /// Applies docs/DESIGN.md §5 (Resolution) steps 1–6b to `request`.
    public func specification(for request: FontRequest) throws(DynamicTypeError) -> FontSpecification {
        let definition = try definition(of: request.style)
        let cell = definition.size(at: request.category)
        let traits = request.traits

        // Step 2: weight never goes down. `bold` asks for at least the emphasized weight; "Bold
        // Text" then makes it heavier still, to at least the emphasized weight (1000 at most).
        var weight = request.weight ?? definition.weight
        if traits.contains(.bold) { weight = max(weight, definition.emphasizedWeight) }
        if request.legibilityWeight == .bold { weight = max(definition.emphasizedWeight, weight.adding(100)) }

        var lineHeight = cell.lineHeight
        if traits.contains(.tightLeading) { lineHeight -= 2 }
        if traits.contains(.looseLeading) { lineHeight += 2 }

        var size = cell.size
        var tracking = cell.tracking
        if let maximum = request.maximumPointSize, size > maximum {
            let factor = maximum / size
            lineHeight *= factor
            tracking *= factor
            size = maximum
        }

        // Step 6b: WCAG 1.4.12's spacing, from the size as it is now; `metricsScale` stays the table's.
        var wordSpacing: Double?
        var paragraphSpacing: Double?
        if request.textSpacing == .wcag {
            lineHeight = max(lineHeight, size * 1.5)
            tracking += size * 0.12
            wordSpacing = size * 0.16
            paragraphSpacing = size * 2
        }

        let descriptor = FontDescriptor(
            families: request.families ?? definition.families,
            size: size,
            weight: weight,
            width: traits.contains(.condensed) ? .condensed : traits.contains(.expanded) ? .expanded : nil,
            slant: traits.contains(.italic) ? .italic : nil,
            spacing: traits.contains(.monospace) ? .monospace : nil,
            traits: traits,
            variations: cell.variations)
        return FontSpecification(
            style: definition.style, category: request.category, descriptor: descriptor, requestedWeight: weight,
            lineHeight: lineHeight, tracking: tracking, wordSpacing: wordSpacing, paragraphSpacing: paragraphSpacing,
            metricsScale: definition.metricsScale(at: request.category), opticalSizing: definition.opticalSizing)
    }
}
