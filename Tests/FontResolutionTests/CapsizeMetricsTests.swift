import DynamicType
import FontResolution
import FontdTestSupport
import Foundation
import OpenTypeTestSupport
import Testing

/// docs/DESIGN.md §32 (Capsize and metrics-exact web): the trims and metrics fontd measures through FreeType
/// equal those fontTools reads from the font files themselves (`CapsizeReference`), within 1e-4 em.
@Suite(.ownThread) struct CapsizeMetricsTests {
    /// Checks each font's Capsize answer against the reference, one script run for all of them.
    func expectReference(_ fonts: [ResolvedFont], resolver: FontResolver, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let references = try CapsizeReference.measure(fonts)
        try #require(references.count == fonts.count, sourceLocation: sourceLocation)
        for (font, reference) in zip(fonts, references) {
            let (metrics, source) = try resolver.capsizeMetrics(of: font)
            let answer = CapsizeAnswer(font: font, metrics: metrics, source: source)
            let what = "\(font.style) at \(font.category.rawValue), \(font.matchedFace.postscriptName)"
            #expect(source.rawValue == reference.metricsSource, "\(what)", sourceLocation: sourceLocation)
            #expect(CapsizeReference.units(of: metrics) == reference.units, "\(what)", sourceLocation: sourceLocation)
            #expect(
                abs(answer.capHeightTrim - reference.capHeightTrim) <= 1e-4,
                "\(what): \(answer.capHeightTrim) vs \(reference.capHeightTrim)", sourceLocation: sourceLocation)
            #expect(
                abs(answer.baselineTrim - reference.baselineTrim) <= 1e-4, "\(what): \(answer.baselineTrim) vs \(reference.baselineTrim)",
                sourceLocation: sourceLocation)
        }
    }

    @Test func everyStyleCategoryAndLegibilityOfTheDefaultTableOnDejaVuMatchesFontTools() throws {
        var fonts: [ResolvedFont] = []
        for definition in defaultTable.styles {
            for category in ContentSizeCategory.allCases {
                for legibility in [LegibilityWeight.regular, .bold] {
                    fonts.append(try resolve(definition.style, category, legibility: legibility))
                }
            }
        }
        #expect(fonts.count == defaultTable.styles.count * 24)
        #expect(fonts.allSatisfy { $0.matchedFace.family.hasPrefix("DejaVu") })
        try expectReference(fonts, resolver: resolver)
    }

    @Test(arguments: [("Inter", [300.0, 650, 900]), ("Roboto Flex", [250.0, 550, 850])])
    func variableInstancesAtThreeWeightsMatchFontTools(family: String, weights: [Double]) throws {
        try #require(VariableFonts.interIsInstalled, "Inter is missing: run scripts/install-dependencies (fonts-inter-variable)")
        let variable = VariableFonts.resolver
        let fonts = try weights.flatMap { weight in
            try [ContentSizeCategory.extraSmall, .large, .accessibilityExtraExtraExtraLarge].map { category in
                try variable.resolveUncached(FontRequest(style: .body, category: category, families: [family], weight: FontWeight(weight)))
            }
        }
        #expect(fonts.allSatisfy { $0.matchedFace.family == family && $0.variations?["wght"] != nil })
        #expect(Set(fonts.compactMap { $0.variations?["wght"] }) == Set(weights))
        try expectReference(fonts, resolver: variable)
        // Widths follow the instance: a heavier Inter has wider letters.
        let widths = try fonts.map { try variable.capsizeMetrics(of: $0).metrics.xWidthAvg }
        #expect(widths.first! < widths.last!)
    }

    @Test func aFontWithoutUseTypoMetricsIsMeasuredByHhea() throws {
        try #require(ReadingFonts.isInstalled, "OpenDyslexic is missing: run scripts/install-dependencies (fonts-opendyslexic)")
        let font = try ReadingFonts.resolver.resolveUncached(FontRequest(style: .body, families: ["OpenDyslexic"]))
        let (metrics, source) = try ReadingFonts.resolver.capsizeMetrics(of: font)
        #expect(source == .hhea)
        // OpenDyslexic's hhea ascender is 1250 and its typo ascender 1556: the two readings differ.
        #expect(metrics.ascent == 1250)
        try expectReference([font], resolver: ReadingFonts.resolver)
    }

    @Test func aFontWithUseTypoMetricsIsMeasuredByItsTypoValues() throws {
        try #require(ReadingFonts.isInstalled, "OpenDyslexic is missing: run scripts/install-dependencies (fonts-opendyslexic)")
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let copy = directory.appendingPathComponent("OpenDyslexicTypo.otf")
        let script = """
            import sys
            from fontTools.ttLib import TTFont
            font = TTFont(sys.argv[1])
            font["OS/2"].version = max(font["OS/2"].version, 4)
            font["OS/2"].fsSelection |= 0x80
            for record in font["name"].names:
                if record.nameID in (1, 4, 6, 16):
                    record.string = {1: "OpenDyslexic Typo", 4: "OpenDyslexic Typo", 6: "OpenDyslexicTypo", 16: "OpenDyslexic Typo"}[record.nameID]
            font.save(sys.argv[2])
            """
        let saved = try CommandRunner.run(
            ["-c", script, ReadingFonts.directory + "/OpenDyslexic-Regular.otf", copy.path],
            executable: URL(fileURLWithPath: "/usr/bin/python3"), environment: ProcessInfo.processInfo.environment)
        try #require(saved.status == 0)
        let config = PinnedFonts.writeConfiguration(
            named: "test-fontconfig-typo-\(UUID().uuidString)", directories: [PinnedFonts.fontDirectory, directory.path])
        let typoResolver = try FontResolver(table: defaultTable, cacheEntries: 8, fontconfigFile: config)
        let font = try typoResolver.resolveUncached(FontRequest(style: .body, families: ["OpenDyslexic Typo"]))
        #expect(font.matchedFace.file == copy.path)
        let (metrics, source) = try typoResolver.capsizeMetrics(of: font)
        #expect(source == .typo)
        #expect(metrics.ascent == 1556)
        try expectReference([font], resolver: typoResolver)
    }
}
