import DynamicType
import HTTPServer

extension FontService {
    /// `GET /preferences`: the reader's preferences and the sequence of the last change.
    func preferencesAnswer(_ context: RequestContext) throws(FontServiceError) -> HTTPReply {
        .response(cachedAnswer(body: try encoded(store.state.snapshot), followsPreferences: true).reply(to: context.request))
    }

    /// `GET /category`: the reader's category and the sequence of the last change.
    func categoryAnswer(_ context: RequestContext) throws(FontServiceError) -> HTTPReply {
        let state = store.state
        let body = try encoded(CategoryPreference(category: state.preferences.category, sequence: state.sequence))
        return .response(cachedAnswer(body: body, followsPreferences: true).reply(to: context.request))
    }

    /// `GET /events`: the preferences snapshot, then every change as it happens; resumed after
    /// `Last-Event-ID` (the header, or `lastEventId=` for clients that cannot set it).
    func eventStream(_ context: RequestContext) -> HTTPReply {
        let lastEventID = context.request.header("Last-Event-ID") ?? context.parameters[.lastEventID]
        return .stream(eventStreamHead()) { [store] stream in store.subscribe(stream, lastEventID: lastEventID) }
    }

    /// `PUT /category`: `{"category": "xl"}`, answered with the change (`CategoryChange`).
    func changeCategory(_ context: RequestContext) throws(FontServiceError) -> HTTPReply {
        try change(context, fields: ["category"], example: #"{"category": "xl"}"#) { state, previous throws(FontServiceError) in
            try self.encoded(CategoryChange(
                category: state.preferences.category, previous: previous.preferences.category, sequence: state.sequence))
        }
    }

    /// `PUT /preferences`: the category, the legibility weight or both, answered with the
    /// preferences after the change.
    func changePreferences(_ context: RequestContext) throws(FontServiceError) -> HTTPReply {
        try change(
            context, fields: ["category", "legibilityWeight"], example: #"{"category": "xl"} or {"legibilityWeight": "bold"}"#
        ) { state, _ throws(FontServiceError) in try self.encoded(state.snapshot) }
    }

    /// Checks the token, reads the body (which may set `fields`; `example` is what refusals
    /// suggest), and hands the change to the store; the answer, `answer` of the state after and
    /// before, goes out once the change is on disk and announced.
    private func change(
        _ context: RequestContext, fields: [String], example: String,
        answer: @escaping @Sendable (PreferencesState, _ previous: PreferencesState) throws(FontServiceError) -> [UInt8]
    ) throws(FontServiceError) -> HTTPReply {
        let request = context.request
        guard isAuthorized(request) else { throw .unauthorized }
        let update = try PreferencesUpdate(body: request.body, path: context.route.path, fields: fields, example: example)
        return .deferred { [store, self] pending in
            store.change(category: update.category, legibilityWeight: update.legibilityWeight) { result in
                switch result {
                case .failure(let error):
                    pending.complete(self.errorResponse(.stateNotSaved(error.description)))
                case .success(let (state, previous, _)):
                    do throws(FontServiceError) {
                        let body = try answer(state, previous)
                        pending.complete(HTTPResponse(
                            status: 200, headers: [Self.jsonContentType, (name: "Cache-Control", value: "no-store")] + self.corsHeaders,
                            body: body))
                    } catch {
                        pending.complete(self.errorResponse(error))
                    }
                }
            }
        }
    }

    /// Whether the request carries the configured bearer token (compared in constant time).
    private func isAuthorized(_ request: HTTPRequest) -> Bool {
        guard let token = configuration.token else { return true }
        guard let field = request.header("Authorization"), field.utf8.count > 7,
              HTTPRequest.namesEqual(String(field.prefix(7)), "bearer ")
        else { return false }
        let given = Array(field.utf8.dropFirst(7))
        let expected = Array(token.utf8)
        var difference = UInt8(given.count == expected.count ? 0 : 1)
        for index in 0..<expected.count { difference |= expected[index] ^ (index < given.count ? given[index] : 0) }
        return difference == 0
    }

    private func eventStreamHead() -> HTTPResponse {
        HTTPResponse(
            status: 200,
            headers: [
                (name: "Content-Type", value: "text/event-stream; charset=utf-8"),
                (name: "Cache-Control", value: "no-cache"),
                (name: "X-Accel-Buffering", value: "no"),
            ] + corsHeaders)
    }
}
