import DynamicType
import FontResolution
import FontdTestSupport
import Foundation
import Testing

/// The package's default table.
let defaultTable: StyleTable = {
    do { return try StyleTable.load(from: TestPaths.defaultStyles) } catch { fatalError("default table: \(error)") }
}()

/// One resolver for the whole run, created after fontconfig has been pointed at the pinned fonts.
let resolver: FontResolver = {
    _ = PinnedFonts.configFile
    do { return try FontResolver(table: defaultTable, cacheEntries: 1000) } catch { fatalError("resolver: \(error)") }
}()

func resolve(
    _ style: TextStyle = .body, _ category: ContentSizeCategory = .large, traits: SymbolicTraits = [],
    families: [String]? = nil, weight: FontWeight? = nil, legibility: LegibilityWeight = .regular, maximum: Double? = nil
) throws -> ResolvedFont {
    try resolver.resolveUncached(FontRequest(
        style: style, category: category, traits: traits, families: families, weight: weight,
        legibilityWeight: legibility, maximumPointSize: maximum))
}

/// Checks every metric of `font` against the font file's own tables, read without FreeType.
func expectMetricsMatchTables(_ font: ResolvedFont, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let tables = try OpenTypeTables(contentsOf: URL(fileURLWithPath: font.descriptor.file), faceIndex: font.descriptor.index)
    let scale = font.descriptor.pointSize / Double(tables.unitsPerEm)
    let os2 = tables.os2
    let typo = os2?.usesTypoMetrics == true
    let ascender = Double(typo ? os2!.typoAscender : tables.hhea.ascender) * scale
    let descender = Double(typo ? os2!.typoDescender : tables.hhea.descender) * scale
    let lineGap = Double(typo ? os2!.typoLineGap : tables.hhea.lineGap) * scale
    // OS/2 cap and x height exist from version 2 and count when non-zero; otherwise the glyphs' tops.
    let tableCapHeight = os2?.capHeight.flatMap { $0 > 0 ? $0 : nil }
    let tableXHeight = os2?.xHeight.flatMap { $0 > 0 ? $0 : nil }
    let capHeight = Double(try tableCapHeight ?? tables.glyphTop(of: "H")) * scale
    let xHeight = Double(try tableXHeight ?? tables.glyphTop(of: "x")) * scale
    let post = try #require(tables.post, sourceLocation: sourceLocation)
    let m = font.metrics
    let pairs: [(String, Double, Double)] = [
        ("ascender", m.ascender, ascender), ("descender", m.descender, descender), ("lineGap", m.lineGap, lineGap),
        ("capHeight", m.capHeight, capHeight), ("xHeight", m.xHeight, xHeight),
        ("underlinePosition", m.underlinePosition, Double(post.underlinePosition) * scale),
        ("underlineThickness", m.underlineThickness, Double(post.underlineThickness) * scale),
        ("leading", m.leading, m.lineHeight - (ascender - descender)),
    ]
    #expect(m.unitsPerEm == tables.unitsPerEm, sourceLocation: sourceLocation)
    for (name, actual, expected) in pairs {
        #expect(abs(actual - expected) < 0.01, "\(name): \(actual) vs the font's \(expected)", sourceLocation: sourceLocation)
    }
}
