import DynamicType
import FontResolution
import FontdTestSupport
import Testing
import WebOutputs

/// The `font-size-adjust` a metrics-exact stylesheet's classes apply
/// (docs/DESIGN.md §32 (Capsize and metrics-exact web)): `cap-height from-font` after `font` (which
/// resets it), with a trim and no web font; fontd's measured ratio stays a custom property. `fontdTests/FontSizeAdjustPageTests` shows
/// in Chromium and Firefox why the classes take the browser's own cap height and not fontd's.
@Suite(.ownThread) struct FontSizeAdjustTests {
    /// The block at `xl`, every face measured as Capsize measures it; each style standing in for
    /// `webFont` when one is given.
    static func measuredBlock(webFont: String? = nil) throws -> WebBlock {
        var block = try WebFixtures.block(.extraLarge, .regular)
        for index in block.styles.indices {
            let metrics = try Fixtures.resolver.capsizeMetrics(of: block.styles[index].font).metrics
            block.styles[index].capsize = metrics
            block.styles[index].webFont = webFont.map { WebStyle.WebFont(family: $0, metrics: metrics) }
        }
        return block
    }

    static let bodyClass = ".fontd-body { font: var(--fontd-body-font); letter-spacing: var(--fontd-body-letter-spacing); }"
    static let adjustedBodyClass =
        ".fontd-body { font: var(--fontd-body-font); letter-spacing: var(--fontd-body-letter-spacing); font-size-adjust: cap-height from-font; }"

    @Test(arguments: [CSSTrim.capsize, .textBox])
    func everyClassTakesTheBrowsersOwnCapHeightAfterFont(trim: CSSTrim) throws {
        let block = try Self.measuredBlock()
        let lines = StyleSheet.css(table: "default", block: block, prefix: .standard, fontFileBase: nil, trim: trim)
            .split(separator: "\n").map(String.init)
        #expect(lines.contains(Self.adjustedBodyClass), "\(lines)")
        for style in block.styles {
            let selector = ".fontd-\(style.definition.style.cssName) { font: var("
            let rule = try #require(lines.first { $0.hasPrefix(selector) }, "no class for \(style.definition.style)")
            #expect(rule.hasSuffix(" font-size-adjust: cap-height from-font; }"), "\(rule)")
        }
        // The ratio fontd measured is still offered, for a page's own `font-size-adjust`.
        #expect(lines.contains("  --fontd-body-font-size-adjust: cap-height 0.729;"))
        #expect(!lines.contains { $0.contains("font-size-adjust: var(") })
    }

    @Test func everyCategoryBlockSharesTheOneAdjustedClass() throws {
        let block = try Self.measuredBlock()
        let css = StyleSheet.cssAll(
            table: "default", blocks: [block], current: block, prefix: .standard, fontFileBase: nil, trim: .capsize)
        #expect(css.components(separatedBy: "font-size-adjust: cap-height from-font;").count - 1 == block.styles.count)
    }

    @Test func withoutATrimTheClassesAreAsBefore() throws {
        let css = StyleSheet.css(table: "default", block: try Self.measuredBlock(), prefix: .standard, fontFileBase: nil, trim: .none)
        #expect(css.split(separator: "\n").contains { $0 == Self.bodyClass })
        #expect(!css.contains("font-size-adjust"))
    }

    /// A stand-in face has its own overrides; adjusting it too would undo them.
    @Test func aFallbackFaceIsNotAdjusted() throws {
        let css = StyleSheet.css(
            table: "default", block: try Self.measuredBlock(webFont: "Inter"), prefix: .standard, fontFileBase: nil, trim: .capsize)
        #expect(css.split(separator: "\n").contains { $0 == Self.bodyClass }, "\(css)")
        #expect(!css.contains("font-size-adjust"))
    }
}
