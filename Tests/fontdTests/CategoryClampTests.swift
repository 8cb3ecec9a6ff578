import DynamicType
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// `minimumCategory` / `maximumCategory` (docs/DESIGN.md §7 (HTTP endpoints), "Clamps") on every endpoint and
/// command that takes a category. Each clamped answer is checked against the answer asked
/// directly at the clamped category, with nothing but the asked category added.
@Suite(.ownThread) struct CategoryClampTests {
    static let server = Result { try ServerProcess() }

    private func text(_ target: String) throws -> String {
        let answer = try Self.server.get().client.get(target)
        #expect(answer.status == 200, "\(target): \(answer.bodyText)")
        return answer.bodyText
    }

    /// The clamped answer is the direct one with `"requestedCategory":"<asked>"` after `category`.
    @Test(arguments: [
        ("/font?style=body&category=ax3&maximumCategory=xl", "/font?style=body&category=xl", "ax3"),
        ("/font?style=headline&category=xs&minimumCategory=m&maximumCategory=ax1", "/font?style=headline&category=m", "xs"),
        ("/font?style=body&category=xxl&minimumCategory=m&maximumCategory=ax1", "/font?style=body&category=xxl", "xxl"),
        ("/font?style=body&category=ax5&maximumCategory=ax5", "/font?style=body&category=ax5", "ax5"),
        ("/fonts?category=ax4&maximumCategory=xxxl&traits=bold", "/fonts?category=xxxl&traits=bold", "ax4"),
    ])
    func jsonAnswersAreTheClampedCategorysWithTheAskedOne(clamped: String, direct: String, asked: String) throws {
        let answer = try text(clamped)
        let requested = #","requestedCategory":"\#(asked)""#
        #expect(answer.contains(#""category":"# + #""\#(try categoryOf(direct))"\#(requested)"#), "right after category: \(answer)")
        #expect(answer.replacingOccurrences(of: requested, with: "") == (try text(direct)))
    }

    private func categoryOf(_ target: String) throws -> String {
        try #require(
            target.split(separator: "&").first { $0.hasPrefix("category=") || $0.contains("?category=") }?
                .split(separator: "=").last.map(String.init))
    }

    @Test func scaleUsesTheClampedCategory() throws {
        #expect(
            try text("/scale?style=body&value=8&category=ax5&maximumCategory=xl") == (try text("/scale?style=body&value=8&category=xl")))
        #expect(
            try text("/scale?style=body&value=8&category=ax5&maximumCategory=xl")
                != (try text("/scale?style=body&value=8&category=ax5")))
        #expect(try text("/scale?style=body&value=8&category=xs&minimumCategory=l") == (try text("/scale?style=body&value=8&category=l")))
    }

    /// An omitted category is the reader's (here a scope's), then clamped.
    @Test func theReadersCategoryIsClampedToo() throws {
        let client = try Self.server.get().client
        #expect(try client.put("/category?scope=clamped", #"{"category":"ax2"}"#).status == 200)
        let font = try client.get("/font?style=body&scope=clamped&maximumCategory=xl").json()
        #expect(font["category"] == .string("xl"))
        #expect(font["requestedCategory"] == .string("ax2"))
        let unclamped = try client.get("/font?style=body&scope=clamped").json()
        #expect(unclamped["category"] == .string("ax2"))
        #expect(unclamped["requestedCategory"] == nil, "no range, no requestedCategory")
    }

    @Test func stylesheetsAndTokensCarryTheClampedValues() throws {
        let css = try text("/css?category=ax3&maximumCategory=xl")
        #expect(css.contains("--fontd-category: xl;\n  --fontd-requested-category: ax3;\n"))
        #expect(
            css.replacingOccurrences(of: "  --fontd-requested-category: ax3;\n", with: "")
                .replacingOccurrences(of: "category xl (requested ax3),", with: "category xl,")
                == (try text("/css?category=xl")))

        let tailwind = try text("/css?format=tailwind&category=xs&minimumCategory=l")
        #expect(
            tailwind.replacingOccurrences(of: "category l (requested xs),", with: "category l,")
                == (try text("/css?format=tailwind&category=l")))

        let tokens = try text("/tokens?category=ax3&maximumCategory=xl")
        #expect(tokens.contains(#""requestedCategory": "ax3""#))
        #expect(
            tokens.replacingOccurrences(of: "\"requestedCategory\": \"ax3\",\n          ", with: "")
                .replacingOccurrences(of: "category xl (requested ax3),", with: "category xl,")
                == (try text("/tokens?category=xl")))

        let specimen = try text("/specimen?category=ax3&maximumCategory=xl")
        #expect(specimen.contains(#"<html lang="en" data-text-size="xl">"#))
        #expect(specimen.contains(#"<b id="category">xl</b>"#))
        #expect(specimen.contains(#""minimumCategory", "maximumCategory""#), "the page carries the range into its own requests")
    }

    /// `category=all`: each `data-text-size` block holds its category clamped, so a page that
    /// follows the reader never grows past the maximum.
    @Test func everyCategoryOfAStylesheetIsClamped() throws {
        let clamped = Self.rules(in: try text("/css?category=all&minimumCategory=s&maximumCategory=xxl"))
        let direct = Self.rules(in: try text("/css?category=all"))
        for category in ContentSizeCategory.allCases {
            let selector = #":root[data-text-size="\#(category.rawValue)"]"#
            let answered = min(max(category, .small), .extraExtraLarge).rawValue
            let expected = try #require(direct[#":root[data-text-size="\#(answered)"]"#])
            let got = try #require(clamped[selector])
            #expect(got.filter { !$0.contains("requested-category") } == expected, "\(category)")
            #expect(got.contains("  --fontd-requested-category: \(category.rawValue);"), "\(category)")
        }
    }

    /// Each rule of a stylesheet, by selector, as its declaration lines.
    private static func rules(in css: String) -> [String: [String]] {
        var rules: [String: [String]] = [:]
        var selector: String?
        for line in css.split(separator: "\n").map(String.init) {
            if line.hasSuffix(" {") {
                selector = String(line.dropLast(2))
            } else if line == "}" {
                selector = nil
            } else if let selector {
                rules[selector, default: []].append(line)
            }
        }
        return rules
    }

    static let endpoints = [
        "/font?style=body&", "/fonts?", "/scale?style=body&value=8&", "/css?", "/css?category=all&", "/tokens?", "/specimen?",
    ]

    @Test(arguments: endpoints)
    func aMinimumAboveTheMaximumIsAClearError(endpoint: String) throws {
        let answer = try Self.server.get().client.get(endpoint + "minimumCategory=ax1&maximumCategory=xl")
        #expect(answer.status == 400)
        let body = try answer.json()
        #expect(body["error"] == .string("conflictingParameters"), "\(answer.bodyText)")
        #expect(
            body["message"]
                == .string(
                    "The minimum category ax1 is above the maximum category xl; give a minimum at or below the maximum "
                        + "(smallest first: xs, s, m, l, xl, xxl, xxxl, ax1, ax2, ax3, ax4, ax5)."))
    }

    @Test(arguments: endpoints)
    func anUnknownBoundNamesItself(endpoint: String) throws {
        let answer = try Self.server.get().client.get(endpoint + "maximumCategory=huge")
        #expect(answer.status == 400)
        let body = try answer.json()
        #expect(body["error"] == .string("unknownCategory"), "\(answer.bodyText)")
        guard case .string(let message) = body["message"] else {
            Issue.record("no message: \(answer.bodyText)")
            return
        }
        #expect(message.contains("'huge'"), "\(message)")
    }

    // MARK: Commands

    private func run(_ arguments: [String]) throws -> String {
        let result = try CommandRunner.run(arguments)
        #expect(result.status == 0, "\(arguments): \(result.standardError)")
        return result.standardOutput
    }

    @Test func queryClampsLocallyAndThroughAServer() throws {
        let local = try run(["query", "body", "--category", "ax3", "--maximum-category", "xl", "--json"])
        #expect(local.contains(#""requestedCategory": "ax3""#), "\(local)")
        #expect(
            local.replacingOccurrences(of: "\"requestedCategory\": \"ax3\",\n  ", with: "")
                == (try run(["query", "body", "--category", "xl", "--json"])))
        let people = try run(["query", "body", "--category", "xs", "--minimum-category", "l"])
        #expect(people.hasPrefix("body at l (requested xs): "), "\(people)")

        let server = "http://127.0.0.1:\(try Self.server.get().port)"
        let remote = try run(["query", "body", "--server", server, "--category", "ax3", "--maximum-category", "xl", "--json"])
        #expect(remote == local)
    }

    @Test func cssAndTokensCommandsWriteWhatTheServerSends() throws {
        #expect(
            try run(["css", "--base-url", "", "--category", "ax3", "--maximum-category", "xl"])
                == (try text("/css?category=ax3&maximumCategory=xl")))
        #expect(try run(["css", "--category", "all", "--maximum-category", "xl"]) != (try run(["css", "--category", "all"])))
        #expect(try run(["tokens", "--category", "xs", "--minimum-category", "m"]) == (try text("/tokens?category=xs&minimumCategory=m")))
    }

    @Test(arguments: [["query", "body"], ["css"], ["tokens"]])
    func commandsRefuseAMinimumAboveTheMaximum(command: [String]) throws {
        let result = try CommandRunner.run(command + ["--minimum-category", "ax1", "--maximum-category", "xl"])
        #expect(result.status != 0)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.standardError == "fontd: error: The minimum category ax1 is above the maximum category xl; give a minimum at or "
                + "below the maximum (smallest first: xs, s, m, l, xl, xxl, xxxl, ax1, ax2, ax3, ax4, ax5).\n")
    }
}
