/// The API's routes, found by exact path; what the router derives from them (the paths a 404
/// lists, the methods a server-wide preflight allows) is derived here once.
struct RouteTable: Sendable {
    /// In the order a 404 lists them.
    let routes: [Route]
    private let byPath: [String: Route]

    init(_ routes: [Route]) {
        self.routes = routes
        byPath = Dictionary(routes.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The route at `path` (exact, case-sensitive), or nil for an unknown path.
    subscript(path: Substring) -> Route? { byPath[String(path)] }

    /// Every path the API answers.
    var paths: [String] { routes.map(\.path) }

    /// The methods every route answers, in `Allow` order: what `OPTIONS *` says of the server.
    var commonMethods: [String] {
        routes.dropFirst().reduce(routes.first?.methods ?? []) { common, route in common.filter(route.methods.contains) }
    }
}
