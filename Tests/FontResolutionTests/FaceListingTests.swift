import DynamicType
import FontResolution
import FontdTestSupport
import Foundation
import Testing

@Suite struct FaceListingTests {
    @Test func listsExactlyThePinnedFaces() throws {
        let faces = resolver.catalog.faces()
        let files = try FileManager.default.contentsOfDirectory(atPath: PinnedFonts.fontDirectory).filter { $0.hasSuffix(".ttf") }
        #expect(faces.count == files.count)
        #expect(Set(faces.map { URL(fileURLWithPath: $0.file).lastPathComponent }) == Set(files))
        #expect(faces.allSatisfy { $0.file.hasPrefix(PinnedFonts.fontDirectory + "/") })
    }

    @Test func familyFilterKeepsOnlyThatFamily() {
        let mono = resolver.catalog.faces(family: "DejaVu Sans Mono")
        #expect(mono.count == 4)
        #expect(mono.allSatisfy { $0.family == "DejaVu Sans Mono" && $0.spacing == .monospace })
        #expect(Set(mono.map(\.face)) == ["Book", "Bold", "Oblique", "Bold Oblique"])
        #expect(resolver.catalog.faces(family: "No Such Font").isEmpty)
    }

    @Test func facesReportWeightWidthAndSlant() throws {
        let bold = try #require(resolver.catalog.faces(family: "DejaVu Serif").first { $0.postscriptName == "DejaVuSerif-Bold" })
        #expect(bold.weight.rawValue == 700)
        #expect(bold.width.rawValue == 100)
        #expect(bold.slant == .roman)
        #expect(bold.spacing == .proportional)
        #expect(bold.index == 0)
        let italic = try #require(resolver.catalog.faces(family: "DejaVu Serif").first { $0.postscriptName == "DejaVuSerif-Italic" })
        #expect(italic.slant == .italic)
    }

    @Test func listingIsSortedAndStable() {
        let faces = resolver.catalog.faces()
        #expect(faces == resolver.catalog.faces())
        #expect(faces.map(\.family) == faces.map(\.family).sorted())
    }
}
