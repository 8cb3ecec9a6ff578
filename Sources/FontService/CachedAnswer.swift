import HTTPServer

/// A successful answer, ready to send: the 200 response, the 304 that revalidates it, their
/// private forms (for answers about a scope or to a credential), and the entity tag that
/// chooses between them. Immutable, so loop threads share it freely.
final class CachedAnswer: Sendable {
    /// `200 OK` with the body, `ETag`, CORS fields and, for answers that follow the
    /// preferences, `Cache-Control: no-cache`.
    let response: HTTPResponse
    /// `304 Not Modified` with the same validator and cache fields, no body.
    let notModified: HTTPResponse
    /// The 200 and 304 with `Cache-Control: private, no-store` and `Referrer-Policy: no-referrer`
    /// (docs/DESIGN.md §23 (Reader scopes and scoped tokens): a reader's text size is personal, and a token may be in the target).
    let privateResponse: HTTPResponse
    let privateNotModified: HTTPResponse
    let entityTag: EntityTag
    /// What keeping it costs, for the caches' byte bound: the responses' fields and the body (shared).
    let byteCount: Int

    init(response: HTTPResponse, notModified: HTTPResponse, privateResponse: HTTPResponse, privateNotModified: HTTPResponse, entityTag: EntityTag) {
        self.response = response
        self.notModified = notModified
        self.privateResponse = privateResponse
        self.privateNotModified = privateNotModified
        self.entityTag = entityTag
        byteCount = response.headerBytes.count + response.body.count + notModified.headerBytes.count
            + privateResponse.headerBytes.count + privateNotModified.headerBytes.count
    }

    /// The answer to a GET or HEAD: 304 when the request's `If-None-Match` names this answer.
    func reply(to request: HTTPRequest) -> HTTPResponse {
        entityTag.isMatched(byIfNoneMatchIn: request.headers) ? notModified : response
    }

    /// `reply(to:)` for `context`: the private form unless the answer is public.
    func reply(to context: RequestContext) -> HTTPResponse {
        let matched = entityTag.isMatched(byIfNoneMatchIn: context.request.headers)
        if context.isPublic { return matched ? notModified : response }
        return matched ? privateNotModified : privateResponse
    }
}
