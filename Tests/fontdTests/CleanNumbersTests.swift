import DynamicType
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// Every number fontd writes is the shortest decimal within a thousandth of the exact value
/// (docs/DESIGN.md §6 (Answer documents), Answer documents): scanned in what the built `fontd serve` sends and what
/// `fontd query` prints, at every category, with bold and WCAG text spacing, which bring the most
/// arithmetic (5.63 written as 5.629999999999999 before the rule).
@Suite(.ownThread) struct CleanNumbersTests {
    static let server = Result { try ServerProcess() }

    /// A number with more than six decimals, or binary noise: a run of nines, or of zeros ending in one.
    static var noise: Regex<Substring> { #/\d\.\d{7,}|\d\.\d*(?:9{6,}|0{5,}1)/# }

    /// Every noisy number in `text`, with a little of what surrounds it, to say where it was.
    static func noisyNumbers(in text: String) -> [String] {
        text.matches(of: noise).map { match in
            let start = text.index(match.range.lowerBound, offsetBy: -40, limitedBy: text.startIndex) ?? text.startIndex
            let end = text.index(match.range.upperBound, offsetBy: 10, limitedBy: text.endIndex) ?? text.endIndex
            return String(text[start..<end])
        }
    }

    /// What the scan reads from the server: the web outputs, and the JSON answers at every category.
    static let targets: [String] = {
        var targets = [
            "/css?category=all&textSpacing=wcag", "/css?category=all", "/css?category=all&textSpacing=wcag&unit=rem",
            "/tokens", "/specimen", "/styles", "/faces", "/fonts?family=Roboto%20Flex&category=ax5",
        ]
        for category in ContentSizeCategory.allCases.map(\.rawValue) {
            targets += [
                "/fonts?category=\(category)", "/fonts?category=\(category)&legibility=bold&textSpacing=wcag",
                "/css?category=\(category)&legibility=bold&textSpacing=wcag",
                "/css?category=\(category)&textSpacing=wcag&unit=rem&format=tailwind",
                "/tokens?category=\(category)&legibility=bold&textSpacing=wcag",
                "/specimen?category=\(category)&legibility=bold&textSpacing=wcag",
                "/scale?style=title2&category=\(category)&value=-12.5",
            ]
        }
        return targets
    }()

    @Test func theServerWritesNoNoisyNumber() throws {
        let server = try Self.server.get()
        for target in Self.targets {
            let answer = try server.client.get(target)
            try #require(answer.status == 200, "\(target): \(answer.bodyText)")
            #expect(Self.noisyNumbers(in: answer.bodyText) == [], "\(target)")
        }
    }

    /// The scan sees noise where there is some: the rule, not the regular expression, keeps the answers clean.
    @Test func theScanFindsTheNoiseOfBefore() {
        #expect(Self.noisyNumbers(in: "--fontd-title2-letter-spacing: 5.629999999999999px;").count == 1)
        #expect(Self.noisyNumbers(in: #""tracking":1.8199999999999998"#).count == 1)
        #expect(Self.noisyNumbers(in: #""leading":0.30000000000000004"#).count == 1)
        #expect(Self.noisyNumbers(in: #""metricsScale":1.0909091"#).count == 1)
        #expect(Self.noisyNumbers(in: #""tracking":1.82, "size": 19, "scale": 1.118"#) == [])
    }

    @Test(arguments: [
        ["query", "title2", "--category", "ax3", "--text-spacing", "wcag", "--json"],
        ["query", "largeTitle", "--category", "xs", "--legibility", "bold", "--text-spacing", "wcag", "--json"],
        ["query", "footnote", "--category", "xxxl", "--json"],
        ["query", "body", "--category", "ax5", "--family", "Roboto Flex", "--json"],
        ["query", "title2", "--category", "ax3", "--text-spacing", "wcag"],
        ["query", "body", "--category", "ax5", "--family", "Roboto Flex"],
        ["styles", "--category", "ax4"],
        ["tokens", "--category", "ax2", "--text-spacing", "wcag"],
        ["css", "--category", "all", "--text-spacing", "wcag"],
    ])
    func theCommandLineWritesNoNoisyNumber(arguments: [String]) throws {
        let result = try CommandRunner.run(arguments)
        try #require(result.status == 0, "\(arguments): \(result.standardError)")
        #expect(!result.standardOutput.isEmpty)
        #expect(Self.noisyNumbers(in: result.standardOutput) == [], "\(arguments)")
    }
}
