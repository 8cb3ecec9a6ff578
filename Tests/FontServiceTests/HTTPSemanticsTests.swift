import DynamicType
@testable import FontService
import Foundation
import HTTPServer
import Testing

/// ETag and If-None-Match, Cache-Control, HEAD, OPTIONS and CORS on every kind of answer.
@Suite struct HTTPSemanticsTests {
    static let target = "/font?style=body&category=xl"

    @Test func successfulAnswersCarryAStrongTagOfTheirBody() throws {
        let service = makeService()
        let miss = service.send(Self.target)
        let hit = service.send(Self.target)
        let tag = try #require(miss.header("ETag"))
        #expect(tag.wholeMatch(of: /"[0-9a-f]{16}"/) != nil, "\(tag)")
        #expect(hit.header("ETag") == tag)
        #expect(service.send("/font?style=body&category=xxl").header("ETag") != tag)
        for path in ["/fonts", "/scale?style=body&value=1", "/styles", "/categories", "/faces", "/healthz"] {
            #expect(service.send(path).header("ETag") != nil, "\(path)")
        }
    }

    @Test(arguments: [
        "TAG", "W/TAG", "\"other\", TAG", "\"other\",W/TAG,\"more\"", "*", " TAG ", "\"a,b\", TAG",
    ])
    func aMatchingIfNoneMatchIsNotModified(template: String) throws {
        let service = makeService()
        let tag = try #require(service.send(Self.target).header("ETag"))
        let value = template.replacingOccurrences(of: "TAG", with: tag)
        for name in ["If-None-Match", "if-none-match"] {
            let response = service.send(Self.target, headers: [(name, value)])
            #expect(response.status == 304, "\(name): \(value)")
            #expect(response.body.isEmpty)
            #expect(response.header("ETag") == tag)
            #expect(response.header("Cache-Control") == "no-cache")
            #expect(response.header("Access-Control-Allow-Origin") == "*")
            #expect(response.header("Content-Type") == nil)
        }
        #expect(service.send(Self.target, method: "HEAD", headers: [("If-None-Match", value)]).status == 304)
    }

    @Test(arguments: ["\"0000000000000000\"", "TAG-unquoted", "\"TAGx\"", "W/ TAG", "\"a,TAG\"", ""])
    func aDifferentIfNoneMatchGetsTheAnswer(template: String) throws {
        let service = makeService()
        let tag = try #require(service.send(Self.target).header("ETag"))
        let value = template
            .replacingOccurrences(of: "TAG-unquoted", with: tag.replacingOccurrences(of: "\"", with: ""))
            .replacingOccurrences(of: "TAGx", with: tag.replacingOccurrences(of: "\"", with: "") + "x")
            .replacingOccurrences(of: "TAG", with: tag)
        let response = service.send(Self.target, headers: [("If-None-Match", value)])
        #expect(response.status == 200, "If-None-Match: \(value)")
        #expect(!response.body.isEmpty)
    }

    @Test func aTagFromBeforeAPreferenceChangeNoLongerMatches() throws {
        let service = makeService()
        let tag = try #require(service.send("/font?style=body").header("ETag"))
        service.setPreferences(ReaderPreferences(category: .large, legibilityWeight: .bold))
        let response = service.send("/font?style=body", headers: [("If-None-Match", tag)])
        #expect(response.status == 200)
        #expect(try response.json()["descriptor"]?["requestedWeight"] == .number(600))
    }

    static let cacheControl: [(target: String, followsPreferences: Bool)] = [
        ("/font?style=body", true),
        ("/font?style=body&category=xl", true),
        ("/font?style=body&legibility=bold", true),
        ("/font?style=body&category=xl&legibility=regular", false),
        ("/font?style=body&category=l&legibility=bold&traits=bold", false),
        ("/fonts", true),
        ("/fonts?category=xl", true),
        ("/fonts?category=xl&legibility=bold", false),
        ("/scale?style=body&value=8", true),
        ("/scale?style=body&category=xl&value=8", false),
        ("/styles", false), ("/categories", false), ("/faces", false), ("/faces?family=DejaVu+Sans", false), ("/healthz", false),
    ]

    @Test(arguments: cacheControl)
    func noCacheExactlyWhenTheAnswerFollowsThePreferences(target: String, followsPreferences: Bool) throws {
        let service = makeService()
        for _ in 0..<2 {  // the miss and the hit
            let response = service.send(target)
            #expect(response.status == 200)
            #expect(response.header("Cache-Control") == (followsPreferences ? "no-cache" : nil))
            let tag = try #require(response.header("ETag"))
            let revalidated = service.send(target, headers: [("If-None-Match", tag)])
            #expect(revalidated.status == 304)
            #expect(revalidated.header("Cache-Control") == (followsPreferences ? "no-cache" : nil))
        }
    }

    @Test(arguments: ["/font?style=body&category=xl", "/fonts", "/styles", "/faces", "/nowhere", "/font?style=nope"])
    func headIsAnsweredExactlyLikeGet(target: String) {
        let service = makeService()
        let get = service.send(target)
        let head = service.send(target, method: "HEAD")
        #expect(head.status == get.status)
        #expect(head.headerBytes == get.headerBytes)
        #expect(head.body == get.body, "the server drops HEAD bodies but still announces their length")
        let headFirst = makeService().send(target, method: "HEAD")
        #expect(headFirst.headerBytes == get.headerBytes)
    }

    @Test(arguments: FontService.routes.routes.filter { $0.put == nil }.map(\.path) + ["*"])
    func optionsIsACORSPreflight(path: String) {
        let response = makeService().send(path, method: "OPTIONS", headers: [
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

    @Test func optionsOnAnUnknownPathIsNotFound() throws {
        let response = makeService().send("/nowhere", method: "OPTIONS")
        #expect(response.status == 404)
        #expect(try response.json()["error"] == .string("notFound"))
    }

    @Test func aConfiguredOriginIsOnEveryAnswer() throws {
        let service = makeService(corsOrigin: "https://app.example")
        let ok = service.send(Self.target)
        let tag = try #require(ok.header("ETag"))
        let responses = [
            ok, service.send(Self.target), service.send(Self.target, headers: [("If-None-Match", tag)]),
            service.send("/font?style=nope"), service.send("/nowhere"), service.send("/font", method: "POST"),
            service.send("/font", method: "OPTIONS"), service.send("/styles", method: "HEAD"),
        ]
        #expect(responses.map(\.status) == [200, 200, 304, 400, 404, 405, 204, 200])
        for response in responses {
            #expect(response.header("Access-Control-Allow-Origin") == "https://app.example", "\(response.status)")
            #expect(response.header("Vary") == "Origin", "\(response.status)")
        }
    }

    @Test func theDefaultOriginIsAnyOriginWithoutVary() {
        let service = makeService()
        for response in [service.send(Self.target), service.send("/nowhere"), service.send("/font", method: "OPTIONS")] {
            #expect(response.header("Access-Control-Allow-Origin") == "*")
            #expect(response.header("Vary") == nil)
        }
    }

    @Test func queryValuesArePercentDecoded() throws {
        let service = makeService()
        let spaced = try service.send("/font?style=body&category=xl&family=DejaVu%20Serif").json()
        let plus = try service.send("/font?style=body&category=xl&family=DejaVu+Serif").json()
        #expect(spaced["descriptor"]?["family"] == .string("DejaVu Serif"))
        #expect(plus == spaced)
        let encodedName = try service.send("/font?%73tyle=body&category=x%6C&&family=DejaVu%2BSerif&").json()
        #expect(encodedName["category"] == .string("xl"))
        #expect(encodedName["descriptor"]?["fallback"] == .bool(true), "%2B is a literal plus, not a space")
    }
}
