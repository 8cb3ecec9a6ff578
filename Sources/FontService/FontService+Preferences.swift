import DynamicType
import HTTPServer

extension FontService {
    /// GET, PUT and OPTIONS on `/preferences` and `/category`, and the event stream.
    func reply(to request: HTTPRequest, at endpoint: PreferenceEndpoint) -> HTTPReply {
        let method = request.method
        if method == "OPTIONS" { return .response(Self.preflightResponse(allowing: endpoint.methods, corsHeaders: corsHeaders)) }
        let query: [(name: String, value: String)]
        do {
            query = try simpleQuery(request.query, at: endpoint)
        } catch {
            return .response(errorResponse(error))
        }
        switch (method, endpoint) {
        case ("GET", .events):
            let lastEventID = request.header("Last-Event-ID") ?? query.first { $0.name == "lastEventId" }?.value
            return .stream(eventStreamHead()) { [store] stream in store.subscribe(stream, lastEventID: lastEventID) }
        case ("HEAD", .events):
            return .response(eventStreamHead())
        case ("GET", _), ("HEAD", _):
            let state = store.state
            do {
                let body = endpoint == .category
                    ? try encoded(CategoryPreference(category: state.preferences.category, sequence: state.sequence))
                    : try encoded(state.snapshot)
                return .response(cachedAnswer(body: body, followsPreferences: true).reply(to: request))
            } catch {
                return .response(errorResponse(error))
            }
        case ("PUT", .preferences), ("PUT", .category):
            return change(request, at: endpoint)
        default:
            return .response(errorResponse(.methodNotAllowed(method: method, path: endpoint.rawValue, allowed: endpoint.methods)))
        }
    }

    /// Checks the token, reads the body, and hands the change to the store; the answer goes
    /// out once the change is on disk and announced.
    private func change(_ request: HTTPRequest, at endpoint: PreferenceEndpoint) -> HTTPReply {
        guard isAuthorized(request) else { return .response(errorResponse(.unauthorized)) }
        let category: ContentSizeCategory?
        let legibilityWeight: LegibilityWeight?
        do {
            (category, legibilityWeight) = try changeRequest(request.body, at: endpoint)
        } catch {
            return .response(errorResponse(error))
        }
        return .deferred { [store, self] pending in
            store.change(category: category, legibilityWeight: legibilityWeight) { result in
                switch result {
                case .failure(let error):
                    pending.complete(self.errorResponse(.stateNotSaved(error.description)))
                case .success(let (state, previous, _)):
                    do throws(FontServiceError) {
                        let body = endpoint == .category
                            ? try self.encoded(CategoryChange(
                                category: state.preferences.category, previous: previous.preferences.category, sequence: state.sequence))
                            : try self.encoded(state.snapshot)
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

    /// `{"category": "xl"}`, `{"legibilityWeight": "bold"}` or both (only `category` on `/category`).
    private func changeRequest(_ body: [UInt8], at endpoint: PreferenceEndpoint) throws(FontServiceError) -> (ContentSizeCategory?, LegibilityWeight?) {
        let fields = endpoint == .category ? ["category"] : ["category", "legibilityWeight"]
        let example = endpoint == .category ? #"{"category": "xl"}"# : #"{"category": "xl"} or {"legibilityWeight": "bold"}"#
        let update = try PreferencesUpdate(body: body, path: endpoint.rawValue, fields: fields, example: example)
        return (update.category, update.legibilityWeight)
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

    /// Parameters of a preferences endpoint, percent-decoded as the font endpoints' are: no
    /// repeats, none it does not take.
    private func simpleQuery(_ query: Substring, at endpoint: PreferenceEndpoint) throws(FontServiceError) -> [(name: String, value: String)] {
        var result: [(name: String, value: String)] = []
        for piece in query.split(separator: "&") {
            let parts = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = QueryParameters.percentDecoded(parts[0]) else {
                throw .malformedPercentEncoding(parameter: nil, text: String(parts[0]))
            }
            guard endpoint.parameters.contains(name) else {
                throw .unknownParameter(name, path: endpoint.rawValue, allowed: endpoint.parameters)
            }
            guard !result.contains(where: { $0.name == name }) else { throw .duplicateParameter(name) }
            let rawValue = parts.count > 1 ? parts[1] : ""
            guard let value = QueryParameters.percentDecoded(rawValue) else {
                throw .malformedPercentEncoding(parameter: name, text: String(rawValue))
            }
            result.append((name, value))
        }
        return result
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
