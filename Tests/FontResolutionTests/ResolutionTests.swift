import DynamicType
import FontResolution
import FontdTestSupport
import Foundation
import Testing

@Suite struct ResolutionTests {
    @Test func bodyAtExtraLargeIsDejaVuSansAtNineteenOnTwentyFour() throws {
        let font = try resolve(.body, .extraLarge)
        #expect(font.style == .body)
        #expect(font.category == .extraLarge)
        #expect(font.descriptor.family == "DejaVu Sans")
        #expect(font.descriptor.pointSize == 19)
        #expect(font.metrics.lineHeight == 24)
        #expect(font.descriptor.file == PinnedFonts.fontDirectory + "/DejaVuSans.ttf")
        #expect(FileManager.default.fileExists(atPath: font.descriptor.file))
        #expect(font.descriptor.fallback == false)
        #expect(font.descriptor.spacing == .proportional)
        #expect(font.metrics.metricsScale == 24.0 / 22.0)
        try expectMetricsMatchTables(font)
    }

    struct Cell: Sendable, CustomTestStringConvertible {
        var style: TextStyle
        var category: ContentSizeCategory
        var testDescription: String { "\(style)@\(category.rawValue)" }
    }

    static let allCells = defaultTable.styleNames.flatMap { style in
        ContentSizeCategory.allCases.map { Cell(style: style, category: $0) }
    }

    @Test(arguments: allCells)
    func everyCellResolvesToItsTableValues(_ cell: Cell) throws {
        let font = try resolve(cell.style, cell.category)
        let expected = try defaultTable.definition(of: cell.style).size(at: cell.category)
        #expect(font.descriptor.pointSize == expected.size)
        #expect(font.metrics.lineHeight == expected.lineHeight)
        #expect(font.metrics.tracking == expected.tracking)
        try expectMetricsMatchTables(font)
    }

    static let traitCombinations: [SymbolicTraits] = [
        [], .bold, .italic, [.bold, .italic], .condensed, [.condensed, .bold, .italic], .expanded, .monospace,
        [.monospace, .bold], [.monospace, .italic], .tightLeading, .looseLeading,
    ]

    @Test(arguments: traitCombinations)
    func metricsOfWhateverFaceMatchedAreTheFontsOwn(_ traits: SymbolicTraits) throws {
        for category in [ContentSizeCategory.extraSmall, .large, .accessibilityExtraExtraExtraLarge] {
            try expectMetricsMatchTables(try resolve(.headline, category, traits: traits))
        }
    }

    @Test func boldOnBodyAsksSemiboldAndReportsTheBoldFaceItGot() throws {
        let font = try resolve(traits: .bold)
        #expect(font.descriptor.requestedWeight.rawValue == 600)
        #expect(font.descriptor.weight.rawValue == 700)
        #expect(font.descriptor.face == "Bold")
        #expect(font.descriptor.postscriptName == "DejaVuSans-Bold")
        #expect(font.descriptor.traits == .bold)
        #expect(font.descriptor.synthetic == SyntheticStyling(bold: false, oblique: false))
    }

    @Test func boldOnHeadlineKeepsSemibold() throws {
        let font = try resolve(.headline, traits: .bold)
        #expect(font.descriptor.requestedWeight.rawValue == 600)
    }

    @Test func boldTraitWithBoldTextAsksEmphasizedPlusOneHundred() throws {
        let font = try resolve(traits: .bold, legibility: .bold)
        #expect(font.descriptor.requestedWeight.rawValue == 700)
        #expect(try resolve(.largeTitle, traits: .bold, legibility: .bold).descriptor.requestedWeight.rawValue == 800)
    }

    @Test func italicAnswersTheObliqueFace() throws {
        let font = try resolve(traits: .italic)
        #expect(font.descriptor.face == "Oblique")
        #expect(font.descriptor.slant == .oblique)
        #expect(font.descriptor.postscriptName == "DejaVuSans-Oblique")
        #expect(font.descriptor.synthetic.oblique == false)
    }

    @Test func condensedAnswersDejaVuSansCondensed() throws {
        let font = try resolve(traits: .condensed)
        #expect(font.descriptor.postscriptName == "DejaVuSansCondensed")
        #expect(font.descriptor.file.hasSuffix("/DejaVuSansCondensed.ttf"))
        #expect(font.descriptor.width.rawValue == 87)
    }

    @Test func monospaceAnswersAFixedWidthFace() throws {
        let font = try resolve(traits: .monospace)
        #expect(font.descriptor.family == "DejaVu Sans Mono")
        #expect(font.descriptor.spacing == .monospace)
        #expect(font.descriptor.traits == .monospace)
    }

    @Test func monospaceOnAFamilyWithoutOneFallsBackToTheGenericMonospace() throws {
        let font = try resolve(traits: [.monospace, .bold], families: ["DejaVu Serif"])
        #expect(font.descriptor.family == "DejaVu Sans Mono")
        #expect(font.descriptor.spacing == .monospace)
        #expect(font.descriptor.face == "Bold")
        #expect(font.descriptor.fallback == true)
    }

    @Test func monospaceWithoutANamedFamilyIsNoFallback() throws {
        #expect(try resolve(traits: .monospace).descriptor.fallback == false)
        #expect(try resolve(traits: .monospace, families: ["DejaVu Sans Mono"]).descriptor.fallback == false)
    }

    @Test func tightAndLooseLeadingChangeLineHeightAndLeading() throws {
        let plain = try resolve()
        let tight = try resolve(traits: .tightLeading)
        let loose = try resolve(traits: .looseLeading)
        #expect(plain.metrics.lineHeight == 22)
        #expect(tight.metrics.lineHeight == 20)
        #expect(loose.metrics.lineHeight == 24)
        #expect(tight.metrics.leading == plain.metrics.leading - 2)
        #expect(loose.metrics.leading == plain.metrics.leading + 2)
    }

    @Test func unknownFamilyStillAnswersAndSaysItFellBack() throws {
        let font = try resolve(families: ["No Such Font"])
        #expect(font.descriptor.fallback == true)
        #expect(font.descriptor.family == "DejaVu Sans")
    }

    @Test func namedFamilyIsAnsweredWithoutFallback() throws {
        let font = try resolve(families: ["DejaVu Serif"])
        #expect(font.descriptor.fallback == false)
        #expect(font.descriptor.family == "DejaVu Serif")
        // Compared without case and spaces, as fontconfig compares names.
        #expect(try resolve(families: ["dejavuserif"]).descriptor.fallback == false)
    }

    @Test func familyWithPatternSyntaxIsOnlyAName() throws {
        let font = try resolve(families: ["Sans:weight=bold"])
        #expect(font.descriptor.weight.rawValue == 400)
        #expect(font.descriptor.fallback == true)
    }

    @Test func weightWithoutANamedFaceReportsTheFaceGot() throws {
        let font = try resolve(weight: FontWeight(200))
        #expect(font.descriptor.requestedWeight.rawValue == 200)
        #expect(font.descriptor.face == "ExtraLight")
    }

    @Test func maximumPointSizeCapsTheSizeAndScalesLineHeight() throws {
        let font = try resolve(.body, .accessibilityExtraExtraExtraLarge, maximum: 30)
        #expect(font.descriptor.pointSize == 30)
        #expect(abs(font.metrics.lineHeight - 62.0 * 30 / 53) < 1e-9)
        try expectMetricsMatchTables(font)
    }

    @Test func cachedAnswerEqualsTheUncachedOne() throws {
        let request = FontRequest(style: .title2, category: .accessibilityLarge, traits: [.italic, .bold])
        let first = try resolver.resolve(request)
        #expect(try resolver.resolve(request) == first)
        #expect(try resolver.resolveUncached(request) == first)
    }

    @Test func unknownStyleIsADynamicTypeError() {
        #expect(throws: DynamicTypeError.self) { try resolve(TextStyle("bdoy")) }
    }

    @Test func jsonKeysComeInTheDesignedOrder() throws {
        let json = try OrderedJSONEncoder().string(try resolve(.body, .extraLarge, traits: .bold))
        let keys = ["\"style\"", "\"category\"", "\"descriptor\"", "\"family\"", "\"face\"", "\"postscriptName\"", "\"file\"",
                    "\"index\"", "\"pointSize\"", "\"weight\"", "\"requestedWeight\"", "\"width\"", "\"slant\"", "\"spacing\"",
                    "\"traits\"", "\"fallback\"", "\"synthetic\"", "\"metrics\"", "\"unitsPerEm\"", "\"ascender\"",
                    "\"descender\"", "\"lineGap\"", "\"capHeight\"", "\"xHeight\"", "\"underlinePosition\"",
                    "\"underlineThickness\"", "\"lineHeight\"", "\"leading\"", "\"tracking\"", "\"metricsScale\""]
        let positions = try keys.map { key in try #require(json.range(of: key)?.lowerBound, "\(key) missing") }
        #expect(positions == positions.sorted())
        #expect(json.contains("\"file\":\"/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf\""))
        #expect(!json.contains("variations"))
    }

    @Test func resolvedFontRoundTripsThroughJSON() throws {
        let font = try resolve(.caption2, .accessibilityMedium, traits: [.condensed, .italic])
        let data = try OrderedJSONEncoder().encode(font)
        #expect(try JSONDecoder().decode(ResolvedFont.self, from: data) == font)
    }
}
