import FontService
import Foundation
import HTTPServer
import ServerTestSupport
import Testing

/// `TestClient`'s in-process mode over a `FontService`: the request goes straight to
/// `FontService.respond(to:context:)` on the calling thread, with that thread's own loop
/// context (a test thread plays one event loop).
extension TestClient {
    /// A client that asks `service` directly. An answer another thread is still computing is
    /// waited for (up to 30 s), and a stream's answer is its head.
    public static func inProcess(_ service: FontService) -> TestClient {
        .inProcess { answer(of: service, to: $0) }
    }

    static func answer(of service: FontService, to request: HTTPRequest) -> TestResponse {
        switch service.respond(to: request, context: service.threadLoopContext) {
        case .response(let response):
            return TestResponse(response)
        case .stream(let head, _):
            return TestResponse(head)
        case .file(let head, let body):
            // The bytes a server would send, read again at the path the file was opened at.
            var response = TestResponse(head)
            response.body = FileManager.default.contents(atPath: body.path).map { Array($0.prefix(body.length)) } ?? []
            return response
        case .deferred(let start):
            let answer = DeferredAnswer<HTTPResponse>()
            start(HTTPDeferredResponse { answer.complete($0) })
            guard let response = answer.wait(seconds: 30) else {
                Issue.record("\(request.method) \(request.target) was never answered")
                return TestResponse(status: 0, headers: [], body: [])
            }
            return TestResponse(response)
        case .retry(let start):
            let ready = DeferredAnswer<Bool>()
            start { ready.complete(true) }
            guard ready.wait(seconds: 30) != nil else {
                Issue.record("\(request.method) \(request.target) was never ready to be answered again")
                return TestResponse(status: 0, headers: [], body: [])
            }
            return answer(of: service, to: request)
        }
    }
}

extension FontService {
    /// The calling thread's loop context for this service, made on first use: a test thread
    /// plays one event loop.
    public var threadLoopContext: ServiceLoopContext {
        let key = "fontd.loopContext.\(ObjectIdentifier(self))"
        let slots = Thread.current.threadDictionary
        // The service is held weakly and compared, so a new service at a freed one's address starts afresh.
        if let slot = slots[key] as? LoopContextSlot, slot.service === self { return slot.context }
        let slot = LoopContextSlot(service: self, context: makeLoopContext())
        slots[key] = slot
        return slot.context
    }
}

/// One thread's loop context for one service.
private final class LoopContextSlot {
    weak var service: FontService?
    let context: ServiceLoopContext

    init(service: FontService, context: ServiceLoopContext) {
        self.service = service
        self.context = context
    }
}
