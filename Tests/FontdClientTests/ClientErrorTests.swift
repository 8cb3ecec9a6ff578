import FontdTestSupport
import Foundation
import OpenTypeTestSupport
import ServerTestSupport
import Testing

@testable import FontdClient

/// Every error code of docs/DESIGN.md §8 (Errors) reaches the caller as `FontdClientError.server`, with the
/// status, code and message the built server answered.
@Suite struct ClientErrorTests {
    static let token = "client-error-token"
    static let server = Result { try ServerProcess(["--token", token]) }

    private func client(token: String? = Self.token) throws -> FontdClient {
        FontdClient(baseURL: try Self.server.get().url, token: token)
    }

    /// Runs `call`, requiring it to fail with the server error `code` at `status`.
    @discardableResult
    private func expectServerError(
        _ code: ErrorCode, status: Int, sourceLocation: SourceLocation = #_sourceLocation,
        _ call: () async throws -> Void
    ) async -> ServerError? {
        do {
            try await call()
            Issue.record("expected \(code), but the call succeeded", sourceLocation: sourceLocation)
        } catch {
            guard let error = error as? FontdClientError, case .server(let serverError) = error else {
                Issue.record("expected \(code), got \(error)", sourceLocation: sourceLocation)
                return nil
            }
            #expect(serverError.code == code, sourceLocation: sourceLocation)
            #expect(serverError.status == status, sourceLocation: sourceLocation)
            #expect(!serverError.message.isEmpty, sourceLocation: sourceLocation)
            #expect(error.description.contains(serverError.message), sourceLocation: sourceLocation)
            return serverError
        }
        return nil
    }

    /// The server error FontdClient reads from `answer` (a raw exchange with `server`); nil, with
    /// an issue recorded, when it reads something else.
    private static func serverError(_ answer: TestResponse, from server: ServerProcess, sourceLocation: SourceLocation = #_sourceLocation)
        -> ServerError?
    {
        let error = FontdClient.errorAnswer(status: answer.status, body: Data(answer.body), url: server.url)
        guard case .server(let serverError) = error else {
            Issue.record("not a server error: \(error)", sourceLocation: sourceLocation)
            return nil
        }
        return serverError
    }

    @Test func valueErrorsOfTheTypedCalls() async throws {
        let client = try client()
        let style = await expectServerError(.unknownStyle, status: 400) { _ = try await client.font("bdoy") }
        #expect(style?.allowed?.contains("body") == true)
        await expectServerError(.conflictingTraits, status: 400) { _ = try await client.font(.body, traits: [.condensed, .expanded]) }
        await expectServerError(.invalidNumber, status: 400) { _ = try await client.font(.body, weight: FontWeight(2000)) }
        await expectServerError(.invalidNumber, status: 400) { _ = try await client.fonts(maximumPointSize: 0) }
        await expectServerError(.invalidNumber, status: 400) { _ = try await client.scale(2e6, for: .body) }
        await expectServerError(.unknownStyle, status: 400) { _ = try await client.scale(1, for: "nope") }
        // A family list of nothing but spaces names no family.
        await expectServerError(.badRequest, status: 400) { _ = try await client.font(.body, families: [" "]) }
        await expectServerError(.uriTooLong, status: 414) {
            _ = try await client.font(.body, families: [String(repeating: "a", count: 9000)])
        }
    }

    @Test func valueErrorsThroughSend() async throws {
        let client = try client()
        let category = await expectServerError(.unknownCategory, status: 400) {
            _ = try await client.send("GET", "/font", query: [("style", "body"), ("category", "huge")])
        }
        #expect(category?.allowed == ContentSizeCategory.allCases.map(\.rawValue))
        await expectServerError(.unknownLegibilityWeight, status: 400) {
            _ = try await client.send("GET", "/font", query: [("style", "body"), ("legibility", "heavy")])
        }
        let spacing = await expectServerError(.unknownTextSpacing, status: 400) {
            _ = try await client.send("GET", "/font", query: [("style", "body"), ("textSpacing", "double")])
        }
        #expect(spacing?.allowed == ["default", "wcag"])
        await expectServerError(.unknownTrait, status: 400) {
            _ = try await client.send("GET", "/font", query: [("style", "body"), ("traits", "shiny")])
        }
        await expectServerError(.duplicateTrait, status: 400) {
            _ = try await client.send("GET", "/font", query: [("style", "body"), ("traits", "bold,bold")])
        }
        let unknown = await expectServerError(.unknownParameter, status: 400) {
            _ = try await client.send("GET", "/font", query: [("style", "body"), ("size", "3")])
        }
        #expect(unknown?.allowed?.contains("maximumPointSize") == true)
        await expectServerError(.duplicateParameter, status: 400) {
            _ = try await client.send("GET", "/font", query: [("style", "body"), ("style", "body")])
        }
        await expectServerError(.missingParameter, status: 400) { _ = try await client.send("GET", "/scale", query: [("style", "body")]) }
        let notFound = await expectServerError(.notFound, status: 404) { _ = try await client.send("GET", "/fonts/body") }
        #expect(notFound?.allowed?.contains("/events") == true)
        let method = await expectServerError(.methodNotAllowed, status: 405) { _ = try await client.send("DELETE", "/category") }
        #expect(method?.allowed == ["GET", "HEAD", "PUT", "OPTIONS"])
    }

    @Test func changeErrors() async throws {
        let client = try client()
        await expectServerError(.unauthorized, status: 401) { _ = try await self.client(token: nil).setCategory(.extraLarge) }
        await expectServerError(.unauthorized, status: 401) {
            _ = try await self.client(token: "wrong").setPreferences(legibilityWeight: .bold)
        }
        await expectServerError(.invalidBody, status: 400) { _ = try await client.setPreferences() }
        await expectServerError(.invalidBody, status: 400) {
            _ = try await client.send("PUT", "/category", body: Data(#"{"category": 5}"#.utf8))
        }
        await expectServerError(.unknownCategory, status: 400) {
            _ = try await client.send("PUT", "/category", body: Data(#"{"category": "huge"}"#.utf8))
        }
        await expectServerError(.payloadTooLarge, status: 413) {
            _ = try await client.send("PUT", "/preferences", body: Data(repeating: UInt8(ascii: " "), count: 70_000))
        }
        // Nothing above changed anything.
        #expect(try await client.preferences().sequence == 0)
    }

    @Test func headersTooLargeWhenTheTokenIsHuge() async throws {
        let client = try client(token: String(repeating: "t", count: 17_000))
        await expectServerError(.headersTooLarge, status: 431) { _ = try await client.health() }
    }

    @Test func unavailableWhenTheServerIsFull() async throws {
        let server = try ServerProcess(["--max-connections", "1"])
        let held = try server.connect()
        // The held connection is accepted before the client's arrives.
        try held.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(try held.readResponse().status == 200)
        await expectServerError(.unavailable, status: 503) { _ = try await FontdClient(baseURL: server.url).health() }
    }

    @Test func internalWhenTheStateCannotBeSaved() async throws {
        // A store at the largest sequence a change may take (imported from a state file): the next
        // change cannot be kept. (Removing the store's directory no longer provokes it: SQLite
        // commits to the file it holds open.)
        let directory = try TestPaths.temporaryDirectory()
        let state = directory.appendingPathComponent("state.json")
        let largest = 999_999_999_999_999
        let lastChange = #"{"sequence":\#(largest),"event":"contentSizeCategoryDidChange","category":"l","previous":"xl"}"#
        try Data(
            #"{"version":1,"category":"l","legibilityWeight":"regular","textSpacing":"default","sequence":\#(largest),"history":[\#(lastChange)]}"#
                .utf8
        )
        .write(to: state)
        let server = try ServerProcess(["--state", state.path])
        let client = FontdClient(baseURL: server.url)
        await expectServerError(.internal, status: 500) { _ = try await client.setCategory(.extraLarge) }
        #expect(try await client.category() == CategoryPreference(category: .large, sequence: largest))
    }

    /// The codes a URLSession request cannot provoke (it always sends whole, well-framed
    /// requests): provoked with raw bytes, and the answers read by the client's decoding.
    @Test(arguments: [
        (ErrorCode.requestTimeout, 408, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n"),
        (.notImplemented, 501, "PUT /category HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: gzip\r\n\r\n"),
        (.badRequest, 400, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header: x\r\n\r\n"),
        // The web endpoints', which the client library does not ask (a page or a build pipeline does).
        (.invalidParameter, 400, "GET /css?format=scss HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"),
        (.conflictingParameters, 400, "GET /css?format=tailwind&category=all HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"),
    ])
    func codesOnlyRawRequestsProvoke(code: ErrorCode, status: Int, request: String) throws {
        let server = try ServerProcess(["--header-timeout", "0.3"])
        let connection = try server.connect()
        try connection.send(request)
        let answer = try connection.readResponse()
        #expect(answer.status == status)
        guard let serverError = Self.serverError(answer, from: server) else { return }
        #expect(serverError.code == code)
        #expect(serverError.status == status)
    }

    @Test func aRestrictedFontFileIsForbidden() throws {
        let directory = try TestPaths.temporaryDirectory()
        let restricted = try FontFileCopies.withEmbeddingFlags(0x0002, in: directory)
        let server = try ServerProcess(environment: PinnedFonts.environment(seeingOnly: directory))
        let answer = try server.client.get("/font-files/\(try FontFileCopies.sha256(of: restricted))")
        guard let serverError = Self.serverError(answer, from: server) else { return }
        #expect(serverError.code == .forbidden)
        #expect(serverError.status == 403)
    }

    @Test func aNewScopePastTheLimitIsScopeLimit() async throws {
        let server = try ServerProcess(["--max-scopes", "1"])
        let client = FontdClient(baseURL: server.url)
        let body = Data(#"{"category":"xl"}"#.utf8)
        _ = try await client.send("PUT", "/category", query: [("scope", "alice")], body: body)
        let refusal = await expectServerError(.scopeLimit, status: 409) {
            _ = try await client.send("PUT", "/category", query: [("scope", "bob")], body: body)
        }
        #expect(refusal?.message.contains("--max-scopes") == true)
    }

    @Test func aChangePastTheWriteQuotaIsTooManyRequests() throws {
        let server = try ServerProcess(["--max-writes-per-second", "0.01"])  // one change, then one per 100 s
        // Two changes pipelined on one connection reach the server together, however loaded the machine.
        let connection = try server.connect()
        let put = { (category: String) in
            let body = #"{"category":"\#(category)"}"#
            return "PUT /category HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
        }
        try connection.send(put("xl") + put("s"))
        #expect(try connection.readResponse().status == 200)
        let answer = try connection.readResponse()
        #expect(answer.header("Retry-After") != nil)
        guard let serverError = Self.serverError(answer, from: server) else { return }
        #expect(serverError.code == .tooManyRequests)
        #expect(serverError.status == 429)
        #expect(serverError.message.contains("--max-writes-per-second"))
    }

    @Test func aHostOfAnotherNameIsMisdirectedRequest() throws {
        let server = try ServerProcess()
        let connection = try server.connect()
        try connection.send("GET /category HTTP/1.1\r\nHost: rebind.evil.example:\(server.port)\r\n\r\n")
        let answer = try connection.readResponse()
        guard let serverError = Self.serverError(answer, from: server) else { return }
        #expect(serverError.code == .misdirectedRequest)
        #expect(serverError.status == 421)
    }

    @Test func everyCodeOfTheDesignIsCovered() {
        // The codes checked above, against the list of docs/DESIGN.md §8 (Errors): a new code needs a test here.
        let covered: Set<ErrorCode> = [
            .unknownStyle, .unknownCategory, .unknownLegibilityWeight, .unknownTrait, .conflictingTraits, .duplicateTrait,
            .invalidNumber, .unknownParameter, .duplicateParameter, .missingParameter, .invalidBody, .unauthorized,
            .notFound, .methodNotAllowed, .payloadTooLarge, .uriTooLong, .headersTooLarge, .requestTimeout, .badRequest,
            .notImplemented, .unavailable, .internal, .invalidParameter, .conflictingParameters, .forbidden, .scopeLimit,
            .unknownTextSpacing, .tooManyRequests, .misdirectedRequest, .unknownFamily,
        ]
        #expect(covered == Set(ErrorCode.all))
    }

    @Test func anUnknownFamilyKeepsItsNearMatches() throws {
        // The answer the server makes of the error (docs/DESIGN.md §33 (The reading font)), read as a client reads it.
        let error = DynamicTypeError.unknownFamily("OpenDislexic", allowed: ["OpenDyslexic", "OpenDyslexicAlta"])
        let body = try OrderedJSONEncoder().encode(ErrorDocument(error: error.code, message: error.description, allowed: error.allowed))
        let url = URL(string: "http://127.0.0.1:1/preferences")!
        guard case .server(let serverError) = FontdClient.errorAnswer(status: 400, body: body, url: url) else {
            Issue.record("not a server error")
            return
        }
        #expect(serverError.code == .unknownFamily)
        #expect(serverError.status == 400)
        #expect(serverError.allowed == ["OpenDyslexic", "OpenDyslexicAlta"])
        #expect(serverError.message == "Unknown family 'OpenDislexic'; did you mean: OpenDyslexic, OpenDyslexicAlta.")
    }

    @Test func anAnswerThatIsNotFontdsIsAnInvalidResponse() {
        let url = URL(string: "http://127.0.0.1:1/x")!
        let error = FontdClient.errorAnswer(status: 502, body: Data("<html>Bad Gateway</html>".utf8), url: url)
        #expect(
            error
                == .invalidResponse(url: url.absoluteString, reason: "HTTP 502 without a fontd error document ('<html>Bad Gateway</html>')")
        )
    }
}

/// What the client makes of a server that is not fontd.
@Suite struct ForeignServerTests {
    @Test func aJSONAnswerOfAnotherShapeIsAnInvalidResponse() async throws {
        let foreign = try CannedHTTPServer(contentType: "application/json", body: #"{"hello":"world"}"#)
        do {
            _ = try await FontdClient(baseURL: foreign.url).font(.body)
            Issue.record("a foreign answer was accepted")
        } catch {
            guard case .invalidResponse(let url, let reason) = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(url.hasSuffix("/font"))
            #expect(reason.contains("ResolvedFont"))
        }
    }

    @Test func aPageInsteadOfAnEventStreamEndsTheStream() async throws {
        let foreign = try CannedHTTPServer(contentType: "text/html", body: "<html>hello</html>")
        let error = await endingError(of: FontdClient(baseURL: foreign.url).preferenceChanges())
        guard case .invalidResponse(_, let reason)? = error else {
            Issue.record("expected invalidResponse, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("text/html"))
    }

    // Without the bound the call would wait forever: the stalling server never closes.
    @Test(.timeLimit(.minutes(1)))
    func aServerThatStallsMidAnswerIsGivenUpOnAtTheCallsTimeout() async throws {
        // The head comes at once, the body never completes: the timeout bounds the whole answer.
        let stalling = try CannedHTTPServer(contentType: "application/json", body: #"{"status":"#, stalling: true)
        let client = FontdClient(baseURL: stalling.url, timeout: .milliseconds(500))
        do {
            _ = try await client.health()
            Issue.record("a stalled answer was accepted")
        } catch {
            guard case .unreachable(_, let reason) = error else {
                Issue.record("expected unreachable, got \(error)")
                return
            }
            #expect(reason == "no answer within 0.5 s")
        }
    }

    @Test func anErrorPageIsAnInvalidResponseNamingTheStatus() async throws {
        let foreign = try CannedHTTPServer(status: 502, contentType: "text/html", body: "<html>Bad Gateway</html>")
        do {
            _ = try await FontdClient(baseURL: foreign.url).health()
            Issue.record("a 502 was accepted")
        } catch {
            #expect(error.description.contains("HTTP 502"))
            #expect(error.code == nil)
        }
    }

    /// A password in an address is refused by `baseURL(parsing:)`, and shown as `REDACTED` by
    /// every error about a client made with one (docs/DESIGN.md §17 (The client library)).
    @Test func aPasswordInTheServerURLIsNeverShown() async throws {
        do {
            _ = try FontdClient.baseURL(parsing: "http://reader:Hunter2PW@127.0.0.1:8686")
            Issue.record("a URL with a password was accepted")
        } catch {
            #expect(!error.description.contains("Hunter2PW") && error.description.contains("reader:REDACTED@"), "\(error)")
            #expect(error.description.contains("password"))
        }
        // Nothing listens on port 1: the call is refused, and the message names the address.
        let client = FontdClient(baseURL: try #require(URL(string: "http://reader:Hunter2PW@127.0.0.1:1")), token: "Tok3nNotShown")
        do {
            _ = try await client.health()
            Issue.record("port 1 answered")
        } catch {
            #expect(!error.description.contains("Hunter2PW") && !error.description.contains("Tok3nNotShown"), "\(error)")
            #expect(error.description.contains("reader:REDACTED@127.0.0.1:1"), "\(error)")
        }
        #expect(FontdClientError.redacted("https://a:b:c@h/p?q=u:v@w") == "https://a:REDACTED@h/p?q=u:v@w")
        #expect(FontdClientError.redacted("http://only-user@h:1") == "http://only-user@h:1")
        #expect(FontdClientError.redacted("not a url: a:b@c") == "not a url: a:b@c")
    }

    /// A token an `Authorization` field cannot carry is refused by the networking library,
    /// whose error would list the field's value: the message never holds it.
    @Test func aTokenTheLibraryRefusesIsNotRepeated() async throws {
        // The field is checked before any connection is tried: nothing needs to listen on port 1.
        let client = FontdClient(baseURL: try #require(URL(string: "http://127.0.0.1:1")), token: "Ctrl\u{1}Tok3nSecret")
        do {
            _ = try await client.preferences()
            Issue.record("a token with a control character was sent")
        } catch {
            #expect(!"\(error)".contains("Tok3nSecret") && "\(error)".contains("control character"), "\(error)")
        }
    }
}
