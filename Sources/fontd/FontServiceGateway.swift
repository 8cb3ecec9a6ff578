import FontService
import HTTPServer
import SessionBus

/// The service's HTTP answers asked in process, for the session bus (docs/DESIGN.md §27 (The session bus)): the
/// request goes through `FontService.respond(to:)` as one from a connection would — the same
/// routes, rules, refusals and bytes — carrying the server's token when it has one, since any
/// process of the session's user may call on the bus.
struct FontServiceGateway: ServiceGateway {
    let service: FontService
    /// The server's token (`--token`), the operator's credential; nil when the server takes none.
    let token: String?

    func answer(method: String, target: String, body: [UInt8], completion: @escaping @Sendable (ServiceAnswer) -> Void) {
        let headers = token.map { [(name: "Authorization", value: "Bearer " + $0)] } ?? []
        let request = HTTPRequest(method: method, target: target, headers: headers, body: body)
        let deliver: @Sendable (HTTPResponse) -> Void = { completion(ServiceAnswer(status: $0.status, body: $0.body)) }
        switch service.respond(to: request) {
        case .response(let response):
            deliver(response)
        case .deferred(let start):
            start(HTTPDeferredResponse(deliver))
        case .retry(let after):
            after { answer(method: method, target: target, body: body, completion: completion) }
        case .stream, .file:
            // No route the bus asks for answers this way.
            completion(ServiceAnswer(status: 500, body: Array(#"{"error":"internal","message":"the answer is not a document"}"#.utf8)))
        }
    }
}
