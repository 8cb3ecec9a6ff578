import HTTPServer

/// A successful answer, ready to send: the 200 response, the 304 that revalidates it,
/// and the entity tag that chooses between them. Immutable, so loop threads share it freely.
final class CachedAnswer: Sendable {
    /// `200 OK` with the body, `ETag`, CORS fields and, for answers that follow the
    /// preferences, `Cache-Control: no-cache`.
    let response: HTTPResponse
    /// `304 Not Modified` with the same validator and cache fields, no body.
    let notModified: HTTPResponse
    let entityTag: EntityTag
    /// What keeping it costs, for the caches' byte bound: both responses' fields and the body.
    let byteCount: Int

    init(response: HTTPResponse, notModified: HTTPResponse, entityTag: EntityTag) {
        self.response = response
        self.notModified = notModified
        self.entityTag = entityTag
        byteCount = response.headerBytes.count + response.body.count + notModified.headerBytes.count
    }

    /// The answer to a GET or HEAD: 304 when the request's `If-None-Match` names this answer.
    func reply(to request: HTTPRequest) -> HTTPResponse {
        entityTag.isMatched(byIfNoneMatchIn: request.headers) ? notModified : response
    }
}
