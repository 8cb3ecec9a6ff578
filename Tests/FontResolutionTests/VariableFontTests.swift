import DynamicType
import FontResolution
import FontdTestSupport
import Foundation
import OpenTypeTestSupport
import Testing

/// docs/DESIGN.md §5 (Resolution) step 11 against real variable fonts: Roboto Flex (opsz, MVAR) and Inter (wght, no MVAR).
@Suite struct VariableFontTests {
    let tables: OpenTypeTables

    init() throws {
        tables = try OpenTypeTables(contentsOf: VariableFonts.robotoFlex)
    }

    func robotoFlex(
        _ category: ContentSizeCategory, traits: SymbolicTraits = [], resolver: FontResolver = VariableFonts.resolver
    ) throws -> ResolvedFont {
        try resolver.resolveUncached(FontRequest(style: .body, category: category, traits: traits, families: ["Roboto Flex"]))
    }

    /// What the font's own tables say a metric is at `font`'s coordinates, in design units: the OS/2
    /// value plus the MVAR delta, rounded as a renderer rounds it.
    func tableValue(_ tag: String, base: Int?, at font: ResolvedFont) throws -> Int {
        let variations = try #require(font.variations)
        let delta = try tables.metricDelta(tag, at: tables.normalizedCoordinates(variations))
        return try #require(base) + Int(delta.rounded())
    }

    @Test(arguments: [ContentSizeCategory.extraSmall, .accessibilityExtraExtraExtraLarge])
    func robotoFlexBodyIsMeasuredAtItsPointSizeAsOpticalSize(_ category: ContentSizeCategory) throws {
        let font = try robotoFlex(category)
        let cell = try Fixtures.defaultTable.definition(of: .body).size(at: category)
        #expect(font.matchedFace.family == "Roboto Flex")
        #expect(font.matchedFace.pointSize == cell.size)
        #expect(font.variations?["opsz"] == cell.size)
        #expect(font.variations?["wght"] == 400)
        #expect(font.variations?["wdth"] == 100)
        #expect(font.matchedFace.face == "Regular")
        // Every axis of the font is reported, so a renderer can apply exactly what was measured.
        #expect(Set(font.variations?.keys.map { $0 } ?? []) == Set(try tables.axes().map(\.tag)))

        let unitsPerEm = Double(tables.unitsPerEm)
        let xHeight = try tableValue("xhgt", base: tables.os2?.xHeight, at: font)
        let capHeight = try tableValue("cpht", base: tables.os2?.capHeight, at: font)
        #expect(abs(font.metrics.xHeight - Double(xHeight) * cell.size / unitsPerEm) < 1e-9)
        #expect(abs(font.metrics.capHeight - Double(capHeight) * cell.size / unitsPerEm) < 1e-9)
    }

    @Test func robotoFlexXHeightPerEmChangesFromExtraSmallToAX5ExactlyAsMVARSays() throws {
        let small = try robotoFlex(.extraSmall)
        let large = try robotoFlex(.accessibilityExtraExtraExtraLarge)
        let unitsPerEm = Double(tables.unitsPerEm)
        let expected = Double(
            try tableValue("xhgt", base: tables.os2?.xHeight, at: large) - tableValue("xhgt", base: tables.os2?.xHeight, at: small))
        let measured = large.metrics.xHeight / large.matchedFace.pointSize - small.metrics.xHeight / small.matchedFace.pointSize
        // Large optical sizes have a lower x-height; a resolver ignoring opsz would measure no change at all.
        #expect(expected < 0)
        #expect(abs(measured - expected / unitsPerEm) < 1e-12, "measured \(measured * unitsPerEm) units, MVAR says \(expected)")
    }

    @Test func opticalSizingOffKeepsTheFontsOwnOpticalSize() throws {
        let url = try StyleTableBreakage.writeDefaultTable { table in
            StyleTableBreakage.editStyle(&table, 5) { $0["opticalSizing"] = false }
        }
        let resolver = try FontResolver(table: StyleTable.load(from: url), fontconfigFile: VariableFonts.configFile)
        let font = try robotoFlex(.accessibilityExtraExtraExtraLarge, resolver: resolver)
        let defaultOpticalSize = try #require(try tables.axes().first { $0.tag == "opsz" }).defaultValue
        #expect(font.variations?["opsz"] == defaultOpticalSize)
        let unitsPerEm = Double(tables.unitsPerEm)
        #expect(abs(font.metrics.xHeight - Double(try #require(tables.os2?.xHeight)) * 53 / unitsPerEm) < 1e-9)
    }

    @Test func tableAxisValuesApplyPerCategoryClampedToTheAxisAndUnknownAxesAreIgnored() throws {
        let url = try StyleTableBreakage.writeDefaultTable { table in
            StyleTableBreakage.editCell(&table, 5, "ax4") { $0?["variations"] = ["GRAD": 100] }
            StyleTableBreakage.editCell(&table, 5, "ax5") { $0?["variations"] = ["GRAD": 500, "ZZZZ": 1] }
        }
        let resolver = try FontResolver(table: StyleTable.load(from: url), fontconfigFile: VariableFonts.configFile)
        let grade = try #require(try tables.axes().first { $0.tag == "GRAD" })
        #expect(try robotoFlex(.large, resolver: resolver).variations?["GRAD"] == grade.defaultValue)
        #expect(try robotoFlex(.accessibilityExtraExtraLarge, resolver: resolver).variations?["GRAD"] == 100)
        let ax5 = try robotoFlex(.accessibilityExtraExtraExtraLarge, resolver: resolver)
        #expect(ax5.variations?["GRAD"] == grade.maximum)
        #expect(ax5.variations?["ZZZZ"] == nil)
        // A static face has no axes to set: the same table on DejaVu reports none.
        let dejaVu = try resolver.resolveUncached(FontRequest(style: .body, category: .accessibilityExtraExtraExtraLarge))
        #expect(dejaVu.matchedFace.family == "DejaVu Sans")
        #expect(dejaVu.variations == nil)
    }

    @Test func italicWithoutAnItalicFaceLeansOnTheSlantAxisInsteadOfSyntheticOblique() throws {
        // At 53 pt fontconfig prefers Roboto Flex's variable face (its opsz range holds the size) over the
        // 14 pt italic named instance, and would slant it synthetically; the slnt axis does it for real.
        let font = try robotoFlex(.accessibilityExtraExtraExtraLarge, traits: .italic)
        let slant = try #require(try tables.axes().first { $0.tag == "slnt" })
        #expect(font.variations?["slnt"] == slant.minimum)
        #expect(font.matchedFace.slant == .oblique)
        #expect(font.matchedFace.synthetic.oblique == false)
        #expect(font.matchedFace.face == "Italic")
        #expect(font.variations?["opsz"] == 53)
    }

    @Test func interBetweenNamedInstancesGetsTheVariableFaceAtThatWeight() throws {
        try #require(VariableFonts.interIsInstalled, "Inter is missing: run scripts/install-dependencies (fonts-inter-variable)")
        let font = try VariableFonts.resolver.resolveUncached(
            FontRequest(style: .body, families: ["Inter"], weight: FontWeight(650)))
        #expect(font.matchedFace.family == "Inter")
        #expect(font.matchedFace.index >> 16 == 0, "a named instance has its number in the upper 16 bits")
        #expect(font.variations?["wght"] == 650)
        #expect(font.matchedFace.weight == FontWeight(650))
        #expect(font.matchedFace.requestedWeight == FontWeight(650))
        #expect(font.matchedFace.face == "Variable")
        #expect(font.matchedFace.synthetic == SyntheticStyling(bold: false, oblique: false))
        #expect(font.matchedFace.postscriptName.contains("650"), "\(font.matchedFace.postscriptName)")
    }

    @Test func interAtANamedInstancesWeightGetsThatInstance() throws {
        try #require(VariableFonts.interIsInstalled, "Inter is missing: run scripts/install-dependencies (fonts-inter-variable)")
        let font = try VariableFonts.resolver.resolveUncached(
            FontRequest(style: .body, families: ["Inter"], weight: FontWeight(600)))
        #expect(font.matchedFace.index >> 16 != 0)
        #expect(font.matchedFace.face == "Semi Bold")
        #expect(font.variations?["wght"] == 600)
        #expect(font.matchedFace.weight == FontWeight(600))
    }

    @Test func withoutMVARTheOutlinesAtTheCoordinatesGiveTheXHeight() throws {
        // The same font with its MVAR hidden: OS/2 still says the default x-height, the outlines do not.
        let resolver = try FontResolver(table: Fixtures.defaultTable, fontconfigFile: VariableFonts.robotoFlexWithoutMVARConfigFile)
        let stripped = try robotoFlex(.accessibilityExtraExtraExtraLarge, resolver: resolver)
        #expect(stripped.matchedFace.file.hasSuffix("test-fonts-without-mvar/RobotoFlex.ttf"))
        #expect(stripped.variations?["opsz"] == 53)
        let unitsPerEm = Double(tables.unitsPerEm)
        let staleXHeight = try #require(tables.os2?.xHeight)
        // Roboto Flex's designers keep MVAR and the outlines in step, so the real font's MVAR value is the expectation.
        let outlineXHeight = try tableValue("xhgt", base: staleXHeight, at: stripped)
        #expect(outlineXHeight != staleXHeight)
        #expect(abs(stripped.metrics.xHeight - Double(outlineXHeight) * 53 / unitsPerEm) < 1e-9)
    }

    @Test func italicNamedInstanceKeepsItsOwnNegativeCoordinates() throws {
        // At 14 pt (its opsz) fontconfig answers the "Italic" named instance; its slnt is −10 and YTDE −203,
        // which FreeType 2.12 hands over without sign extension.
        let font = try robotoFlex(.extraSmall, traits: .italic)
        #expect(font.matchedFace.index >> 16 != 0)
        #expect(font.matchedFace.face == "Italic")
        #expect(font.variations?["slnt"] == -10)
        #expect(font.variations?["YTDE"] == -203)
        #expect(font.matchedFace.synthetic.oblique == false)
    }

    @Test func listingGivesEveryVariableFaceItsAxesAndStaticFacesNone() throws {
        let faces = VariableFonts.resolver.catalog.faces(family: "Roboto Flex")
        let expected = try tables.axes().map {
            VariationAxis(tag: $0.tag, minimum: $0.minimum, defaultValue: $0.defaultValue, maximum: $0.maximum)
        }
        // fontconfig lists the 20 named instances, the default instance (index 0) and the variable face.
        #expect(faces.count == 22)
        for face in faces { #expect(face.axes == expected, "\(face.face)") }
        let variable = try #require(faces.first { $0.face == "Variable" })
        #expect(variable.weight == FontWeight(400))
        #expect(variable.index == 0)
        #expect(VariableFonts.resolver.catalog.faces(family: "DejaVu Sans").allSatisfy { $0.axes == nil })
    }

    @Test func cachedVariableAnswerEqualsTheUncachedOne() throws {
        let request = FontRequest(style: .title1, category: .accessibilityLarge, families: ["Roboto Flex"])
        let first = try VariableFonts.resolver.resolve(request)
        #expect(try VariableFonts.resolver.resolve(request) == first)
        #expect(try VariableFonts.resolver.resolveUncached(request) == first)
    }
}
