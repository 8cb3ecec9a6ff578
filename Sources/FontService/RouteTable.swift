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
