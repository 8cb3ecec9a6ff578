import HTTPServer

/// What a handler is given for one request: the request, its query checked against the route,
/// and the reader's preferences as they stood when it arrived.
struct RequestContext: Sendable {
    var request: HTTPRequest
    var route: Route
    var parameters: QueryParameters
    var preferences: ReaderPreferences

    /// Whether the request left out a parameter that stands for the reader's preference.
    var followsPreferences: Bool {
        route.preferenceParameters.contains { parameters[$0] == nil }
    }
}
