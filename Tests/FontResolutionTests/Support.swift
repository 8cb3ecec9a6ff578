import DynamicType
import FontResolution
import FontdTestSupport
import Foundation
import OpenTypeTestSupport
import Testing

let defaultTable = Fixtures.defaultTable
let resolver = Fixtures.resolver

func resolve(
    _ style: TextStyle = .body, _ category: ContentSizeCategory = .large, traits: SymbolicTraits = [],
    families: [String]? = nil, weight: FontWeight? = nil, legibility: LegibilityWeight = .regular, maximum: Double? = nil
) throws -> ResolvedFont {
    try resolver.resolveUncached(
        FontRequest(
            style: style, category: category, traits: traits, families: families, weight: weight,
            legibilityWeight: legibility, maximumPointSize: maximum))
}

/// Checks every metric of `font` against the font file's own tables, read without FreeType.
func expectMetricsMatchTables(_ font: ResolvedFont, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let tables = try OpenTypeTables(contentsOf: URL(fileURLWithPath: font.matchedFace.file), faceIndex: font.matchedFace.index)
    let expected = try tables.expectedMetrics(pointSize: font.matchedFace.pointSize, lineHeight: font.metrics.lineHeight)
    let m = font.metrics
    let actual: [String: Double] = [
        "ascender": m.ascender, "descender": m.descender, "lineGap": m.lineGap, "capHeight": m.capHeight,
        "xHeight": m.xHeight, "underlinePosition": m.underlinePosition, "underlineThickness": m.underlineThickness,
        "leading": m.leading,
    ]
    #expect(m.unitsPerEm == tables.unitsPerEm, sourceLocation: sourceLocation)
    #expect(Set(actual.keys) == Set(expected.keys), sourceLocation: sourceLocation)
    for (name, value) in expected {
        let got = try #require(actual[name], sourceLocation: sourceLocation)
        #expect(abs(got - value) < 0.01, "\(name): \(got) vs the font's \(value)", sourceLocation: sourceLocation)
    }
}
