import DynamicType
import FontdTestSupport
import Foundation
import ServerTestSupport
import Synchronization
import Testing

/// The read-only API of docs/DESIGN.md §7 (HTTP endpoints), §8 (Errors), §9 (HTTP semantics), through the built `fontd serve` on a real socket.
/// The default table's styles, in table order.
private let defaultStyleNames = [
    "largeTitle", "title1", "title2", "title3", "headline", "body", "callout", "subheadline", "footnote", "caption1", "caption2",
]

@Suite(.ownThread) struct ServeAPITests {
    static let server: ServerProcess = {
        do { return try ServerProcess(["--threads", "2", "--cors-origin", "https://app.example"]) } catch { fatalError("\(error)") }
    }()

    private func json(_ bytes: some Collection<UInt8>) throws -> NSObject {
        try #require(try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) as? NSObject)
    }

    private func json(_ text: String) throws -> NSObject { try json(Array(text.utf8)) }

    @Test func everyCellEqualsTheCommandLineAnswer() throws {
        let cells = defaultStyleNames.flatMap { style in ContentSizeCategory.allCases.map { (style, $0.rawValue) } }
        #expect(cells.count == 132)
        let connection = try Self.server.connect()
        var served: [NSObject] = []
        for (style, category) in cells {
            try connection.send("GET /font?style=\(style)&category=\(category) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let answer = try connection.readResponse()
            #expect(answer.status == 200)
            served.append(try json(answer.body))
        }
        let local = Mutex<[Int: String]>([:])
        DispatchQueue.concurrentPerform(iterations: cells.count) { index in
            let (style, category) = cells[index]
            let result = Result { try CommandRunner.run(["query", style, "--category", category, "--json"]) }
            let output =
                switch result {
                case .success(let run) where run.status == 0: run.standardOutput
                case .success(let run): "exit \(run.status): \(run.standardError)"
                case .failure(let error): "\(error)"
                }
            local.withLock { $0[index] = output }
        }
        for (index, cell) in cells.enumerated() {
            let output = try #require(local.withLock { $0[index] })
            #expect((try? json(output)) == served[index], "\(cell): \(output)")
        }
    }

    @Test func fontsAnswersEveryStyleInTableOrder() throws {
        let answer = try Self.server.client.get("/fonts?category=xl&traits=bold")
        #expect(answer.status == 200)
        let object = try #require(try json(answer.body) as? [String: Any])
        #expect(object["category"] as? String == "xl")
        let keys = try #require(answer.bodyText.firstRange(of: #""fonts":{"#)).upperBound
        let order = defaultStyleNames.compactMap { answer.bodyText[keys...].range(of: #""\#($0)":{"style""#)?.lowerBound }
        #expect(order.count == 11 && order == order.sorted(), "styles out of table order")
        let single = try Self.server.client.get("/font?style=headline&category=xl&traits=bold")
        let fonts = try #require(object["fonts"] as? [String: NSObject])
        #expect(fonts["headline"] == (try json(single.body)))
    }

    @Test func scaleUsesTheStyleMetricsScale() throws {
        let answer = try Self.server.client.get("/scale?style=body&category=xl&value=8")
        #expect(answer.status == 200)
        let object = try #require(try json(answer.body) as? [String: Double])
        let font = try #require(try json(try Self.server.client.get("/font?style=body&category=xl").body) as? [String: Any])
        let factor = try #require((font["metrics"] as? [String: Any])?["metricsScale"] as? Double)
        #expect(object["value"] == 8)
        #expect(abs((object["factor"] ?? 0) - factor) < 0.0001)
        #expect(abs((object["scaled"] ?? 0) - 8 * factor) < 0.01)
    }

    @Test func listingsMatchTheCommandLine() throws {
        let styles = try Self.server.client.get("/styles")
        #expect(try json(styles.body) == (try json(Data(contentsOf: TestPaths.defaultStyles))))
        let categories = try Self.server.client.get("/categories")
        #expect(try json(categories.body) == (try json(CommandRunner.run(["categories", "--json"]).standardOutput)))
        let faces = try Self.server.client.get("/faces?family=DejaVu%20Sans%20Mono")
        let listed = try CommandRunner.run(["list", "--family", "DejaVu Sans Mono", "--json"])
        #expect(try json(faces.body) == (try json(listed.standardOutput)))
        #expect(faces.bodyText.contains("DejaVuSansMono-Bold.ttf"))
        #expect(try Self.server.client.get("/healthz").bodyText == #"{"status":"ok","version":"\#(FontdVersion.current)"}"#)
    }

    @Test(
        arguments: [
            ("/font?style=bdoy", 400, "unknownStyle", "body"),
            ("/font?style=body&category=huge", 400, "unknownCategory", "ax5"),
            ("/font?style=body&legibility=heavy", 400, "unknownLegibilityWeight", "bold"),
            ("/font?style=body&traits=bold,shiny", 400, "unknownTrait", "italic"),
            ("/font?style=body&traits=condensed,expanded", 400, "conflictingTraits", nil),
            ("/font?style=body&traits=bold,bold", 400, "duplicateTrait", nil),
            ("/font?style=body&weight=0", 400, "invalidNumber", nil),
            ("/font?style=body&weight=nan", 400, "invalidNumber", nil),
            ("/font?style=body&maximumPointSize=0", 400, "invalidNumber", nil),
            ("/scale?style=body&value=1e7", 400, "invalidNumber", nil),
            ("/font?style=body&size=12", 400, "unknownParameter", "maximumPointSize"),
            ("/font?style=body&style=title1", 400, "duplicateParameter", nil),
            ("/font?category=xl", 400, "missingParameter", nil),
            ("/scale?style=body", 400, "missingParameter", nil),
            ("/font?style=body&family=%zz", 400, "badRequest", nil),
            ("/nothing-here", 404, "notFound", nil),
        ] as [(String, Int, String, String?)])
    func badQueriesGetTheirErrorCode(_ target: String, _ status: Int, _ code: String, _ allowedExample: String?) throws {
        let answer = try Self.server.client.get(target)
        #expect(answer.status == status)
        #expect(answer.header("Content-Type") == "application/json; charset=utf-8")
        let object = try #require(try json(answer.body) as? [String: Any])
        #expect(object["error"] as? String == code)
        let message = try #require(object["message"] as? String)
        #expect(message.count > 20)
        if let allowedExample {
            #expect((object["allowed"] as? [String])?.contains(allowedExample) == true, "\(answer.bodyText)")
        }
        #expect(answer.header("Access-Control-Allow-Origin") == "*")
    }

    @Test(arguments: [[""], ["DejaVu Serif", ""], [" ", "DejaVu Sans"]])
    func emptyFamilyIsRefusedByTheCommandLineInTheServersWords(_ families: [String]) throws {
        let answer = try Self.server.client.get("/font?style=body&family=")
        #expect(answer.status == 400)
        let message = try #require((try json(answer.body) as? [String: Any])?["message"] as? String)
        let result = try CommandRunner.run(["query", "body"] + families.flatMap { ["--family", $0] })
        #expect(result.status != 0)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError == "fontd: error: \(message)\n")
    }

    @Test func wrongMethodIs405WithAllow() throws {
        let connection = try Self.server.connect()
        try connection.send("DELETE /font?style=body HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let answer = try connection.readResponse()
        #expect(answer.status == 405)
        #expect(answer.header("Allow") == "GET, HEAD, OPTIONS")
        #expect(answer.bodyText.contains(#""error":"methodNotAllowed""#))
    }

    @Test func preflightAndCORS() throws {
        let connection = try Self.server.connect()
        try connection.send(
            "OPTIONS /font HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: https://app.example\r\nAccess-Control-Request-Method: GET\r\n\r\n")
        let answer = try connection.readResponse()
        #expect(answer.status == 204)
        #expect(answer.header("Access-Control-Allow-Origin") == "*")
        #expect(answer.header("Access-Control-Allow-Methods")?.contains("GET") == true)
        #expect(answer.header("Access-Control-Allow-Headers")?.contains("If-None-Match") == true)
    }

    @Test func etagAnswersIfNoneMatchWith304() throws {
        let first = try Self.server.client.get("/font?style=body&category=xl&legibility=regular&textSpacing=default&traits=italic,bold")
        let tag = try #require(first.header("ETag"))
        #expect(first.header("Cache-Control") == nil)
        let same = try Self.server.client.get(
            "/font?style=body&category=extraLarge&legibility=regular&textSpacing=default&traits=bold,italic")
        #expect(same.header("ETag") == tag)
        #expect(same.body == first.body)
        let unchanged = try Self.server.client.get(
            "/font?style=body&category=xl&legibility=regular&textSpacing=default&traits=bold,italic", headers: [("If-None-Match", tag)])
        #expect(unchanged.status == 304)
        #expect(unchanged.body.isEmpty)
        let changed = try Self.server.client.get("/font?style=body&category=xl&legibility=regular", headers: [("If-None-Match", tag)])
        #expect(changed.status == 200)
        // Without a category the answer follows the reader's preference, so caches must revalidate.
        #expect(try Self.server.client.get("/font?style=body").header("Cache-Control") == "no-cache")
    }
}
