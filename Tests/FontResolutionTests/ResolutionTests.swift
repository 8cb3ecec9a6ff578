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
        #expect(font.matchedFace.family == "DejaVu Sans")
        #expect(font.matchedFace.pointSize == 19)
        #expect(font.metrics.lineHeight == 24)
        #expect(font.matchedFace.file == PinnedFonts.fontDirectory + "/DejaVuSans.ttf")
        #expect(FileManager.default.fileExists(atPath: font.matchedFace.file))
        #expect(font.matchedFace.fallback == false)
        #expect(font.matchedFace.spacing == .proportional)
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
        #expect(font.matchedFace.pointSize == expected.size)
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
        #expect(font.matchedFace.requestedWeight.rawValue == 600)
        #expect(font.matchedFace.weight.rawValue == 700)
        #expect(font.matchedFace.face == "Bold")
        #expect(font.matchedFace.postscriptName == "DejaVuSans-Bold")
        #expect(font.matchedFace.traits == .bold)
        #expect(font.matchedFace.synthetic == SyntheticStyling(bold: false, oblique: false))
    }

    @Test func boldOnHeadlineKeepsSemibold() throws {
        let font = try resolve(.headline, traits: .bold)
        #expect(font.matchedFace.requestedWeight.rawValue == 600)
    }

    @Test func boldTraitWithBoldTextAsksEmphasizedPlusOneHundred() throws {
        let font = try resolve(traits: .bold, legibility: .bold)
        #expect(font.matchedFace.requestedWeight.rawValue == 700)
        #expect(try resolve(.largeTitle, traits: .bold, legibility: .bold).matchedFace.requestedWeight.rawValue == 800)
    }

    @Test func italicAnswersTheObliqueFace() throws {
        let font = try resolve(traits: .italic)
        #expect(font.matchedFace.face == "Oblique")
        #expect(font.matchedFace.slant == .oblique)
        #expect(font.matchedFace.postscriptName == "DejaVuSans-Oblique")
        #expect(font.matchedFace.synthetic.oblique == false)
    }

    @Test func condensedAnswersDejaVuSansCondensed() throws {
        let font = try resolve(traits: .condensed)
        #expect(font.matchedFace.postscriptName == "DejaVuSansCondensed")
        #expect(font.matchedFace.file.hasSuffix("/DejaVuSansCondensed.ttf"))
        #expect(font.matchedFace.width.rawValue == 87)
    }

    @Test func monospaceAnswersAFixedWidthFace() throws {
        let font = try resolve(traits: .monospace)
        #expect(font.matchedFace.family == "DejaVu Sans Mono")
        #expect(font.matchedFace.spacing == .monospace)
        #expect(font.matchedFace.traits == .monospace)
    }

    @Test func monospaceOnAFamilyWithoutOneFallsBackToTheGenericMonospace() throws {
        let font = try resolve(traits: [.monospace, .bold], families: ["DejaVu Serif"])
        #expect(font.matchedFace.family == "DejaVu Sans Mono")
        #expect(font.matchedFace.spacing == .monospace)
        #expect(font.matchedFace.face == "Bold")
        #expect(font.matchedFace.fallback == true)
    }

    @Test func monospaceWithoutANamedFamilyIsNoFallback() throws {
        #expect(try resolve(traits: .monospace).matchedFace.fallback == false)
        #expect(try resolve(traits: .monospace, families: ["DejaVu Sans Mono"]).matchedFace.fallback == false)
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
        #expect(font.matchedFace.fallback == true)
        #expect(font.matchedFace.family == "DejaVu Sans")
    }

    @Test func namedFamilyIsAnsweredWithoutFallback() throws {
        let font = try resolve(families: ["DejaVu Serif"])
        #expect(font.matchedFace.fallback == false)
        #expect(font.matchedFace.family == "DejaVu Serif")
        // Compared without case and spaces, as fontconfig compares names.
        #expect(try resolve(families: ["dejavuserif"]).matchedFace.fallback == false)
    }

    @Test func familyWithPatternSyntaxIsOnlyAName() throws {
        let font = try resolve(families: ["Sans:weight=bold"])
        #expect(font.matchedFace.weight.rawValue == 400)
        #expect(font.matchedFace.fallback == true)
    }

    @Test func weightWithoutANamedFaceReportsTheFaceGot() throws {
        let font = try resolve(weight: FontWeight(200))
        #expect(font.matchedFace.requestedWeight.rawValue == 200)
        #expect(font.matchedFace.face == "ExtraLight")
    }

    @Test func maximumPointSizeCapsTheSizeAndScalesLineHeight() throws {
        let font = try resolve(.body, .accessibilityExtraExtraExtraLarge, maximum: 30)
        #expect(font.matchedFace.pointSize == 30)
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
        let keys = [
            "\"style\"", "\"category\"", "\"descriptor\"", "\"family\"", "\"face\"", "\"postscriptName\"", "\"file\"",
            "\"index\"", "\"pointSize\"", "\"weight\"", "\"requestedWeight\"", "\"width\"", "\"slant\"", "\"spacing\"",
            "\"traits\"", "\"fallback\"", "\"synthetic\"", "\"metrics\"", "\"unitsPerEm\"", "\"ascender\"",
            "\"descender\"", "\"lineGap\"", "\"capHeight\"", "\"xHeight\"", "\"underlinePosition\"",
            "\"underlineThickness\"", "\"lineHeight\"", "\"leading\"", "\"tracking\"", "\"metricsScale\"",
        ]
        let positions = try keys.map { key in try #require(json.range(of: key)?.lowerBound, "\(key) missing") }
        #expect(positions == positions.sorted())
        #expect(json.contains("\"file\":\"/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf\""))
        #expect(!json.contains("variations"))
    }

    @Test func resolvedFontRoundTripsThroughJSON() throws {
        let font = try resolve(.caption2, .accessibilityMedium, traits: [.condensed, .italic])
        let data = try OrderedJSONEncoder().encode(font)
        let decoded = try JSONDecoder().decode(ResolvedFont.self, from: data)
        // Numbers are written within a thousandth (docs/DESIGN.md §6 (Answer documents)): what reads back writes the same bytes again.
        #expect(try OrderedJSONEncoder().encode(decoded) == data)
        #expect(decoded.matchedFace == font.matchedFace)
        let metrics: [KeyPath<FontMetrics, Double>] = [
            \.ascender, \.descender, \.lineGap, \.capHeight, \.xHeight, \.underlinePosition, \.underlineThickness,
            \.lineHeight, \.tracking, \.metricsScale,
        ]
        for metric in metrics {
            #expect(decoded.metrics[keyPath: metric] == RoundedNumber(font.metrics[keyPath: metric]).value, "\(metric)")
        }
        #expect(abs(decoded.metrics.leading - font.metrics.leading) < 2 * RoundedNumber.tolerance)
    }
}
