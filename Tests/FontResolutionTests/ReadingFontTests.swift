import DynamicType
import FontResolution
import FontdTestSupport
import Foundation
import Testing

/// The reader's reading font (docs/DESIGN.md §33 (The reading font)), resolved by real fontconfig and
/// FreeType over DejaVu and Debian's OpenDyslexic: first in every style's families, except for
/// monospace requests and styles and for requests that name their own families.
@Suite struct ReadingFontTests {
    static let openDyslexic = ReadingFonts.openDyslexic

    /// A table with two monospace styles beside the default ones: one on the generic family, one
    /// naming a fixed-width family.
    static let tableWithCode: StyleTable = {
        let body = Fixtures.defaultTable.styles.filter { $0.style == .body }
        let monospace = [("code", ["monospace"]), ("listing", ["DejaVu Sans Mono"])].flatMap { name, families in
            body.map { definition in
                var style = definition
                (style.style, style.families) = (TextStyle(name), families)
                return style
            }
        }
        return StyleTable(name: "with code", styles: Fixtures.defaultTable.styles + monospace)
    }()

    static let codeResolver = ReadingFonts.resolver(table: tableWithCode)

    func resolve(
        _ style: TextStyle = .body, traits: SymbolicTraits = [], families: [String]? = nil, readingFont: String?,
        resolver: FontResolver = ReadingFonts.resolver
    ) throws -> ResolvedFont {
        try #require(ReadingFonts.isInstalled, "OpenDyslexic is missing: run scripts/install-dependencies (fonts-opendyslexic)")
        return try resolver.resolveUncached(
            FontRequest(style: style, category: .extraLarge, traits: traits, families: families, readingFont: readingFont))
    }

    @Test func bodyWithOpenDyslexicResolvesToItWithoutFallback() throws {
        let font = try resolve(readingFont: Self.openDyslexic)
        #expect(font.matchedFace.family == "OpenDyslexic")
        #expect(font.matchedFace.face == "Regular")
        #expect(font.matchedFace.file == ReadingFonts.directory + "/OpenDyslexic-Regular.otf")
        #expect(font.matchedFace.fallback == false)
        #expect(font.matchedFace.pointSize == 19)
        #expect(font.metrics.lineHeight == 24)
        try expectMetricsMatchTables(font)
    }

    @Test(arguments: Fixtures.defaultTable.styleNames)
    func everyStyleOfTheDefaultTableReadsInIt(_ style: TextStyle) throws {
        let font = try resolve(style, readingFont: Self.openDyslexic)
        #expect(font.matchedFace.family == "OpenDyslexic")
        #expect(font.matchedFace.fallback == false)
        // Only the family changes: the table's size, line height and weight stay.
        let table = try resolve(style, readingFont: nil)
        #expect(font.matchedFace.pointSize == table.matchedFace.pointSize)
        #expect(font.metrics.lineHeight == table.metrics.lineHeight)
        #expect(font.matchedFace.requestedWeight == table.matchedFace.requestedWeight)
    }

    @Test func boldAndItalicFindTheReadingFontsOwnFaces() throws {
        let font = try resolve(traits: [.bold, .italic], readingFont: Self.openDyslexic)
        #expect(font.matchedFace.family == "OpenDyslexic")
        #expect(font.matchedFace.face == "Bold Italic")
        #expect(font.matchedFace.file == ReadingFonts.directory + "/OpenDyslexic-BoldItalic.otf")
        #expect(font.matchedFace.synthetic == SyntheticStyling(bold: false, oblique: false))
        #expect(font.matchedFace.fallback == false)
    }

    @Test func theMonospaceTraitKeepsTheTablesFamilies() throws {
        let font = try resolve(traits: .monospace, readingFont: Self.openDyslexic)
        #expect(font.matchedFace.family == "DejaVu Sans Mono")
        #expect(font.matchedFace.spacing == .monospace)
        #expect(font.matchedFace.fallback == false)
        #expect(font == (try resolve(traits: .monospace, readingFont: nil)))
    }

    @Test func familiesTheRequestNamesWinOverTheReadingFont() throws {
        let font = try resolve(families: ["DejaVu Serif"], readingFont: Self.openDyslexic)
        #expect(font.matchedFace.family == "DejaVu Serif")
        #expect(font.matchedFace.fallback == false)
        // A named family that is missing falls back as it always did, never to the reading font.
        let missing = try resolve(families: ["No Such Font"], readingFont: Self.openDyslexic)
        #expect(missing.matchedFace.family == "DejaVu Sans")
        #expect(missing.matchedFace.fallback == true)
    }

    @Test(arguments: ["code", "listing"])
    func aMonospaceStyleOfTheTableKeepsItsFont(_ style: String) throws {
        let font = try resolve(TextStyle(style), readingFont: Self.openDyslexic, resolver: Self.codeResolver)
        #expect(font.matchedFace.family == "DejaVu Sans Mono")
        #expect(font.matchedFace.spacing == .monospace)
        #expect(font.matchedFace.fallback == false)
        #expect(font == (try resolve(TextStyle(style), readingFont: nil, resolver: Self.codeResolver)))
        // The same table's proportional styles do take it.
        #expect(try resolve(readingFont: Self.openDyslexic, resolver: Self.codeResolver).matchedFace.family == "OpenDyslexic")
    }

    @Test func aReadingFontNotInstalledAnswersTheTablesFamilyAsAFallback() throws {
        let font = try resolve(traits: .bold, readingFont: "No Such Family")
        var table = try resolve(traits: .bold, readingFont: nil)
        #expect(font.matchedFace.family == "DejaVu Sans")
        #expect(font.matchedFace.fallback == true)
        #expect(table.matchedFace.fallback == false)
        // Otherwise the table's own answer, to the last metric.
        table.matchedFace.fallback = true
        #expect(font == table)
    }

    @Test func aReadingFontUninstalledLaterFallsBackOnceTheFontsAreReadAgain() throws {
        try #require(ReadingFonts.isInstalled, "OpenDyslexic is missing: run scripts/install-dependencies (fonts-opendyslexic)")
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let copy = directory.appendingPathComponent("OpenDyslexic-Regular.otf")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: ReadingFonts.directory + "/OpenDyslexic-Regular.otf"), to: copy)
        let configuration = PinnedFonts.writeConfiguration(
            named: "test-fontconfig-reading-uninstalled", directories: [PinnedFonts.fontDirectory, directory.path])
        let resolver = try FontResolver(table: Fixtures.defaultTable, cacheEntries: 100, fontconfigFile: configuration)
        let request = FontRequest(style: .body, readingFont: Self.openDyslexic)

        let installed = try resolver.resolve(request)
        #expect(installed.matchedFace.file == copy.path)
        #expect(installed.matchedFace.fallback == false)

        try FileManager.default.removeItem(at: copy)
        #expect(try resolver.refreshFonts(force: true) != nil)
        let uninstalled = try resolver.resolve(request)
        #expect(uninstalled.matchedFace.family == "DejaVu Sans")
        #expect(uninstalled.matchedFace.fallback == true)
    }

    @Test func aReadingFontIsNamedAsFontconfigNamesFamilies() throws {
        for spelling in ["opendyslexic", "Open Dyslexic", "OPENDYSLEXIC"] {
            let font = try resolve(readingFont: spelling)
            #expect(font.matchedFace.family == "OpenDyslexic", "\(spelling)")
            #expect(font.matchedFace.fallback == false, "\(spelling)")
        }
    }

    @Test func aGenericReadingFontIsNoFallback() throws {
        let font = try resolve(readingFont: "serif")
        #expect(font.matchedFace.family == "DejaVu Serif")
        #expect(font.matchedFace.fallback == false)
    }

    @Test func aBlankReadingFontIsTheTablesOwn() throws {
        let encoder = OrderedJSONEncoder()
        let table = try encoder.encode(try resolve(readingFont: nil))
        #expect(try encoder.encode(try resolve(readingFont: "")) == table)
        #expect(try encoder.encode(try resolve(readingFont: "  ")) == table)
    }

    @Test func theCacheKeepsAnswersWithAndWithoutAReadingFontApart() throws {
        try #require(ReadingFonts.isInstalled, "OpenDyslexic is missing: run scripts/install-dependencies (fonts-opendyslexic)")
        let resolver = ReadingFonts.resolver(table: Fixtures.defaultTable)
        let plain = FontRequest(style: .callout, category: .small)
        var reading = plain
        reading.readingFont = Self.openDyslexic
        #expect(try resolver.resolve(plain).matchedFace.family == "DejaVu Sans")
        #expect(try resolver.resolve(reading).matchedFace.family == "OpenDyslexic")
        #expect(try resolver.resolve(plain).matchedFace.family == "DejaVu Sans")
        reading.readingFont = "No Such Family"
        #expect(try resolver.resolve(reading).matchedFace.fallback == true)
    }
}
