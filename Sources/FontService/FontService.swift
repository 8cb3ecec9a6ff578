import Dispatch
import DynamicType
import FontResolution
import HTTPServer
import Logging
import ScopedPreferences
import Synchronization
import WebDocuments

/// The fontd HTTP API of docs/DESIGN.md §7 (HTTP endpoints): the routes of `FontService.routes`, their errors, CORS,
/// the reader's preferences and their event stream, and the answer cache.
///
/// Answers are kept ready to send, keyed by the normalized query (docs/DESIGN.md §16 (The answer cache)), in a cache all
/// event-loop threads share behind one `Mutex`; each loop also remembers the exact
/// targets it answered (in its `ServiceLoopContext`), so a repeated request is answered without
/// parsing or locking. Every event-loop thread calls `respond(to:context:)` concurrently.
public final class FontService: HTTPResponder {
    /// Resolves fonts and lists faces; also holds the style table.
    let resolver: FontResolver
    /// The stylesheets and design tokens of the resolver's table.
    let webDocuments: WebDocuments
    let configuration: FontServiceConfiguration
    let logger: Logger
    /// The answer cache and the answers being computed, shared by all event-loop threads.
    let state: Mutex<ServiceState>
    /// The reader API (docs/DESIGN.md §38 (One domain in the middle)): every change goes through it.
    let reader: ReaderAPI
    /// The scopes' preferences' owner, the reader API's: the current ones, history, event streams.
    let store: ScopeHub
    /// Checks scoped tokens, when the server takes them.
    let tokenVerifier: ScopedTokenVerifier?
    /// The event streams opened with scoped tokens, ended when their tokens expire or are revoked.
    let tokenStreams = TokenStreams()
    /// The programs with an event stream open that named themselves (`client=`): the browser extension's.
    public let streamClients = StreamClients()
    /// `/healthz`'s answer while the store is reachable.
    let healthy: CachedAnswer
    /// Runs before every font resolution; tests use it to hold or fail one.
    let willResolve: @Sendable (FontRequest) throws -> Void
    /// The 204 answer to `OPTIONS *`: the methods every route answers.
    let serverPreflightResponse: HTTPResponse
    private let computations = Atomic<Int>(0)
    /// What `GET /desktop` answers (docs/DESIGN.md §36 (The target board)); set once by the
    /// executable, read by every loop.
    let desktopBoard = Mutex<(any DesktopBoardSource)?>(nil)
    /// How many times the fonts changed (docs/DESIGN.md §25 (Font set changes)); every loop's remembered targets
    /// of an earlier epoch are passed over. The shared cache keeps its own count.
    let fontEpoch = Atomic<Int>(0)
    /// Checks for changed fonts every `--font-rescan-seconds`, and runs refreshes one at a time.
    let fontQueue = DispatchQueue(label: "fontd.fonts")
    nonisolated(unsafe) private var fontTimer: DispatchSourceTimer?

    /// - Parameters:
    ///   - resolver: resolves fonts against its style table and lists installed faces.
    ///   - configuration: the cache bound and the CORS origin.
    ///   - logger: misses are logged at debug level, failures at error level.
    public convenience init(resolver: FontResolver, configuration: FontServiceConfiguration = .init(), logger: Logger) {
        self.init(resolver: resolver, configuration: configuration, logger: logger, willResolve: { _ in })
    }

    /// A service whose preferences `storage` keeps (docs/DESIGN.md §12 (The store and the state file)): loaded now (a broken
    /// store throws, never resets), and every change kept durably before it is acknowledged or
    /// announced.
    public convenience init(
        resolver: FontResolver, configuration: FontServiceConfiguration, storage: any PreferenceStorage, logger: Logger
    ) throws {
        let hub = try ScopeHub(
            storage: storage, retention: configuration.retention, limits: configuration.scopeLimits,
            keepAliveSeconds: configuration.keepAliveSeconds, logger: logger)
        try self.init(
            resolver: resolver, configuration: configuration, reader: Self.reader(over: hub, resolver, configuration), logger: logger)
    }

    /// A service that serves `reader`'s preferences (docs/DESIGN.md §38 (One domain in the middle)):
    /// the composition root builds the reader API and hands it to every front door; the token
    /// revocations `reader`'s storage keeps are followed from now on.
    public convenience init(resolver: FontResolver, configuration: FontServiceConfiguration, reader: ReaderAPI, logger: Logger) throws {
        self.init(resolver: resolver, configuration: configuration, logger: logger, reader: reader, willResolve: { _ in })
        if let storage = reader.hub.storage { try followRevocations(of: storage) }
    }

    /// The reader API over `hub` with the limits of `configuration` and the family lookup of `resolver`.
    public static func reader(over hub: ScopeHub, _ resolver: FontResolver, _ configuration: FontServiceConfiguration) -> ReaderAPI {
        // The resolver's catalog, not today's: it is replaced when the installed fonts change.
        ReaderAPI(hub: hub, maximumWritesPerSecond: configuration.maximumWritesPerSecond) { name throws(DynamicTypeError) in
            try resolver.catalog.installedFamily(named: name)
        }
    }

    init(
        resolver: FontResolver, configuration: FontServiceConfiguration, logger: Logger,
        reader: ReaderAPI? = nil,
        willResolve: @escaping @Sendable (FontRequest) throws -> Void
    ) {
        // A store without storage reads nothing, so it cannot fail.
        self.reader =
            reader
            ?? Self.reader(
                over: try! ScopeHub(
                    storage: nil, retention: configuration.retention, limits: configuration.scopeLimits,
                    keepAliveSeconds: configuration.keepAliveSeconds, logger: logger), resolver, configuration)
        self.store = self.reader.hub
        self.tokenVerifier = configuration.scopedTokenKey.map {
            ScopedTokenVerifier(key: $0, maximumLifetimeSeconds: configuration.maximumTokenLifetimeSeconds)
        }
        self.healthy = Self.makeCachedAnswer(
            body: Array(#"{"status":"ok","version":"\#(FontdVersion.current)"}"#.utf8), followsPreferences: false)
        self.resolver = resolver
        self.webDocuments = WebDocuments(resolver: resolver)
        self.configuration = configuration
        self.logger = logger
        self.willResolve = willResolve
        self.state = Mutex(ServiceState(capacity: configuration.cacheEntries, maximumBytes: configuration.cacheBytes))
        self.serverPreflightResponse = Self.preflightResponse(allowing: Self.routes.commonMethods)
        self.store.fontsChanged(to: resolver.fontGeneration)
        if configuration.fontRescanSeconds > 0 {
            let timer = DispatchSource.makeTimerSource(queue: fontQueue)
            let interval = DispatchTimeInterval.milliseconds(Int(configuration.fontRescanSeconds * 1000))
            timer.schedule(deadline: .now() + interval, repeating: interval)
            timer.setEventHandler { [weak self] in self?.refreshFonts(force: false) }
            timer.resume()
            fontTimer = timer
        }
    }

    deinit { fontTimer?.cancel() }

    /// Resolves every style at every category with no options — the answers of
    /// `/font?style=…&category=…` and `/fonts?category=…` — into the answer cache.
    ///
    /// Call once at start-up, before serving, so first requests find their answers ready.
    public func prewarm() throws {
        let categories = ContentSizeCategory.allCases.map(\.rawValue)
        // An answer another thread is computing is cached when it is done: nothing to wait for.
        for style in resolver.table.styles.map(\.style.rawValue) {
            for category in categories {
                _ = try prewarm("/font", [.style: style, .category: category])
            }
        }
        for category in categories {
            _ = try prewarm("/fonts", [.category: category])
            _ = try prewarm("/css", [.category: category])
        }
    }

    /// Puts the answer of the cached route at `path` for the parameters `values` into the answer cache.
    private func prewarm(_ path: Substring, _ values: KeyValuePairs<QueryParameters.Name, String>) throws(FontServiceError) {
        guard let route = Self.routes[path], case .cached(let subject, let answer) = route.get else { return }
        // The target is only for the log: the parameters are given already decoded.
        let target = path + "?" + values.map { "\($0.key.rawValue)=\($0.value)" }.joined(separator: "&")
        let context = RequestContext(
            request: HTTPRequest(method: "GET", target: String(target)), route: route,
            parameters: QueryParameters(Dictionary(uniqueKeysWithValues: values.map { ($0.key, $0.value) })),
            preferences: store.preferences(of: .root))
        _ = try lookUp(context, subject: subject, answer: answer)
    }

    /// A new event loop's context: its own map of the exact targets it answers.
    public func makeLoopContext() -> ServiceLoopContext {
        ServiceLoopContext(capacity: configuration.cacheEntries, maximumBytes: configuration.cacheBytes)
    }

    /// The answer to `request` as a loop with a context of its own would give it, remembering
    /// nothing between calls; `HTTPServer` calls `respond(to:context:)`.
    public func respond(to request: HTTPRequest) -> HTTPReply {
        respond(to: request, context: makeLoopContext())
    }

    /// The answer to `request`: a response; a deferred one for PUTs, and for an answer another
    /// thread is computing; a stream for `/events`.
    ///
    /// The router: the loop's remembered targets first, then the route table; every error a
    /// handler throws becomes its answer here.
    public func respond(to request: HTTPRequest, context loop: ServiceLoopContext) -> HTTPReply {
        let method = request.method
        // Before anything else, the hot path included: a name of another site's is DNS rebinding, and a
        // local address browsers do not mark would let a page pass for a program. An absolute-form
        // target's host is the request's (RFC 9112 §3.2.2), whatever `Host` says.
        if let host = request.host, let refusal = ServedHost.refusal(of: host, names: configuration.serverNames) {
            return .response(errorResponse(.misdirected(host: host, refusal), to: request))
        }
        let reads = method == "GET" || method == "HEAD"
        // The hot path: this loop answered this exact target before, under the current preferences.
        // Only public targets are remembered, and a request with a credential is checked first.
        if reads,
            let answer = loop.targets.answer(
                for: request.target, current: store.packedCurrent, fontEpoch: fontEpoch.load(ordering: .acquiring)),
            request.header("Authorization") == nil
        {
            return .response(answer.reply(to: request))
        }
        guard method == "GET" || Self.httpMethods.contains(method.uppercased()) else {
            return .response(errorResponse(.unknownMethod(method), to: request))
        }
        let path = request.path
        guard let route = Self.routes[path] else {
            // `OPTIONS *` asks about the server as a whole (RFC 9110 §9.3.7).
            if method == "OPTIONS", request.target == "*" { return .response(serverPreflightResponse) }
            return .response(errorResponse(.notFound(path: String(path)), to: request))
        }
        if method == "OPTIONS" { return .response(preflightResponse(to: request, allowing: route.methods)) }
        guard let handler = route.handler(for: method) else {
            return .response(errorResponse(.methodNotAllowed(method: method, path: route.path, allowed: route.methods), to: request))
        }
        do throws(FontServiceError) {
            let parameters = try QueryParameters(parsing: request.query, for: route)
            let scope = try parameters.value(.scope, PreferenceScope.init(parsing:)) ?? .root
            let credential = try credential(of: request, parameters: parameters)
            let writing = method == "PUT"
            // A page the reader did not trust may read the root's typography, and nothing else without a token.
            if writing || !scope.isRoot {
                try consent(
                    of: RequestOrigin(request, trusting: configuration.trustedOrigins), to: scope, writing: writing, credential: credential)
            }
            let bearer: Bearer
            switch access(to: scope, writing: writing, credential: credential) {
            case .allowed(let allowed): bearer = allowed
            case .denied(let error): throw error
            case .verifyFirst(let token, let verifier):
                // jwt-kit verifies asynchronously: off this loop, then the request is asked again.
                return .retry { ready in
                    Task {
                        await verifier.verify(token)
                        ready()
                    }
                }
            }
            // The root's preferences are read once, packed, so that an answer is remembered under what it followed.
            let packed = scope.isRoot ? store.packedCurrent : nil
            let context = RequestContext(
                request: request, route: route, parameters: parameters,
                preferences: packed.map(store.preferences(packed:)) ?? store.preferences(of: scope), packedPreferences: packed,
                scope: scope, hasCredential: Self.carriesCredential(request), bearer: bearer)
            switch handler {
            case .cached(let subject, let answer):
                return try cachedReply(context, subject: subject, answer: answer, remembering: loop.targets)
            case .live(let handle):
                let reply = try handle(self, context)
                // HEAD is GET without the body; a stream's head is the whole answer.
                if method == "HEAD", case .stream(let head, _) = reply { return .response(head) }
                return reply
            }
        } catch {
            return .response(errorResponse(error, to: request))
        }
    }

    /// A JSON error naming `failure`'s code (`badRequest`, `requestTimeout`, `payloadTooLarge`,
    /// `uriTooLong`, `headersTooLarge`, `notImplemented`, `unavailable`), with the CORS fields;
    /// always `private, no-store`, since a request refused unread may have carried a credential.
    public func failureResponse(_ failure: HTTPFailure) -> HTTPResponse {
        errorResponse(.refused(failure), keptPrivate: true)
    }

    /// The answer of a cached route: from the answer cache (or computed and cached), and
    /// remembered for the exact target by the loop that asked.
    private func cachedReply(
        _ context: RequestContext, subject: Route.Subjecting, answer: Route.Answering, remembering targets: TargetCache
    ) throws(FontServiceError) -> HTTPReply {
        let request = context.request
        // Read before the answer is: one computed across a change of fonts is remembered under the old epoch.
        let epoch = fontEpoch.load(ordering: .acquiring)
        switch try lookUp(context, subject: subject, answer: answer) {
        case .ready(let answer):
            // An answer about a scope, or to a credential, is found again only through `lookUp`,
            // after the credential is checked (docs/DESIGN.md §23 (Reader scopes and scoped tokens)).
            if context.isPublic, let packed = context.packedPreferences {
                targets.remember(answer, for: request.target, preferences: context.dependsOnPreferences ? packed : nil, fontEpoch: epoch)
            }
            return .response(answer.reply(to: context))
        case .computing(let flight):
            // Another loop's thread is computing it: this loop goes on with its other
            // connections, and the answer follows when that thread is done.
            return .deferred { [self] pending in
                flight.onFinish { result in
                    switch result {
                    case .success(let answer): pending.complete(answer.reply(to: context))
                    case .failure(let error): pending.complete(self.errorResponse(error, to: request))
                    }
                }
            }
        }
    }

    /// How the answer for a request stands.
    enum AnswerLookup {
        /// Cached, or computed now by the calling thread.
        case ready(CachedAnswer)
        /// Another thread is computing it.
        case computing(Flight)
    }

    /// The answer for `context` — cached, computed here and cached, or the flight of the thread
    /// already computing it.
    func lookUp(_ context: RequestContext, subject: Route.Subjecting, answer: Route.Answering) throws(FontServiceError) -> AnswerLookup {
        let follows = context.followsPreferences
        let key = AnswerKey(path: context.route.path, subject: try subject(self, context), followsPreferences: follows)
        switch state.withLock({ $0.lookUp(key) }) {
        case .cached(let answer):
            return .ready(answer)
        case .wait(let flight):
            return .computing(flight)
        case .lead(let flight):
            computations.add(1, ordering: .relaxed)
            let started = ContinuousClock.now
            let result = Result { () throws(FontServiceError) in
                cachedAnswer(body: try answer(self, key.subject), followsPreferences: follows, contentType: context.route.contentType)
            }
            state.withLock { $0.finish(key, keyBytes: context.request.target.utf8.count, flight: flight, with: result) }
            flight.finish(result)
            logger.debug(
                "answer computed",
                metadata: [
                    "target": "\(Self.redacted(context.request.target))",
                    "duration": "\(ContinuousClock.now - started)",
                ])
            return .ready(try result.get())
        }
    }

    // MARK: For tests

    /// How many distinct answers the cache holds.
    var cachedAnswerCount: Int { state.withLock { $0.answerCount } }
    /// How many bytes the cached answers hold.
    var cachedAnswerBytes: Int { state.withLock { $0.answerBytes } }
    /// How many answers have been computed (misses that did the work; waiters are not counted).
    var computedAnswerCount: Int { computations.load(ordering: .relaxed) }
}
