import DynamicType
import Foundation
import HTTPServer
import ScopedPreferences
import ServerTestSupport
import Testing

@testable import FontService

/// ETag and If-None-Match, Cache-Control, HEAD, OPTIONS and CORS on every kind of answer.
@Suite struct HTTPSemanticsTests {
    static let target = "/font?style=body&category=xl"

    @Test(arguments: TestClient.Mode.allCases)
    func successfulAnswersCarryAStrongTagOfTheirBody(mode: TestClient.Mode) throws {
        let fontd = try makeClient(mode)
        let miss = try fontd.send(Self.target)
        let hit = try fontd.send(Self.target)
        let tag = try #require(miss.header("ETag"))
        #expect(tag.wholeMatch(of: /"[0-9a-f]{16}"/) != nil, "\(tag)")
        #expect(hit.header("ETag") == tag)
        #expect(try fontd.send("/font?style=body&category=xxl").header("ETag") != tag)
        for path in ["/fonts", "/scale?style=body&value=1", "/styles", "/categories", "/faces", "/healthz"] {
            #expect(try fontd.send(path).header("ETag") != nil, "\(path)")
        }
    }

    @Test(
        arguments: TestClient.Mode.allCases,
        [
            "TAG", "W/TAG", "\"other\", TAG", "\"other\",W/TAG,\"more\"", "*", " TAG ", "\"a,b\", TAG",
        ])
    func aMatchingIfNoneMatchIsNotModified(mode: TestClient.Mode, template: String) throws {
        let fontd = try makeClient(mode)
        let tag = try #require(try fontd.send(Self.target).header("ETag"))
        let value = template.replacingOccurrences(of: "TAG", with: tag)
        for name in ["If-None-Match", "if-none-match"] {
            let response = try fontd.send(Self.target, headers: [(name, value)])
            #expect(response.status == 304, "\(name): \(value)")
            #expect(response.body.isEmpty)
            #expect(response.header("ETag") == tag)
            #expect(response.header("Cache-Control") == "no-cache")
            #expect(response.header("Access-Control-Allow-Origin") == "*")
            #expect(response.header("Content-Type") == nil)
        }
        #expect(try fontd.send(Self.target, method: "HEAD", headers: [("If-None-Match", value)]).status == 304)
    }

    @Test(arguments: TestClient.Mode.allCases, ["\"0000000000000000\"", "TAG-unquoted", "\"TAGx\"", "W/ TAG", "\"a,TAG\"", ""])
    func aDifferentIfNoneMatchGetsTheAnswer(mode: TestClient.Mode, template: String) throws {
        let fontd = try makeClient(mode)
        let tag = try #require(try fontd.send(Self.target).header("ETag"))
        let value =
            template
            .replacingOccurrences(of: "TAG-unquoted", with: tag.replacingOccurrences(of: "\"", with: ""))
            .replacingOccurrences(of: "TAGx", with: tag.replacingOccurrences(of: "\"", with: "") + "x")
            .replacingOccurrences(of: "TAG", with: tag)
        let response = try fontd.send(Self.target, headers: [("If-None-Match", value)])
        #expect(response.status == 200, "If-None-Match: \(value)")
        #expect(!response.body.isEmpty)
    }

    @Test func aTagFromBeforeAPreferenceChangeNoLongerMatches() throws {
        let service = makeService()
        let tag = try #require(try service.client.send("/font?style=body").header("ETag"))
        service.setPreferences(PerPreference<String>.initial.with(\.category, .large).with(\.legibilityWeight, .bold))
        let response = try service.client.send("/font?style=body", headers: [("If-None-Match", tag)])
        #expect(response.status == 200)
        #expect(try response.json()["descriptor"]?["requestedWeight"] == .number(600))
    }

    static let cacheControl: [(target: String, followsPreferences: Bool)] = [
        ("/font?style=body", true),
        ("/font?style=body&category=xl", true),
        ("/font?style=body&legibility=bold", true),
        ("/font?style=body&category=xl&legibility=regular", true),
        ("/font?style=body&category=xl&legibility=regular&textSpacing=default", false),
        ("/font?style=body&category=l&legibility=bold&traits=bold&textSpacing=wcag", false),
        ("/fonts", true),
        ("/fonts?category=xl", true),
        ("/fonts?category=xl&legibility=bold", true),
        ("/fonts?category=xl&legibility=bold&textSpacing=wcag", false),
        ("/scale?style=body&value=8", true),
        ("/scale?style=body&category=xl&value=8", false),
        ("/styles", false), ("/categories", false), ("/faces", false), ("/faces?family=DejaVu+Sans", false), ("/healthz", false),
    ]

    @Test(arguments: TestClient.Mode.allCases, cacheControl)
    func noCacheExactlyWhenTheAnswerFollowsThePreferences(mode: TestClient.Mode, expectation: (target: String, followsPreferences: Bool))
        throws
    {
        let (target, followsPreferences) = expectation
        let fontd = try makeClient(mode)
        for _ in 0..<2 {  // the miss and the hit
            let response = try fontd.send(target)
            #expect(response.status == 200)
            #expect(response.header("Cache-Control") == (followsPreferences ? "no-cache" : nil))
            let tag = try #require(response.header("ETag"))
            let revalidated = try fontd.send(target, headers: [("If-None-Match", tag)])
            #expect(revalidated.status == 304)
            #expect(revalidated.header("Cache-Control") == (followsPreferences ? "no-cache" : nil))
        }
    }

    @Test(arguments: ["/font?style=body&category=xl", "/fonts", "/styles", "/faces", "/nowhere", "/font?style=nope"])
    func headIsAnsweredExactlyLikeGet(target: String) throws {
        let service = makeService()
        let get = try service.client.send(target)
        let head = try service.client.send(target, method: "HEAD")
        #expect(head.status == get.status)
        #expect(head.headerBytes == get.headerBytes)
        #expect(head.body == get.body, "the server drops HEAD bodies but still announces their length")
        let headFirst = try makeService().client.send(target, method: "HEAD")
        #expect(headFirst.headerBytes == get.headerBytes)
    }

    @Test(
        arguments: TestClient.Mode.allCases,
        FontService.routes.routes.filter { $0.put == nil }.map {
            $0.matchesPrefix ? $0.path + String(repeating: "0", count: 64) : $0.path
        } + ["*"])
    func optionsIsACORSPreflight(mode: TestClient.Mode, path: String) throws {
        let response = try makeClient(mode).send(
            path, method: "OPTIONS",
            headers: [
                ("Origin", "https://app.example"), ("Access-Control-Request-Method", "GET"),
            ])
        #expect(response.status == 204)
        #expect(response.body.isEmpty)
        #expect(response.header("Allow") == "GET, HEAD, OPTIONS")
        #expect(response.header("Access-Control-Allow-Methods") == "GET, HEAD, OPTIONS")
        #expect(response.header("Access-Control-Allow-Headers") == "Authorization, Content-Type, If-None-Match, Last-Event-ID")
        #expect(response.header("Access-Control-Max-Age") == "86400")
        #expect(response.header("Access-Control-Allow-Origin") == "*")
        #expect(response.header("Vary") == nil)
    }

    @Test(arguments: TestClient.Mode.allCases)
    func optionsOnAnUnknownPathIsNotFound(mode: TestClient.Mode) throws {
        let response = try makeClient(mode).send("/nowhere", method: "OPTIONS")
        #expect(response.status == 404)
        #expect(try response.json()["error"] == .string("notFound"))
    }

    @Test(arguments: TestClient.Mode.allCases)
    func aTrustedOriginLeavesEveryAnswerOpenToAnyPage(mode: TestClient.Mode) throws {
        let fontd = try makeClient(mode, trustedOrigin: "https://app.example")
        let ok = try fontd.send(Self.target)
        let tag = try #require(ok.header("ETag"))
        let responses = [
            ok, try fontd.send(Self.target), try fontd.send(Self.target, headers: [("If-None-Match", tag)]),
            try fontd.send("/font?style=nope"), try fontd.send("/nowhere"), try fontd.send("/font", method: "POST"),
            try fontd.send("/font", method: "OPTIONS"), try fontd.send("/styles", method: "HEAD"),
        ]
        #expect(responses.map(\.status) == [200, 200, 304, 400, 404, 405, 204, 200])
        for response in responses {
            #expect(response.header("Access-Control-Allow-Origin") == "*", "\(response.status)")
            #expect(response.header("Vary") == nil, "\(response.status)")
        }
    }

    @Test(arguments: TestClient.Mode.allCases)
    func theDefaultOriginIsAnyOriginWithoutVary(mode: TestClient.Mode) throws {
        let fontd = try makeClient(mode)
        for response in [try fontd.send(Self.target), try fontd.send("/nowhere"), try fontd.send("/font", method: "OPTIONS")] {
            #expect(response.header("Access-Control-Allow-Origin") == "*")
            #expect(response.header("Vary") == nil)
        }
    }

    @Test(arguments: TestClient.Mode.allCases)
    func queryValuesArePercentDecoded(mode: TestClient.Mode) throws {
        let fontd = try makeClient(mode)
        let spaced = try fontd.send("/font?style=body&category=xl&family=DejaVu%20Serif").json()
        let plus = try fontd.send("/font?style=body&category=xl&family=DejaVu+Serif").json()
        #expect(spaced["descriptor"]?["family"] == .string("DejaVu Serif"))
        #expect(plus == spaced)
        let encodedName = try fontd.send("/font?%73tyle=body&category=x%6C&&family=DejaVu%2BSerif&").json()
        #expect(encodedName["category"] == .string("xl"))
        #expect(encodedName["descriptor"]?["fallback"] == .bool(true), "%2B is a literal plus, not a space")
    }

    static let sameAnswerTargets =
        cacheControl.map(\.target) + [
            "/font?style=nope", "/nowhere", "/font?style=body&category=xl&traits=bold,italic&family=DejaVu%20Serif",
            "/scale?style=title1&category=ax5&value=12", "/fonts?category=ax1&legibility=bold&traits=condensed",
        ]

    @Test(arguments: sameAnswerTargets)
    func theServiceAndTheWireGiveOneAnswer(target: String) throws {
        let inProcess = try makeClient(.inProcess).send(target)
        let live = try makeClient(.live).send(target)
        #expect(live.status == inProcess.status)
        for name in ["ETag", "Cache-Control", "Content-Type", "Access-Control-Allow-Origin", "Vary"] {
            #expect(live.header(name) == inProcess.header(name), "\(name)")
        }
        #expect(live.bodyText == inProcess.bodyText)
        #expect(live.header("Content-Length") == String(inProcess.body.count), "only the server adds Content-Length")
    }
}
