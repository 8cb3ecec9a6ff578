import HTTPServer
import Synchronization

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

    init(
        response: HTTPResponse, notModified: HTTPResponse, privateResponse: HTTPResponse, privateNotModified: HTTPResponse,
        entityTag: EntityTag
    ) {
        self.response = response
        self.notModified = notModified
        self.privateResponse = privateResponse
        self.privateNotModified = privateNotModified
        self.entityTag = entityTag
        byteCount =
            response.headerBytes.count + response.body.count + notModified.headerBytes.count
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

/// A request reduced to what decides its answer: the cache key of docs/DESIGN.md §16 (The answer cache).
///
/// The subject is canonical — traits are a set, categories and styles are the table's
/// spelling, numbers are numbers — so `traits=italic,bold` and `traits=bold,italic`, or
/// `category=extraLarge` and `category=xl`, share one entry. Omitted preferences are
/// filled in with the reader's current ones, so changing them needs no invalidation.
struct AnswerKey: Hashable, Sendable {
    /// A route's canonical form of a request, whatever its type.
    struct Subject: Hashable, @unchecked Sendable {
        // Sendable: built only from `Sendable` values (the initializer's constraint).
        let value: AnyHashable

        init(_ value: some Hashable & Sendable) {
            self.value = AnyHashable(value)
        }
    }

    /// The route's path: two routes' subjects never meet.
    var path: String
    /// What is asked, with effective values.
    var subject: Subject
    /// The request left out a preference the answer depends on: the answer carries
    /// `Cache-Control: no-cache`, and is only good while the preferences stay the same.
    var followsPreferences: Bool
}

/// An answer being computed, which identical concurrent misses wait for instead of
/// computing it again (single-flight) — without blocking: they leave a handler that runs when
/// it is done, and their event loops go on with other connections.
///
/// The leader — the thread whose miss created it — calls `finish(_:)` exactly once; any thread
/// calls `onFinish(_:)`.
final class Flight: Sendable {
    private enum Progress {
        case running(waiting: [@Sendable (Result<CachedAnswer, FontServiceError>) -> Void])
        case finished(Result<CachedAnswer, FontServiceError>)
    }

    private let progress = Mutex(Progress.running(waiting: []))
    /// The font epoch it was begun in (`ServiceState.fontEpoch`).
    let fontEpoch: Int

    init(fontEpoch: Int = 0) {
        self.fontEpoch = fontEpoch
    }

    /// Publishes the leader's outcome and runs every handler left so far, on this thread.
    func finish(_ result: Result<CachedAnswer, FontServiceError>) {
        let waiting = progress.withLock { progress -> [@Sendable (Result<CachedAnswer, FontServiceError>) -> Void] in
            guard case .running(let waiting) = progress else { return [] }
            progress = .finished(result)
            return waiting
        }
        for handler in waiting { handler(result) }
    }

    /// Runs `handler` with the outcome once the leader finishes (at once, here, if it has).
    func onFinish(_ handler: @escaping @Sendable (Result<CachedAnswer, FontServiceError>) -> Void) {
        let outcome = progress.withLock { progress -> Result<CachedAnswer, FontServiceError>? in
            switch progress {
            case .running(let waiting):
                progress = .running(waiting: waiting + [handler])
                return nil
            case .finished(let result):
                return result
            }
        }
        if let outcome { handler(outcome) }
    }
}
