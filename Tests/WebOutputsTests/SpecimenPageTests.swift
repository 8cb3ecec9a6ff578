import DynamicType
import Foundation
import Testing
import WebOutputs

/// `GET /specimen`'s page and `GET /fontd.js`'s module, as written (docs/DESIGN.md §22 (The web)); the
/// browser tests (fontdTests) load them for real.
@Suite struct SpecimenPageTests {
    @Test func everyStyleHasItsSampleNumbersAndFiveHairlines() throws {
        let block = try WebFixtures.block(.accessibilityExtraLarge, .bold)
        let page = SpecimenPage.html(table: "default", block: block, preview: true)
        for style in block.styles {
            let name = style.definition.style.rawValue
            let section = try #require(page.components(separatedBy: "<section class=\"style\" data-style=\"\(name)\">").dropFirst().first)
                .components(separatedBy: "</section>")[0]
            let metrics = style.font.metrics
            for (line, offset) in [
                ("ascender", -metrics.ascender), ("cap-height", -metrics.capHeight),
                ("x-height", -metrics.xHeight), ("baseline", 0.0), ("descender", -metrics.descender),
            ] {
                #expect(section.contains("<i class=\"hairline \(line)\" style=\"top: \(RoundedNumber(offset))px\"></i>"), "\(name) \(line)")
            }
            let face = style.font.matchedFace
            #expect(section.contains("\(RoundedNumber(face.pointSize)) / \(RoundedNumber(metrics.lineHeight)) px"), "\(name)")
            #expect(section.contains("weight \(RoundedNumber(face.weight.rawValue))"), "\(name)")
            #expect(section.contains("tracking \(RoundedNumber(metrics.tracking)) px"), "\(name)")
            #expect(section.contains(">\(SpecimenPage.sample)</div>"), "\(name)")
        }
        #expect(page.contains("<html lang=\"en\" data-text-size=\"ax3\" data-bold-text>"))
    }

    @Test func thePagesOwnTextIsSetInTheTablesStylesAtItsCategory() throws {
        // The default table at ax3: largeTitle 52/61, headline 40/48 (in DejaVu Sans Bold, 700), body 40/48,
        // footnote 33/40 (docs/DESIGN.md §4 (The style table)).
        let page = SpecimenPage.html(table: "default", block: try WebFixtures.block(.accessibilityExtraLarge, .regular), preview: true)
        #expect(page.contains("h1 { font: 400 52px/61px "), "\(page)")
        #expect(page.contains("h2 { font: 700 40px/48px "))
        #expect(page.contains("body { font: 400 40px/48px "))
        #expect(page.contains(".numbers, .key { font: 33px/40px monospace; }"))
        #expect(!page.contains("nowrap") && !page.contains("100vw"), "nothing is cut off or wider than the sample")
    }

    @Test func aTableWithoutTheRolesStylesGrowsThePageAsItsFirstStyleGrows() throws {
        let real = try WebFixtures.block(.accessibilityExtraLarge, .regular)
        var only = try #require(real.styles.first { $0.definition.style == .body })
        only.definition.style = TextStyle("zeta")
        let page = SpecimenPage.html(
            table: "zeta", block: WebBlock(category: .accessibilityExtraLarge, legibilityWeight: .regular, styles: [only]), preview: true)
        // body grows 40/17 from l to ax3: the title's 34 px is 80 px, the text's 17 px is 40 px.
        #expect(page.contains("h1 { font: 400 80px/108px sans-serif; }"), "\(page)")
        #expect(page.contains("body { font: 400 40px/54px sans-serif; }"))
    }

    @Test func aPreviewStaysAndTheReadersPageFollows() throws {
        let block = try WebFixtures.block(.extraLarge, .regular)
        let preview = SpecimenPage.html(table: "default", block: block, preview: true)
        let live = SpecimenPage.html(table: "default", block: block, preview: false)
        // A preview's script only carries the page's scope to its links; it follows nothing.
        #expect(!preview.contains("fontd.js") && !preview.contains("follow("))
        #expect(live.contains("import { follow } from \"/fontd.js\";"))
        #expect(preview.contains("<a href=\"/specimen?category=xl\" aria-current=\"page\">xl</a>"))
        #expect(live.contains("<a href=\"/specimen\" aria-current=\"page\">follow the reader</a>"))
        for category in ContentSizeCategory.allCases {
            #expect(preview.contains("<a href=\"/specimen?category=\(category.rawValue)\""), "the 12-stop control has \(category)")
        }
    }

    @Test func onlyThisServerIsAskedForAnything() throws {
        let page = SpecimenPage.html(table: "default", block: try WebFixtures.block(.large, .regular), preview: false)
        // Every URL the page names is a path on the server that sent it.
        for marker in ["src=\"", "href=\"", "url(\"", "from \"", "fetch(`"] {
            for piece in page.components(separatedBy: marker).dropFirst() {
                #expect(piece.hasPrefix("/"), "\(marker)\(piece.prefix(40))")
            }
        }
    }

    @Test func theServerWritesNoScopeOrTokenIntoThePage() throws {
        // The page reads them from its own address: the same bytes for every scope.
        let page = SpecimenPage.html(table: "default", block: try WebFixtures.block(.large, .regular), preview: false)
        #expect(page.contains("new URLSearchParams(location.search)"))
        #expect(!page.contains("innerHTML") && !page.contains("document.write"))
    }

    @Test func hostileNamesStayText() throws {
        var block = try StyleSheetTests.hostileBlock()
        block.styles[0].font.matchedFace.face = "<script>alert(1)</script>"
        block.styles[0].font.matchedFace.family = "</style><script>alert(2)</script>"
        let page = SpecimenPage.html(table: "t</title><script>alert(3)</script>", block: block, preview: true)
        #expect(!page.contains("<script>alert"))
        #expect(!page.contains("</style><"))
        #expect(page.components(separatedBy: "</style>").count == 2, "the page's own </style> only")
        #expect(page.components(separatedBy: "</title>").count == 2)
        #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        // In the <style> element the family is a CSS string whose '<' is the escape \3c.
        #expect(page.contains(#"font-family: "\3c /style>\3c script>alert(2)\3c /script>""#))
        // In a style attribute, the CSS string's quotes are character references.
        #expect(page.contains("font: 400 19px/24px &quot;&lt;/style&gt;"))
    }
}

@Suite struct FollowerScriptTests {
    @Test func theModuleIsUnderFourKilobytesAndExportsFollow() {
        #expect(FollowerScript.source.utf8.count < 4096)
        #expect(FollowerScript.source.contains("export function follow("))
        let statements = FollowerScript.source.split(separator: "\n").filter { !$0.hasPrefix("//") }
        #expect(!statements.contains { $0.hasPrefix("import") }, "no dependencies")
    }
}
