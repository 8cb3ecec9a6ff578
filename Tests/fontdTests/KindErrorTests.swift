import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// The first hour of a new user: a misspelt style, category, trait, weight, legibility, text
/// spacing, style table, command or option is answered with the value meant ("Did you mean
/// 'body'?"), by the built `fontd` and by a real server's error JSON (docs/DESIGN.md §8 (Errors) Errors,
/// §18 (The command line) The command line).
@Suite(.ownThread) struct KindErrorTests {
    static let token = "kind-errors-token"

    /// Requires a failed run with exit `status`: one stderr line containing every piece of `expected`, no stdout.
    private func expectOneLineError(
        _ result: CommandResult, status: Int32, _ expected: String..., sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(result.status == status, "\(result.standardError)", sourceLocation: sourceLocation)
        #expect(result.standardOutput.isEmpty, "\(result.standardOutput)", sourceLocation: sourceLocation)
        #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)", sourceLocation: sourceLocation)
        #expect(result.standardError.hasPrefix("fontd: error: "), "\(result.standardError)", sourceLocation: sourceLocation)
        for piece in expected {
            #expect(result.standardError.contains(piece), "\(result.standardError)", sourceLocation: sourceLocation)
        }
    }

    /// The error document of `target` on `server`: status, and its members.
    private func errorDocument(_ server: ServerProcess, _ target: String) throws -> (status: Int, document: [String: Any]) {
        let response = try server.client.get(target)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        return (response.status, document)
    }

    @Test(arguments: [
        (["query", "bdoy"], "'body'"),
        (["query", "body", "--category", "xxxxl"], "'xxxl'"),
        (["query", "body", "--category", "extraLarg"], "'extraLarge'"),
        (["query", "body", "--weight", "blod"], "'bold'"),
        (["query", "body", "--legibility", "blod"], "'bold'"),
        (["query", "body", "--text-spacing", "wcga"], "'wcag'"),
        (["query", "body", "--traits", "bold,itlaic"], "'italic'"),
    ])
    func aMisspeltValueNamesTheOneMeant(arguments: [String], meant: String) throws {
        let result = try CommandRunner.run(arguments)
        // Exit 1, as every refused value has exited.
        expectOneLineError(result, status: 1, "Did you mean \(meant)?")
    }

    @Test func aValueNearNothingSuggestsNothing() throws {
        let result = try CommandRunner.run(["query", "body", "--category", "huge"])
        expectOneLineError(result, status: 1, "Unknown content-size category 'huge'")
        #expect(!result.standardError.contains("Did you mean"), "\(result.standardError)")
    }

    @Test func aMisspeltCommandNamesTheCommandMeant() throws {
        let top = try CommandRunner.run(["quer", "body"])
        // 64 (EX_USAGE), as ArgumentParser's own "2 unexpected arguments" exits.
        expectOneLineError(top, status: 64, "Unknown command 'quer' for fontd.", "Did you mean 'query'?", "query, styles")
        let nested = try CommandRunner.run(["category", "sett", "xl"])
        expectOneLineError(nested, status: 64, "Unknown command 'sett' for fontd category.", "Did you mean 'set'?")
        // Far from every command, the parser's own message stands.
        let far = try CommandRunner.run(["zzzzzz", "body"])
        expectOneLineError(far, status: 64)
        #expect(!far.standardError.contains("Did you mean"), "\(far.standardError)")
    }

    @Test func aMisspeltOptionNamesTheOptionMeant() throws {
        let result = try CommandRunner.run(["query", "body", "--categroy", "xl"])
        expectOneLineError(result, status: 64, "Unknown option '--categroy'", "Did you mean '--category'?")
    }

    @Test func theServerAnswersTheValueMeantAsSuggestion() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let cases: [(target: String, code: String, meant: String)] = [
            ("/font?style=bdoy", "unknownStyle", "body"),
            ("/font?style=body&category=xxxxl", "unknownCategory", "xxxl"),
            ("/font?style=body&weight=blod", "invalidNumber", "bold"),
            ("/font?style=body&legibility=blod", "unknownLegibilityWeight", "bold"),
            ("/font?style=body&textSpacing=wcga", "unknownTextSpacing", "wcag"),
            ("/font?style=body&traits=itlaic", "unknownTrait", "italic"),
            ("/font?stlye=body", "unknownParameter", "style"),
            ("/specimn", "notFound", "/specimen"),
        ]
        for (target, code, meant) in cases {
            let (status, document) = try errorDocument(server, target)
            #expect(status == (code == "notFound" ? 404 : 400), "\(target)")
            #expect(document["error"] as? String == code, "\(target): \(document)")
            #expect(document["suggestion"] as? String == meant, "\(target): \(document)")
            #expect((document["message"] as? String)?.hasSuffix("Did you mean '\(meant)'?") == true, "\(target): \(document)")
        }
        let (_, far) = try errorDocument(server, "/font?style=zzzzzzzz")
        #expect(far["error"] as? String == "unknownStyle")
        #expect(far["suggestion"] == nil, "no suggestion is near: \(far)")
        #expect(far["allowed"] != nil)
    }

    @Test func queryOnAServerCarriesTheServersSuggestion() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let result = try CommandRunner.run(["query", "bdoy", "--server", server.url.absoluteString])
        expectOneLineError(result, status: 1, "Unknown text style 'bdoy'", "Did you mean 'body'?")
    }

    // MARK: Style tables by name

    @Test func aBundledTableIsFoundByName() throws {
        let bundled = try CommandRunner.run(["styles", "--styles", "material3", "--json"])
        #expect(bundled.status == 0, "\(bundled.standardError)")
        let table = try #require(try JSONSerialization.jsonObject(with: Data(bundled.standardOutput.utf8)) as? [String: Any])
        #expect(table["name"] as? String == "material3")
        // The same bytes as the file itself names.
        let file = TestPaths.packageRoot.appendingPathComponent("Styles/material3.json").path
        #expect(bundled.standardOutput == (try CommandRunner.run(["styles", "--styles", file, "--json"])).standardOutput)

        // Material 3's styles are its own: bodyLarge, not body.
        let query = try CommandRunner.run(["query", "bodyLarge", "--styles", "material3", "--json"])
        #expect(query.status == 0, "\(query.standardError)")
        #expect(try CommandRunner.run(["query", "bodyLarge", "--json"]).status == 1, "the default table has no bodyLarge")

        let server = try ServerProcess(["--styles", "material3"])
        defer { server.stop() }
        let served = try #require(try JSONSerialization.jsonObject(with: Data(try server.client.get("/styles").body)) as? [String: Any])
        #expect(served["name"] as? String == "material3")
    }

    @Test func anUnknownTableNameNamesTheNearestAndEveryBundledTable() throws {
        for command in [["styles"], ["query", "body"], ["css"], ["tokens"]] {
            let result = try CommandRunner.run(command + ["--styles", "materail3"])
            expectOneLineError(
                result, status: 1, "No style table 'materail3'", "Did you mean 'material3'?", "The bundled tables: default, material3.")
        }
        // A file of the name, in the working directory, comes before the bundled table.
        let directory = try TestPaths.temporaryDirectory()
        try Data(contentsOf: TestPaths.defaultStyles).write(to: directory.appendingPathComponent("material3"))
        let fontd = try #require(TestPaths.fontdExecutable)
        let local = try CommandRunner.run(
            ["-C", directory.path, fontd.path, "styles", "--styles", "material3", "--json"],
            executable: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(local.status == 0, "\(local.standardError)")
        #expect(local.standardOutput.contains(#""name": "default""#), "\(local.standardOutput.prefix(200))")
        // A path stays a path: its own error, no suggestion.
        let path = try CommandRunner.run(["styles", "--styles", "./material3"])
        expectOneLineError(path, status: 1, "Cannot read the style table")
    }

    // MARK: A category from a text scale

    @Test func aTextScaleSetsTheNearestCategoryAndSaysWhich() throws {
        let server = try ServerProcess(["--token", Self.token])
        defer { server.stop() }
        let environment = PinnedFonts.environment.merging(["FONTD_SERVER": server.url.absoluteString, "FONTD_TOKEN": Self.token]) {
            _, new in new
        }
        // 150% lies halfway between xxxl (23/17) and ax1 (28/17): the smaller (docs/DESIGN.md §26 (The desktop bridge)).
        let halfway = try CommandRunner.run(["category", "set", "150%"], environment: environment)
        #expect(halfway.status == 0, "\(halfway.standardError)")
        #expect(
            halfway.standardOutput.hasPrefix(
                "xxxl (was l): 150% lies halfway between xxxl (135%) and ax1 (165%): a tie, and the smaller is taken\n"),
            "\(halfway.standardOutput)")
        #expect(try server.client.get("/category").bodyText.contains(#""category":"xxxl""#))

        // The ratios are the server's table's body sizes: 1.65 is ax1's 28/17, 1.25 is xxl's 21/17.
        // Past either end, that end, and the sentence says the scale was out of range.
        let reasons = [
            ("1.65", "ax1", "the category nearest 1.65 (ax1 is 1.65)"), ("1.25", "xxl", "the category nearest 1.25 (xxl is 1.24)"),
            ("3.5", "ax5", "3.5 is past the largest category, ax5 (3.12), so ax5"),
            ("400%", "ax5", "400% is past the largest category, ax5 (312%), so ax5"),
            ("0.1", "xs", "0.1 is below the smallest category, xs (0.82), so xs"),
            ("30%", "xs", "30% is below the smallest category, xs (82%), so xs"), ("100%", "l", "the category nearest 100% (l is 100%)"),
        ]
        for (scale, category, reason) in reasons {
            let result = try CommandRunner.run(["category", "set", scale], environment: environment)
            #expect(result.status == 0, "\(scale): \(result.standardError)")
            #expect(result.standardOutput.hasPrefix(category + " ("), "\(scale): \(result.standardOutput)")
            #expect(result.standardOutput.contains("): \(reason)\n"), "\(result.standardOutput)")
            let answer = try server.client.get("/category").bodyText
            #expect(answer.contains(#""category":"\#(category)""#), "\(scale): \(answer)")
        }

        // 0, negatives and what is no number are refused, and change nothing.
        for refused in [["0"], ["0%"], ["--", "-1.5"], ["--", "-50%"], ["1.5x"], ["abc%"], ["%"], ["nan"]] {
            let result = try CommandRunner.run(["category", "set"] + refused, environment: environment)
            let expected = refused.last == "nan" ? "Unknown content-size category 'nan'" : "Invalid text scale '\(refused.last ?? "")'"
            expectOneLineError(result, status: 1, expected)
            #expect(try server.client.get("/category").bodyText.contains(#""category":"l""#), "\(refused)")
        }
    }
}
