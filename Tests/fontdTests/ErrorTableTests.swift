import DynamicType
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The rough edges a new user hit, one test each, with the exact sentence a user reads
/// (docs/DESIGN.md §8 (Errors), §18 (The command line)): every refusal of a named thing offers the
/// name meant, a value past either end of an ordered list offers that end, and a missing argument
/// lists what it takes. The rows already covered elsewhere: `desktop exclude kity`
/// (TerminalTargetTests), `category set 150%`/`400%`/`0.3` (KindErrorTests), a held port with a
/// fontd on it (ServeLifecycleTests), `--bridge auto` (BridgeChoicesTests), `man fontd`
/// (scripts/check-package).
@Suite(.ownThread) struct ErrorTableTests {
    static let token = String(repeating: "e", count: 40)

    /// The one stderr line of a run refused by the parser (exit 64) or by fontd (exit 1).
    private func refusal(_ arguments: [String], environment: [String: String] = PinnedFonts.environment) throws -> String {
        let result = try CommandRunner.run(arguments, environment: environment, timeoutSeconds: 60)
        #expect(result.status != 0, "\(arguments): \(result.standardOutput)")
        #expect(result.standardOutput.isEmpty, "\(result.standardOutput)")
        return result.standardError
    }

    // MARK: The command line

    @Test(arguments: [
        (
            ["serve", "--desktop", "gnom"],
            "fontd: error: Unknown value 'gnom' for --desktop; use one of: gnome, kde, x11, qt5ct, qt6ct, auto. Did you mean 'gnome'?\n"
        ),
        (["serve", "--dbus", "yes"], "fontd: error: Unknown value 'yes' for --dbus; use one of: off, auto, on. Did you mean 'on'?\n"),
        (["serve", "--dbus", "no"], "fontd: error: Unknown value 'no' for --dbus; use one of: off, auto, on. Did you mean 'off'?\n"),
        (
            ["serve", "--dbus", "Enabled"],
            "fontd: error: Unknown value 'Enabled' for --dbus; use one of: off, auto, on. Did you mean 'on'?\n"
        ),
        (["serve", "--dbus", "0"], "fontd: error: Unknown value '0' for --dbus; use one of: off, auto, on. Did you mean 'off'?\n"),
        (["serve", "--dbus", "onn"], "fontd: error: Unknown value 'onn' for --dbus; use one of: off, auto, on. Did you mean 'on'?\n"),
    ])
    func anEnumeratedOptionSaysItsValuesAndTheOneMeant(_ arguments: [String], _ sentence: String) throws {
        #expect(try refusal(arguments + ["--port", "0"]) == sentence)
    }

    @Test func aCategoryPastTheLargestOffersTheLargest() throws {
        let said = try refusal(["category", "set", "ax6", "--server", "http://127.0.0.1:9"])
        #expect(
            said
                == "fontd: error: Unknown content-size category 'ax6'; use one of: xs, s, m, l, xl, xxl, xxxl, ax1, ax2, ax3, ax4, ax5 "
                + "(Apple's names such as extraLarge also work). Did you mean 'ax5'?\n")
        #expect(try refusal(["query", "body", "--category", "xxxxl"]).hasSuffix("Did you mean 'xxxl'?\n"))
        #expect(try refusal(["query", "body", "--category", "xxs"]).hasSuffix("Did you mean 'xs'?\n"))
    }

    @Test func aMissingArgumentListsWhatItTakes() throws {
        #expect(
            try refusal(["category", "set"])
                == "fontd: error: Missing expected argument '<category>': give a category: xs, s, m, l, xl, xxl, xxxl, ax1, ax2, ax3, "
                + "ax4, ax5, or a text scale such as 1.5 or 150%.\n")
        #expect(
            try refusal(["query"])
                == "fontd: error: Missing expected argument '<style>': give a text style of the table fontd loads: largeTitle, title1, "
                + "title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2.\n")
    }

    @Test func categoriesSaysHowLargeTextIsAtEach() throws {
        let result = try CommandRunner.run(["categories"])
        #expect(result.status == 0, "\(result.standardError)")
        let rows = result.standardOutput.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        #expect(rows.first == ["name", "ratio", "body", "apple", "name", "accessibility"], "\(result.standardOutput)")
        // The default table's body: 14, 15, 16, 17, 19, 21, 23 pt, then 28, 33, 40, 47, 53 (docs/DESIGN.md §26 (The desktop bridge)).
        let expected: [(String, String, String)] = [
            ("xs", "0.824", "14"), ("l", "1", "17"), ("xl", "1.118", "19"), ("xxxl", "1.353", "23"), ("ax5", "3.118", "53"),
        ]
        for (name, ratio, points) in expected {
            let row = try #require(rows.first { $0.first.map(String.init) == name }, "\(name)")
            #expect(row.count > 3 && row[1] == Substring(ratio) && row[2] == Substring(points) && row[3] == "pt", "\(row)")
        }
    }

    @Test func aShortTokenBeyondLoopbackIsRefusedWithHowToMakeOne() throws {
        let directory = try TestPaths.temporaryDirectory()
        let file = directory.appendingPathComponent("token")
        try "abc\n".write(to: file, atomically: true, encoding: .utf8)
        let said = try refusal([
            "serve", "--host", "0.0.0.0", "--port", "0", "--token-file", file.path, "--store",
            directory.appendingPathComponent("s.sqlite").path,
        ])
        #expect(
            said
                == "fontd: error: The server's token is 3 bytes; a server that listens beyond loopback needs one of at least 32, as anyone "
                + "who can connect may guess it (openssl rand -hex 32 > FILE makes one; give it with --token-file FILE or FONTD_TOKEN).\n")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("s.sqlite").path), "the store was not opened")
    }

    @Test func aHeldPortWithoutAFontdSaysSoAndNamesPort() throws {
        // A listening socket that never answers: not a fontd.
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        #expect(bound && listen(listener, 16) == 0)
        let port = Int(UInt16(bigEndian: address.sin_port))
        let store = try TestPaths.temporaryDirectory().appendingPathComponent("s.sqlite").path
        let said = try refusal(["serve", "--port", String(port), "--store", store])
        #expect(
            said
                == "fontd: error: 127.0.0.1:\(port) is in use: another program listens there; give this server another port with --port "
                + "(--port 0 takes any free one).\n")
    }

    // MARK: Which server answered

    /// `$FONTD_SERVER` naming another server is said; `--server` on the command line says it itself.
    @Test func aServerThatIsNotTheDefaultIsNamedAndVerboseAlwaysNamesIt() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let environment = PinnedFonts.environment.merging(["FONTD_SERVER": server.url.absoluteString]) { _, new in new }
        let fromEnvironment = try CommandRunner.run(["category", "get"], environment: environment)
        #expect(fromEnvironment.status == 0, "\(fromEnvironment.standardError)")
        #expect(fromEnvironment.standardOutput == "l\n")
        #expect(fromEnvironment.standardError == "fontd: the fontd at \(server.url.absoluteString) answered ($FONTD_SERVER).\n")
        let fromOption = try CommandRunner.run(["category", "get", "--server", server.url.absoluteString])
        #expect(fromOption.status == 0 && fromOption.standardError.isEmpty, "\(fromOption.standardError)")
        let verbose = try CommandRunner.run(["category", "get", "--server", server.url.absoluteString, "--verbose"])
        #expect(verbose.standardError == "fontd: the fontd at \(server.url.absoluteString) answered (--server).\n")
        // A command that got an answer and then failed says only its error.
        let failed = try CommandRunner.run(["text-spacing", "clear"], environment: environment)
        #expect(failed.status != 0 && failed.standardError.split(separator: "\n").count == 1, "\(failed.standardError)")
        // A refusal names the server in its own sentence and says nothing more.
        let unreachable = try CommandRunner.run(["category", "get", "--server", "http://127.0.0.1:9"])
        #expect(unreachable.status == 1 && unreachable.standardError.split(separator: "\n").count == 1, "\(unreachable.standardError)")
    }

    // MARK: The HTTP API

    @Test func aMisspeltBodyFieldParameterValueOrPathIsOfferedTheOneMeant() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let cases: [(response: TestResponse, message: String, suggestion: String)] = [
            (
                try server.client.put("/category", #"{"categroy": "xl"}"#),
                "Invalid request body: unknown field 'categroy'; /category takes category. Did you mean 'category'?", "category"
            ),
            (
                try server.client.put("/preferences", #"{"legibility": "bold"}"#),
                "Invalid request body: unknown field 'legibility'; /preferences takes category, legibilityWeight, textSpacing, "
                    + "readingFont, minimumCategory and maximumCategory. Did you mean 'legibilityWeight'?", "legibilityWeight"
            ),
            (
                try server.client.get("/css?format=tailwnd"),
                "format is 'tailwnd', which is not allowed; use one of: css, tailwind. Did you mean 'tailwind'?", "tailwind"
            ),
            (
                try server.client.get("/css?category=ax6"),
                "Unknown content-size category 'ax6'; use one of: xs, s, m, l, xl, xxl, xxxl, ax1, ax2, ax3, ax4, ax5 (Apple's names "
                    + "such as extraLarge also work). Did you mean 'ax5'?", "ax5"
            ),
        ]
        for (response, message, suggestion) in cases {
            #expect(response.status == 400, "\(response.bodyText)")
            let answer = try #require(JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
            #expect(answer["message"] as? String == message, "\(response.bodyText)")
            #expect(answer["suggestion"] as? String == suggestion, "\(response.bodyText)")
        }
        let fonts = try server.client.get("/fonts?style=bodyy")
        let answer = try #require(JSONSerialization.jsonObject(with: Data(fonts.body)) as? [String: Any])
        #expect((answer["message"] as? String)?.hasSuffix(". Did you mean '/font?style=body'?") == true, "\(fonts.bodyText)")
        #expect(answer["suggestion"] as? String == "/font?style=body")
    }

    @Test func aTokenlessWriteIsToldTheTokenFileNotTheCommandLine() throws {
        let directory = try TestPaths.temporaryDirectory()
        let file = directory.appendingPathComponent("token")
        try Self.token.write(to: file, atomically: true, encoding: .utf8)
        let server = try ServerProcess(["--token-file", file.path])
        defer { server.stop() }
        let refused = try server.client.put("/category", #"{"category": "xl"}"#)
        #expect(refused.status == 401)
        let answer = try #require(JSONSerialization.jsonObject(with: Data(refused.body)) as? [String: Any])
        #expect(
            answer["message"] as? String
                == "Changing preferences needs the server's token: send 'Authorization: Bearer <token>' (the token fontd serve was given "
                + "with --token-file or FONTD_TOKEN; fontd's own commands read the same).")
    }

    @Test func remSizesLandOnThePixelsTheTableGives() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let css = try server.client.get("/css?unit=rem").bodyText
        // body at l is 17 px on 22: 1.0625rem and 1.375rem, not 1.063rem (17.008 px).
        #expect(css.contains("  --fontd-body-font: 400 1.0625rem/1.375rem \"DejaVu Sans\", sans-serif;\n"), "\(css.prefix(2000))")
    }

    @Test func aLogLineSaysItsMessageFirst() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let log = try server.waitForLog(containing: " info fontd: listening ")
        let line = try #require(log.split(separator: "\n").first { $0.contains(" info fontd: listening ") })
        let form = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d{4} info fontd: listening socket=bound threads=\d+ url=http:/
        #expect(line.contains(form), "\(line)")
    }

    // MARK: README's web snippet

    /// README's `follow({ live: false })` snippet, beside the warning, lets a headless screenshot that
    /// waits for the page to settle return; the live one keeps /events open and never would.
    @Test func readmesOneShotSnippetLetsAHeadlessScreenshotReturn() throws {
        let readme = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## A web page that follows the reader").dropFirst().first)
        #expect(section.contains("--virtual-time-budget"), "the warning is beside the snippet")
        let snippet = try #require(section.split(separator: "\n").first { $0.contains("follow({ live: false })") }.map(String.init))
        let server = try ServerProcess(port: 0)
        defer { server.stop() }
        let home = try TemporaryHome()
        let page = home.root.appendingPathComponent("page.html")
        let html =
            "<!doctype html><link rel=\"stylesheet\" href=\"http://127.0.0.1:8686/css\">\n\(snippet)\n<p class=\"fontd-body\">Body.</p>\n"
        try html.replacingOccurrences(of: "http://127.0.0.1:8686", with: server.url.absoluteString.trimmingCharacters(in: ["/"]))
            .write(to: page, atomically: true, encoding: .utf8)
        let shot = home.root.appendingPathComponent("shot.png")
        let chromium = try CommandRunner.run(
            [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--user-data-dir=\(home.root.path)/profile",
                "--screenshot=\(shot.path)", "--virtual-time-budget=3000", page.absoluteString,
            ], executable: URL(fileURLWithPath: "/usr/bin/chromium"), environment: home.environment())
        #expect(chromium.status == 0, "\(chromium.standardError.suffix(2000))")
        #expect(FileManager.default.fileExists(atPath: shot.path))
    }
}
