import DynamicType
import HTTPServer

extension FontService {
    static let jsonContentType = (name: "Content-Type", value: "application/json; charset=utf-8")

    /// The fields of an answer about a scope or to a credential (docs/DESIGN.md §23 (Reader scopes and scoped tokens)): kept by no
    /// cache, and no `Referer` carries a token in its target onwards.
    static let privateFields = [(name: "Cache-Control", value: "private, no-store"), (name: "Referrer-Policy", value: "no-referrer")]

    /// Builds a successful answer's 200 and 304 once, when it is cached; `extraFields` (`Vary`) go on both.
    func cachedAnswer(
        body: [UInt8], followsPreferences: Bool, contentType: String = jsonContentType.value,
        extraFields: [(name: String, value: String)] = []
    ) -> CachedAnswer {
        Self.makeCachedAnswer(body: body, followsPreferences: followsPreferences, contentType: contentType, extraFields: extraFields)
    }

    /// `cachedAnswer` for answers made while the service is made.
    static func makeCachedAnswer(
        body: [UInt8], followsPreferences: Bool, contentType: String = jsonContentType.value,
        extraFields: [(name: String, value: String)] = []
    ) -> CachedAnswer {
        let tag = EntityTag(body: body)
        // RFC 9110 §15.4.5: a 304 carries the ETag and cache fields the 200 would have.
        var fields = [(name: "ETag", value: tag.text)]
        if followsPreferences { fields.append((name: "Cache-Control", value: "no-cache")) }
        fields += extraFields + corsHeaders
        let privateFields = [(name: "ETag", value: tag.text)] + privateFields + extraFields + corsHeaders
        return CachedAnswer(
            response: HTTPResponse(status: 200, headers: [(name: "Content-Type", value: contentType)] + fields, body: body),
            notModified: HTTPResponse(status: 304, headers: fields),
            privateResponse: HTTPResponse(status: 200, headers: [(name: "Content-Type", value: contentType)] + privateFields, body: body),
            privateNotModified: HTTPResponse(status: 304, headers: privateFields),
            entityTag: tag)
    }

    /// The answer to `request` that `error` stands for: `private, no-store` when the request
    /// carries a credential, as every answer to one is (docs/DESIGN.md §8 (Errors)).
    func errorResponse(_ error: FontServiceError, to request: HTTPRequest) -> HTTPResponse {
        errorResponse(error, keptPrivate: Self.carriesCredential(request))
    }

    /// `{"error": CODE, "message": …, "suggestion": …, "allowed": […]}` with the error's status and the CORS
    /// fields; with `privateFields` when `keptPrivate`.
    func errorResponse(_ error: FontServiceError, keptPrivate: Bool) -> HTTPResponse {
        // An error body is never to be taken for another type (an old browser sniffing HTML in it).
        var headers = [Self.jsonContentType, Self.noSniff]
        switch error {
        case .methodNotAllowed(_, _, let allowed): headers.append((name: "Allow", value: allowed.joined(separator: ", ")))
        case .unauthorized: headers.append((name: "WWW-Authenticate", value: #"Bearer realm="fontd""#))
        case .tooManyWrites(let seconds, _, _): headers.append((name: "Retry-After", value: String(seconds)))
        default: break
        }
        if keptPrivate { headers += Self.privateFields }
        headers += Self.corsHeaders
        let document = ErrorDocument(error: error.code, message: error.description, suggestion: error.suggestion, allowed: error.allowed)
        // Only strings: encoding cannot fail, but an answer must go out even if it did.
        let body =
            (try? OrderedJSONEncoder().encode(document)).map(Array.init)
            ?? Array("{\"error\":\"internal\",\"message\":\"The error could not be written as JSON.\"}".utf8)
        return HTTPResponse(status: error.status, headers: headers, body: body)
    }

    /// `X-Content-Type-Options: nosniff`: the body is only what `Content-Type` says (errors, font files).
    static let noSniff = (name: "X-Content-Type-Options", value: "nosniff")

    /// `Access-Control-Allow-Origin: *` on every answer: any page may read what the server lets
    /// it, and what it may not is refused by the server itself (docs/DESIGN.md §23 (Reader scopes and scoped tokens), "Consent"), so
    /// the field never varies by `Origin`.
    static let corsHeaders = [(name: "Access-Control-Allow-Origin", value: "*")]

    /// The 204 answer to `OPTIONS` on a path answering `methods`: what a browser needs before a
    /// cross-origin request. `browserMethods` are those the asking page may use, which leaves PUT
    /// out for a page the reader has not trusted (docs/DESIGN.md §23 (Reader scopes and scoped tokens), "Consent").
    static func preflightResponse(allowing methods: [String], browserMethods: [String]? = nil) -> HTTPResponse {
        HTTPResponse(
            status: 204,
            headers: [
                (name: "Allow", value: methods.joined(separator: ", ")),
                (name: "Access-Control-Allow-Methods", value: (browserMethods ?? methods).joined(separator: ", ")),
                (name: "Access-Control-Allow-Headers", value: "Authorization, Content-Type, If-None-Match, Last-Event-ID"),
                (name: "Access-Control-Max-Age", value: "86400"),
            ]
                // PUT depends on the origin.
                + (methods.contains("PUT") ? [(name: "Vary", value: "Origin, Access-Control-Request-Headers")] : [])
                + corsHeaders)
    }
}
