import DynamicType
import HTTPServer

/// One endpoint of the API, declared once (docs/DESIGN.md §7 (HTTP endpoints)): its path, the query parameters it
/// accepts and requires, which omitted parameters make its answer follow the reader's
/// preferences, and its handlers. HEAD is answered by the GET handler; `OPTIONS` (the CORS
/// preflight), `405` with `Allow` and the error answers come from the router, never the handler.
struct Route: Sendable {
    /// How a method of the route is answered.
    enum Handler: Sendable {
        /// An answer that depends only on the request's canonical form: `subject` reduces the
        /// request to it, `answer` computes the body once, and the answer cache keeps it ready to
        /// send, with its ETag, for every spelling of the same request.
        case cached(subject: Subjecting, answer: Answering)
        /// An answer made afresh for every request: the reader's state, a change, a stream.
        case live(@Sendable (FontService, RequestContext) throws(FontServiceError) -> HTTPReply)
    }

    /// Reduces a request to the canonical subject its answer depends on.
    typealias Subjecting = @Sendable (FontService, RequestContext) throws(FontServiceError) -> AnswerKey.Subject
    /// Computes the body of the answer about a subject.
    typealias Answering = @Sendable (FontService, AnswerKey.Subject) throws(FontServiceError) -> [UInt8]

    /// The exact, case-sensitive path; for a route that `matchesPrefix`, what every path it
    /// answers starts with (the rest is the handler's to read, `RequestContext.pathRemainder`).
    let path: String
    /// Whether the route answers every path under `path` (`/font-files/<sha256>`).
    let matchesPrefix: Bool
    /// How the path is shown in the list a 404 gives: `path`, or `path` and a placeholder.
    let displayPath: String
    /// The parameters the route accepts, in the order error messages list them.
    let parameters: [QueryParameters.Name]
    /// The parameters a request must give.
    let requiredParameters: [QueryParameters.Name]
    /// The parameters that, left out, stand for the reader's preference: the answer then follows
    /// it (`Cache-Control: no-cache`, good only while the preferences stay the same).
    let preferenceParameters: [QueryParameters.Name]
    /// The preferences `preferenceParameters` name, each with its parameter and whether it starts
    /// as none (the reading font), so that a request need not read every value to know.
    let followedPreferences: [(preference: ReaderPreference, parameter: QueryParameters.Name, startsAsNone: Bool)]
    /// Parameter values that stand for the reader's preferences as well (`category=all`, whose
    /// plain `:root` block is the reader's), compared without case.
    let preferenceValues: [QueryParameters.Name: String]
    /// The `Content-Type` of the cached handler's successful answers.
    let contentType: String
    /// A request that works, for the message about a missing parameter and the index.
    let example: String
    /// What the endpoint answers, in one line, for the index (`GET /`).
    let summary: String
    /// Answers GET, and HEAD with the same head.
    let get: Handler
    /// Answers PUT, if the route takes changes.
    let put: Handler?

    init(
        _ path: String, matchingPrefix placeholder: String? = nil, parameters: [QueryParameters.Name] = [],
        required: [QueryParameters.Name] = [], followsOmitted preferenceParameters: [QueryParameters.Name] = [],
        followsWhen preferenceValues: [QueryParameters.Name: String] = [:], example: String? = nil,
        contentType: String = FontService.jsonContentType.value, summary: String, get: Handler, put: Handler? = nil
    ) {
        self.path = path
        self.matchesPrefix = placeholder != nil
        self.displayPath = path + (placeholder ?? "")
        self.parameters = parameters
        self.requiredParameters = required
        self.preferenceParameters = preferenceParameters
        self.followedPreferences = ReaderPreference.allCases
            .map { (preference: $0, parameter: QueryParameters.Name($0), startsAsNone: $0.declaration.initialValue.isEmpty) }
            .filter { preferenceParameters.contains($0.parameter) }
        self.preferenceValues = preferenceValues
        self.contentType = contentType
        self.example = example ?? path
        self.summary = summary
        self.get = get
        self.put = put
    }

    /// The methods the route answers, as `Allow` lists them.
    var methods: [String] { put == nil ? ["GET", "HEAD", "OPTIONS"] : ["GET", "HEAD", "PUT", "OPTIONS"] }

    /// The handler for `method`, HEAD answered by GET's; nil for a method the route does not answer.
    func handler(for method: String) -> Handler? {
        switch method {
        case "GET", "HEAD": get
        case "PUT": put
        default: nil
        }
    }

    /// A cached handler from a typed subject and answer: `subject` reduces a request to the
    /// canonical value its answer depends on; `answer` encodes that value's body.
    static func cached<Subject: Hashable & Sendable>(
        subject: @escaping @Sendable (FontService, RequestContext) throws(FontServiceError) -> Subject,
        answer: @escaping @Sendable (FontService, Subject) throws(FontServiceError) -> [UInt8]
    ) -> Handler {
        .cached(
            subject: { service, context throws(FontServiceError) in AnswerKey.Subject(try subject(service, context)) },
            answer: { service, key throws(FontServiceError) in
                // The router hands back what `subject` made, so the cast cannot fail.
                guard let subject = key.value.base as? Subject else {
                    throw .resolutionFailed(what: "the answer", reason: "its cache key was not a \(Subject.self).")
                }
                return try answer(service, subject)
            })
    }
}

extension Route {
    /// A cached handler for a route whose answer depends on nothing in the request.
    static func cached(answer: @escaping @Sendable (FontService) throws(FontServiceError) -> [UInt8]) -> Handler {
        cached(subject: { _, _ in Everything() }, answer: { service, _ throws(FontServiceError) in try answer(service) })
    }

    /// The one subject of a route that takes no parameters.
    private struct Everything: Hashable, Sendable {}
}

/// The API's routes, found by exact path, then by prefix; what the router derives from them (the
/// paths a 404 lists, the methods a server-wide preflight allows) is derived here once.
struct RouteTable: Sendable {
    /// In the order a 404 lists them.
    let routes: [Route]
    private let byPath: [String: Route]
    private let prefixRoutes: [Route]

    init(_ routes: [Route]) {
        self.routes = routes
        byPath = Dictionary(routes.filter { !$0.matchesPrefix }.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        prefixRoutes = routes.filter(\.matchesPrefix)
    }

    /// The route answering `path` (exact, case-sensitive; else the route whose prefix it
    /// extends), or nil for an unknown path.
    subscript(path: Substring) -> Route? {
        if let route = byPath[String(path)] { return route }
        return prefixRoutes.first { path.hasPrefix($0.path) && path.count > $0.path.count }
    }

    /// Every path the API answers, a prefix route's with its placeholder.
    var paths: [String] { routes.map(\.displayPath) }

    /// The methods every route answers, in `Allow` order: what `OPTIONS *` says of the server.
    var commonMethods: [String] {
        routes.dropFirst().reduce(routes.first?.methods ?? []) { common, route in common.filter(route.methods.contains) }
    }
}
