import DynamicType
import FontResolution
import FontdTestSupport
import Foundation
import Testing
import WebDocuments

/// The web outputs with a reading font (docs/DESIGN.md §33 (The reading font), §22 (The web)): every style's
/// `font-family` names the reading family first, the table's families after it, from the fonts
/// the real resolver found over DejaVu and Debian's OpenDyslexic.
@Suite struct ReadingFontWebDocumentsTests {
    var documents: WebDocuments {
        get throws {
            try #require(ReadingFonts.isInstalled, "OpenDyslexic is missing: run scripts/install-dependencies (fonts-opendyslexic)")
            return WebDocuments(resolver: ReadingFonts.resolver)
        }
    }

    @Test(arguments: [WebDocuments.Format.css, .tailwind])
    func theStylesheetNamesTheReadingFamilyFirst(_ format: WebDocuments.Format) throws {
        let documents = try documents
        let css = try documents.stylesheet(
            .init(categories: .one(.extraLarge, .regular), format: format, readingFont: ReadingFonts.openDyslexic), fontFileBase: "")
        let plain = try documents.stylesheet(.init(categories: .one(.extraLarge, .regular), format: format), fontFileBase: "")
        #expect(css.contains(#"@font-face { font-family: "OpenDyslexic"; "#))
        #expect(!plain.contains("OpenDyslexic"))
        guard format == .css else {
            #expect(css.contains(#"--font-body: "OpenDyslexic", sans-serif;"#))
            return
        }
        for style in defaultTable.styleNames.map(\.rawValue) {
            #expect(WebEndpointTests.properties(of: style, in: css)["font-family"] == #""OpenDyslexic", sans-serif"#, "\(style)")
            #expect(WebEndpointTests.properties(of: style, in: plain)["font-family"] == #""DejaVu Sans", sans-serif"#, "\(style)")
        }
        // Its face is one the server sends: the @font-face's url() is the OpenType file's hash.
        let hash = try #require(ReadingFonts.resolver.files.urlHash(file: ReadingFonts.directory + "/OpenDyslexic-Regular.otf", index: 0))
        #expect(css.contains("url(\"/font-files/\(hash)\")"))
    }

    @Test func everyBlockOfEveryCategoryReadsInIt() throws {
        let css = try documents.stylesheet(
            .init(categories: .all(default: .large, .regular), readingFont: ReadingFonts.openDyslexic), fontFileBase: nil)
        let declarations = css.split(separator: "\n").filter { $0.hasPrefix("  --fontd-body-font-family: ") }
        #expect(declarations.count == 25)
        #expect(declarations.allSatisfy { $0 == #"  --fontd-body-font-family: "OpenDyslexic", sans-serif;"# })
    }

    @Test func tokensAndTheSpecimenReadInItToo() throws {
        let documents = try documents
        let tokens = try JSONSerialization.jsonObject(
            with: Data(try documents.tokens(category: .large, legibility: .regular, readingFont: ReadingFonts.openDyslexic)))
        let body = ((tokens as? [String: Any])?["default"] as? [String: Any])?["body"] as? [String: Any]
        #expect((body?["$value"] as? [String: Any])?["fontFamily"] as? [String] == ["OpenDyslexic", "sans-serif"])
        let page = try documents.specimen(category: .large, legibility: .regular, readingFont: ReadingFonts.openDyslexic, preview: true)
        #expect(page.contains("OpenDyslexic Regular · no fallback"))
        #expect(!(try documents.specimen(category: .large, legibility: .regular, preview: true)).contains("OpenDyslexic"))
    }

    @Test func aReadingFontNotInstalledKeepsTheTablesFamilies() throws {
        let css = try documents.stylesheet(.init(categories: .one(.large, .regular), readingFont: "No Such Family"), fontFileBase: nil)
        #expect(WebEndpointTests.properties(of: "body", in: css)["font-family"] == #""DejaVu Sans", sans-serif"#)
    }
}
