import DynamicType
import FontResolution
import Foundation
import HTTPServer
import ServerTestSupport
import Synchronization
import Testing

@testable import FontService

/// Every error the service answers: status, code, a message, `allowed` where it helps, JSON and CORS.
@Suite struct ErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var method = "GET"
        var target: String
        var status: Int
        var code: String
        /// The expected `allowed`; nil: the member must be absent.
        var allowed: [String]?
        /// A text the message must contain (the parameter, the value).
        var mentions: String

        var testDescription: String { "\(method) \(target) → \(status) \(code)" }
    }

    static let styles = defaultTable.styleNames.map(\.rawValue)
    static let categories = ContentSizeCategory.allCases.map(\.rawValue)
    static let traits = ["bold", "italic", "condensed", "expanded", "monospace", "tightLeading", "looseLeading"]
    static let weightNames = FontWeight.names.map(\.name)
    static let fontParameters = [
        "style", "category", "minimumCategory", "maximumCategory", "traits", "family", "weight", "legibility", "textSpacing",
        "readingFont", "maximumPointSize", "scope",
    ]
    static let paths = [
        "/", "/font", "/capsize", "/fonts", "/scale", "/styles", "/categories", "/faces", "/healthz", "/desktop", "/preferences",
        "/category",
        "/revocations", "/events",
        "/css", "/tokens", "/fontd.js", "/specimen", "/font-files/<sha256>",
    ]

    static let cases: [Case] = [
        Case(target: "/font?style=bdoy", status: 400, code: "unknownStyle", allowed: styles, mentions: "bdoy"),
        Case(target: "/scale?style=nope&value=1", status: 400, code: "unknownStyle", allowed: styles, mentions: "nope"),
        Case(target: "/font?style=body&category=huge", status: 400, code: "unknownCategory", allowed: categories, mentions: "huge"),
        Case(target: "/fonts?category=xxxxl", status: 400, code: "unknownCategory", allowed: categories, mentions: "xxxxl"),
        Case(
            target: "/font?style=body&legibility=heavy", status: 400, code: "unknownLegibilityWeight", allowed: ["regular", "bold"],
            mentions: "heavy"),
        Case(
            target: "/scale?style=body&legibility=x&value=1", status: 400, code: "unknownLegibilityWeight", allowed: ["regular", "bold"],
            mentions: "'x'"),
        Case(
            target: "/font?style=body&textSpacing=double", status: 400, code: "unknownTextSpacing", allowed: ["default", "wcag"],
            mentions: "'double'"),
        Case(target: "/css?textSpacing=wide", status: 400, code: "unknownTextSpacing", allowed: ["default", "wcag"], mentions: "'wide'"),
        Case(target: "/font?style=body&traits=bold,shiny", status: 400, code: "unknownTrait", allowed: traits, mentions: "shiny"),
        Case(target: "/font?style=body&traits=condensed,expanded", status: 400, code: "conflictingTraits", mentions: "expanded"),
        Case(target: "/font?style=body&traits=italic,Italic", status: 400, code: "duplicateTrait", mentions: "italic"),
        Case(target: "/font?style=body&weight=1001", status: 400, code: "invalidNumber", allowed: weightNames, mentions: "1001"),
        Case(target: "/font?style=body&weight=nan", status: 400, code: "invalidNumber", allowed: weightNames, mentions: "nan"),
        Case(target: "/font?style=body&maximumPointSize=0", status: 400, code: "invalidNumber", mentions: "maximumPointSize"),
        Case(target: "/fonts?maximumPointSize=1000.5", status: 400, code: "invalidNumber", mentions: "1000.5"),
        Case(target: "/scale?style=body&value=1e7", status: 400, code: "invalidNumber", mentions: "value"),
        Case(target: "/scale?style=body&value=0x10", status: 400, code: "invalidNumber", mentions: "0x10"),
        Case(target: "/font?style=body&size=12", status: 400, code: "unknownParameter", allowed: fontParameters, mentions: "size"),
        Case(
            target: "/fonts?style=body", status: 400, code: "unknownParameter", allowed: Array(fontParameters.dropFirst()),
            mentions: "style"),
        Case(target: "/healthz?verbose", status: 400, code: "unknownParameter", allowed: [], mentions: "verbose"),
        Case(target: "/faces?family=A&family=B", status: 400, code: "duplicateParameter", mentions: "family"),
        Case(target: "/font?style=body&category=xl&category=xl", status: 400, code: "duplicateParameter", mentions: "category"),
        Case(target: "/font", status: 400, code: "missingParameter", mentions: "style"),
        Case(target: "/font?category=xl", status: 400, code: "missingParameter", mentions: "style"),
        Case(target: "/scale?style=body", status: 400, code: "missingParameter", mentions: "value"),
        Case(target: "/font?style=bo%zzdy", status: 400, code: "badRequest", mentions: "style"),
        Case(target: "/font?style=body%", status: 400, code: "badRequest", mentions: "style"),
        Case(target: "/font?style=%C3%28", status: 400, code: "badRequest", mentions: "UTF-8"),
        Case(target: "/font?st%yle=body", status: 400, code: "badRequest", mentions: "parameter name"),
        Case(target: "/font?style=body&family=,+,", status: 400, code: "badRequest", mentions: "family"),
        Case(target: "/nowhere", status: 404, code: "notFound", allowed: paths, mentions: "/nowhere"),
        Case(target: "/font/", status: 404, code: "notFound", allowed: paths, mentions: "/font/"),
        Case(method: "DELETE", target: "/nowhere", status: 404, code: "notFound", allowed: paths, mentions: "/nowhere"),
        Case(
            method: "POST", target: "/font?style=body", status: 405, code: "methodNotAllowed", allowed: ["GET", "HEAD", "OPTIONS"],
            mentions: "POST"),
        Case(
            method: "PUT", target: "/healthz", status: 405, code: "methodNotAllowed", allowed: ["GET", "HEAD", "OPTIONS"], mentions: "PUT"),
        Case(
            method: "get", target: "/styles", status: 405, code: "methodNotAllowed", allowed: ["GET", "HEAD", "OPTIONS"], mentions: "get"),
    ]

    @Test(arguments: cases)
    func answersTheErrorAsJSON(_ test: Case) throws {
        let response = try makeService().client.send(test.target, method: test.method)
        #expect(response.status == test.status)
        #expect(response.header("Content-Type") == "application/json; charset=utf-8")
        #expect(response.header("Access-Control-Allow-Origin") == "*")
        #expect(response.header("ETag") == nil)
        let body = try response.json()
        guard case .object(let members) = body else {
            Issue.record("not an object: \(body)")
            return
        }
        // `suggestion` only where a value near the one given is known (docs/DESIGN.md §8 (Errors)).
        let suggestion: String? = if case .string(let value) = body["suggestion"] { value } else { nil }
        #expect(
            members.map(\.key) == ["error", "message"] + (suggestion == nil ? [] : ["suggestion"])
                + (test.allowed == nil ? [] : ["allowed"]))
        #expect(body["error"] == .string(test.code))
        #expect(body["allowed"]?.strings == test.allowed)
        guard case .string(let message) = body["message"] else {
            Issue.record("no message: \(body)")
            return
        }
        #expect(message.contains(test.mentions), "\(message)")
        if let suggestion {
            #expect(message.hasSuffix(" Did you mean '\(suggestion)'?"), "\(message)")
        } else {
            #expect(message.hasSuffix(".") || message.hasSuffix(")"), "\(message)")
        }
    }

    /// An error answer to a request with a credential — even one this server, which has no
    /// token, ignores — is `private, no-store` and names the parameter without repeating it; the
    /// same error without a credential is not private (docs/DESIGN.md §8 (Errors), §23 (Reader scopes and scoped tokens)).
    @Test func anErrorToACredentialIsPrivateAndNeverRepeatsIt() throws {
        let fontd = makeService().client
        let bearer = [(name: "Authorization", value: "Bearer Sekr1tTok")]
        let credentialed: [(method: String, target: String, headers: [(name: String, value: String)], status: Int)] = [
            ("GET", "/css?access_token=Sekr1t%zzTok", [], 400),
            ("GET", "/css?access_token=Sekr1tTok&access_token=Sekr1tTok", [], 400),
            ("GET", "/font?style=body&access%5Ftoken=Sekr1tTok", [], 400),
            ("GET", "/css?category=huge&access_token=Sekr1tTok", [], 400),
            ("GET", "/font?style=bdoy", bearer, 400),
            ("GET", "/nowhere", bearer, 404),
            ("POST", "/font?style=body", bearer, 405),
            ("BREW", "/font?style=body", bearer, 501),
            ("PUT", "/category", bearer, 400),
        ]
        for request in credentialed {
            let response = try fontd.send(request.target, method: request.method, headers: request.headers)
            let label = "\(request.method) \(request.target)"
            #expect(response.status == request.status, "\(label)")
            #expect(response.header("Cache-Control") == "private, no-store", "\(label)")
            #expect(response.header("Referrer-Policy") == "no-referrer", "\(label)")
            #expect(!response.bodyText.contains("Sekr1t"), "\(label): \(response.bodyText)")
        }
        let malformed = try fontd.send("/css?access_token=Sekr1t%zzTok").bodyText
        #expect(malformed.contains("'access_token'") && malformed.contains("not shown"), "\(malformed)")
        let uncredentialed = try fontd.send("/font?style=bdoy")
        #expect(uncredentialed.header("Cache-Control") == nil && uncredentialed.header("Referrer-Policy") == nil)
        #expect(try fontd.send("/css?prefix=a%zzb").bodyText.contains("a%zzb"), "a value that is no credential is still shown")
    }

    @Test func methodNotAllowedNamesTheAllowedMethods() throws {
        let response = try makeService().client.send("/font?style=body", method: "POST")
        #expect(response.header("Allow") == "GET, HEAD, OPTIONS")
    }

    @Test func aFailingResolutionIsAnInternalErrorAndIsNotCached() throws {
        let failures = Counter()
        let service = makeService { request in
            if request.families == ["Broken"] {
                failures.increment()
                throw FontResolutionError.unreadableFace(file: "/broken.ttf", index: 0, freeTypeError: 2)
            }
        }
        for _ in 0..<2 {
            let response = try service.client.send("/font?style=body&family=Broken")
            #expect(response.status == 500)
            #expect(try response.json()["error"] == .string("internal"))
            guard case .string(let message) = try response.json()["message"] else { continue }
            #expect(message.contains("/broken.ttf"))
        }
        #expect(failures.value == 2, "a failure is not cached: the second request tries again")
        #expect(service.cachedAnswerCount == 0)
        #expect(try service.client.send("/fonts?family=Broken").status == 500)
    }

    static let refusals: [(status: Int, code: String)] = [
        (400, "badRequest"), (408, "requestTimeout"), (413, "payloadTooLarge"), (414, "uriTooLong"),
        (431, "headersTooLarge"), (501, "notImplemented"), (505, "notImplemented"), (503, "unavailable"), (500, "internal"),
    ]

    @Test(arguments: refusals)
    func serverRefusalsGetTheirCodes(status: Int, code: String) throws {
        let response = TestResponse(
            makeService(trustedOrigins: ["https://app.example"]).failureResponse(HTTPFailure(status: status, reason: "some reason")))
        #expect(response.status == status)
        #expect(response.header("Content-Type") == "application/json; charset=utf-8")
        #expect(response.header("Access-Control-Allow-Origin") == "*")
        #expect(response.header("Vary") == nil)
        let body = try response.json()
        #expect(body["error"] == .string(code))
        guard case .string(let message) = body["message"] else {
            Issue.record("no message: \(body)")
            return
        }
        #expect(message.contains("some reason"))
    }
}

/// A thread-safe tally for hooks that run on several threads.
final class Counter: Sendable {
    private let count = Mutex(0)
    func increment() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}
