import DynamicType
import FontResolution
import HTTPServer
import Logging
import Synchronization

/// The fontd HTTP API of docs/DESIGN.md §7–§9: the read-only endpoints (`/font`, `/fonts`, `/scale`,
/// `/styles`, `/categories`, `/faces`, `/healthz`), their errors, CORS and the answer cache.
///
/// Answers are kept ready to send, keyed by the normalized query (docs/DESIGN.md §16), in a cache all
/// event-loop threads share behind one `Mutex`; each thread also remembers the exact
/// targets it answered, so a repeated request is answered without parsing or locking.
/// Every event-loop thread calls `respond(to:)` concurrently.
public final class FontService: HTTPResponder {
    /// Resolves fonts and lists faces; also holds the style table.
    let resolver: FontResolver
    let configuration: FontServiceConfiguration
    let logger: Logger
    /// The answer cache and the answers being computed, shared by all event-loop threads.
    let state: Mutex<ServiceState>
    /// The reader's preferences, which omitted `category` and `legibility` stand for.
    let preferences: CurrentPreferences
    /// The preferences' owner: changes, history, event streams.
    let store: PreferencesStore
    /// Tells this service's thread-local `TargetCache`s from another's (tests make many services).
    let serviceID = FontService.nextServiceID.add(1, ordering: .relaxed).newValue
    /// Runs before every font resolution; tests use it to hold or fail one.
    let willResolve: @Sendable (FontRequest) throws -> Void
    /// `Access-Control-Allow-Origin`, and `Vary: Origin` when the origin is not `*`.
    let corsHeaders: [(name: String, value: String)]
    /// The 204 answer to a CORS preflight.
    let preflightResponse: HTTPResponse
    private let computations = Atomic<Int>(0)
    private static let nextServiceID = Atomic<UInt64>(0)

    /// - Parameters:
    ///   - resolver: resolves fonts against its style table and lists installed faces.
    ///   - configuration: the cache bound and the CORS origin.
    ///   - logger: misses are logged at debug level, failures at error level.
    public convenience init(resolver: FontResolver, configuration: FontServiceConfiguration = .init(), logger: Logger) {
        self.init(resolver: resolver, configuration: configuration, logger: logger, willResolve: { _ in })
    }

    /// A service whose preferences live in the state file at `statePath` (docs/DESIGN.md §12): loaded
    /// now (a broken file throws, never resets), and every change written durably before it
    /// is acknowledged or announced.
    public convenience init(resolver: FontResolver, configuration: FontServiceConfiguration, statePath: String, logger: Logger) throws {
        let current = CurrentPreferences()
        let store = try PreferencesStore.open(
            path: statePath, current: current, keepAliveSeconds: configuration.keepAliveSeconds, logger: logger)
        self.init(resolver: resolver, configuration: configuration, logger: logger, preferences: current, store: store, willResolve: { _ in })
    }

    init(
        resolver: FontResolver, configuration: FontServiceConfiguration, logger: Logger,
        preferences: CurrentPreferences = CurrentPreferences(), store: PreferencesStore? = nil,
        willResolve: @escaping @Sendable (FontRequest) throws -> Void
    ) {
        self.preferences = preferences
        self.store = store ?? PreferencesStore(
            state: PreferencesState(), path: nil, current: preferences, keepAliveSeconds: configuration.keepAliveSeconds, logger: logger)
        self.resolver = resolver
        self.configuration = configuration
        self.logger = logger
        self.willResolve = willResolve
        self.state = Mutex(ServiceState(capacity: configuration.cacheEntries))
        self.corsHeaders = Self.corsHeaders(origin: configuration.corsOrigin)
        self.preflightResponse = Self.preflightResponse(allowing: Endpoint.methods, corsHeaders: corsHeaders)
    }

    /// Resolves every style at every category with no options — the answers of
    /// `/font?style=…&category=…` and `/fonts?category=…` — into the answer cache.
    ///
    /// Call once at start-up, before serving, so first requests find their answers ready.
    public func prewarm() throws {
        let categories = ContentSizeCategory.allCases.map(\.rawValue)
        // An answer another thread is computing is cached when it is done: nothing to wait for.
        for style in resolver.table.styles.map(\.style.rawValue) {
            for category in categories {
                _ = try lookUp(.font, parameters: QueryParameters([.style: style, .category: category]), target: nil)
            }
        }
        for category in categories {
            _ = try lookUp(.fonts, parameters: QueryParameters([.category: category]), target: nil)
        }
    }

    /// The answer to `request`: a response; a deferred one for PUTs, and for an answer another
    /// thread is computing; a stream for `/events`.
    public func respond(to request: HTTPRequest) -> HTTPReply {
        if request.method != "GET", !Self.httpMethods.contains(request.method.uppercased()) {
            return .response(errorResponse(.unknownMethod(request.method)))
        }
        if let endpoint = PreferenceEndpoint(target: request.target) { return reply(to: request, at: endpoint) }
        return reply(to: request)
    }

    /// A JSON error naming `failure`'s code (`badRequest`, `requestTimeout`, `payloadTooLarge`,
    /// `uriTooLong`, `headersTooLarge`, `notImplemented`, `unavailable`), with the CORS fields.
    public func failureResponse(_ failure: HTTPFailure) -> HTTPResponse {
        errorResponse(.refused(failure))
    }

    /// The methods of RFC 9110 and PATCH (RFC 5789): others are answered 501, these 405 where a
    /// path does not allow them. Methods are case-sensitive, so `get` is not GET; but it is
    /// recognizably a slip, and 405 with the allowed methods helps more than 501.
    static let httpMethods: Set<String> = ["GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH"]

    /// The answer to a request for one of the read-only endpoints.
    func reply(to request: HTTPRequest) -> HTTPReply {
        let method = request.method
        let reads = method == "GET" || method == "HEAD"
        // The hot path: this thread answered this exact target before, under the current preferences.
        let targets = reads ? TargetCache.current(serviceID: serviceID, capacity: configuration.cacheEntries) : nil
        if let targets, let answer = targets.answer(for: request.target, current: preferences.value) {
            return .response(answer.reply(to: request))
        }

        let path = request.path
        guard let endpoint = Endpoint(path: path) else {
            // `OPTIONS *` asks about the server as a whole (RFC 9110 §9.3.7).
            if method == "OPTIONS", request.target == "*" { return .response(preflightResponse) }
            return .response(errorResponse(.notFound(path: String(path))))
        }
        guard reads else {
            return .response(method == "OPTIONS"
                ? preflightResponse : errorResponse(.methodNotAllowed(method: method, path: endpoint.rawValue, allowed: Endpoint.methods)))
        }
        do {
            let parameters = try QueryParameters(parsing: request.query, for: endpoint)
            switch try lookUp(endpoint, parameters: parameters, target: request.target) {
            case .ready(let answer, let followed):
                targets?.remember(answer, for: request.target, preferences: followed)
                return .response(answer.reply(to: request))
            case .computing(let flight):
                // Another loop's thread is computing it: this loop goes on with its other
                // connections, and the answer follows when that thread is done.
                return .deferred { [self] pending in
                    flight.onFinish { result in
                        switch result {
                        case .success(let answer): pending.complete(answer.reply(to: request))
                        case .failure(let error): pending.complete(self.errorResponse(error))
                        }
                    }
                }
            }
        } catch {
            return .response(errorResponse(error))
        }
    }

    /// How the answer for a request stands.
    enum AnswerLookup {
        /// Cached, or computed now by the calling thread; with the preferences it followed, if any.
        case ready(CachedAnswer, followed: ReaderPreferences?)
        /// Another thread is computing it.
        case computing(Flight)
    }

    /// The answer for `parameters` at `endpoint` — cached, computed here and cached, or the
    /// flight of the thread already computing it.
    ///
    /// - Parameter target: the request target, for the log; nil when prewarming.
    func lookUp(_ endpoint: Endpoint, parameters: QueryParameters, target: String?) throws(FontServiceError) -> AnswerLookup {
        let current = preferences.value
        let key = try answerKey(for: endpoint, parameters: parameters, preferences: current)
        let followed = key.followsPreferences ? current : nil
        switch state.withLock({ $0.lookUp(key) }) {
        case .cached(let answer):
            return .ready(answer, followed: followed)
        case .wait(let flight):
            return .computing(flight)
        case .lead(let flight):
            computations.add(1, ordering: .relaxed)
            let started = ContinuousClock.now
            let result = Result { () throws(FontServiceError) in try computeAnswer(for: key) }
            state.withLock { $0.finish(key, with: result) }
            flight.finish(result)
            logger.debug("answer computed", metadata: [
                "target": "\(target ?? "(prewarm) \(endpoint.rawValue)")",
                "duration": "\(ContinuousClock.now - started)",
            ])
            return .ready(try result.get(), followed: followed)
        }
    }

    // MARK: For tests

    /// How many distinct answers the cache holds.
    var cachedAnswerCount: Int { state.withLock { $0.answerCount } }
    /// How many exact request targets the calling thread remembers.
    var cachedTargetCount: Int {
        TargetCache.current(serviceID: serviceID, capacity: configuration.cacheEntries)?.count ?? 0
    }
    /// How many answers have been computed (misses that did the work; waiters are not counted).
    var computedAnswerCount: Int { computations.load(ordering: .relaxed) }
}
