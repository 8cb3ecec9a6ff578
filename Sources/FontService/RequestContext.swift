import HTTPServer

/// What a handler is given for one request: the request, its query checked against the route,
/// and the reader's preferences as they stood when it arrived.
struct RequestContext: Sendable {
    var request: HTTPRequest
    var route: Route
    var parameters: QueryParameters
    var preferences: ReaderPreferences

    /// Whether the request left out a parameter that stands for the reader's preference, or
    /// gave a value that stands for them.
    var followsPreferences: Bool {
        route.preferenceParameters.contains { parameters[$0] == nil }
            || route.preferenceValues.contains { name, value in parameters[name]?.lowercased() == value }
    }

    /// The path after a prefix route's own (`<sha256>` of `/font-files/<sha256>`); empty for an exact route.
    var pathRemainder: Substring {
        route.matchesPrefix ? request.path.dropFirst(route.path.count) : ""
    }
}
