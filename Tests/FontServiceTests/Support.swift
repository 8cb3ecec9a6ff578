import DynamicType
import FontResolution
@testable import FontService
import FontdTestSupport
import Foundation
import HTTPServer
import Logging
import Synchronization
import Testing

let defaultTable = Fixtures.defaultTable
let resolver = Fixtures.resolver

/// A fresh service over the shared resolver, with an empty answer cache.
func makeService(
    cacheEntries: Int = 10_000, corsOrigin: String = "*",
    willResolve: @escaping @Sendable (FontRequest) throws -> Void = { _ in }
) -> FontService {
    FontService(
        resolver: resolver, configuration: FontServiceConfiguration(cacheEntries: cacheEntries, corsOrigin: corsOrigin),
        logger: Logger(label: "FontServiceTests"), willResolve: willResolve)
}

extension FontService {
    /// The service's answer to `method target`, through the public `respond(to:context:)` with
    /// the calling thread's own loop context (as if the thread were an event loop); an answer
    /// that follows later (another thread was computing it) is waited for, up to 30 s.
    func send(_ target: String, method: String = "GET", headers: [(name: String, value: String)] = []) -> HTTPResponse {
        switch respond(to: HTTPRequest(method: method, target: target, headers: headers), context: threadLoopContext) {
        case .response(let response): return response
        case .stream(let head, _):
            Issue.record("\(method) \(target) answered with a stream")
            return head
        case .deferred(let start):
            let answer = DeferredAnswer()
            start(HTTPDeferredResponse { answer.complete($0) })
            guard let response = answer.wait(seconds: 30) else {
                Issue.record("\(method) \(target) was never answered")
                return HTTPResponse(status: 0)
            }
            return response
        }
    }
}

extension FontService {
    /// Makes `preferences` the reader's, through the store as a PUT does (in memory: these
    /// services have no state file), and returns once they are current.
    func setPreferences(_ preferences: ReaderPreferences) {
        let changed = DispatchSemaphore(value: 0)
        store.change(category: preferences.category, legibilityWeight: preferences.legibilityWeight) { _ in changed.signal() }
        changed.wait()
    }

    /// How many exact request targets the calling thread's loop context remembers.
    var cachedTargetCount: Int { threadLoopContext.targets.count }

    /// The calling thread's loop context for this service, made on first use: a test thread
    /// plays one event loop.
    var threadLoopContext: ServiceLoopContext {
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

/// A deferred answer as a test receives it.
final class DeferredAnswer: Sendable {
    private let response = Mutex<HTTPResponse?>(nil)
    private let arrived = DispatchSemaphore(value: 0)

    func complete(_ response: HTTPResponse) {
        self.response.withLock { $0 = response }
        arrived.signal()
    }

    /// The response, once it has come; nil if it has not within `seconds`.
    func wait(seconds: Double) -> HTTPResponse? {
        guard arrived.wait(timeout: .now() + seconds) == .success else { return nil }
        return response.withLock { $0 }
    }

    /// The response if it has come already.
    var current: HTTPResponse? { response.withLock { $0 } }
}

extension HTTPResponse {
    /// The header fields, parsed back out of `headerBytes`.
    var fields: [(name: String, value: String)] {
        String(decoding: headerBytes, as: UTF8.self).split(separator: "\r\n").map { line in
            let colon = line.firstIndex(of: ":") ?? line.endIndex
            return (String(line[..<colon]), String(line[colon...].dropFirst().drop(while: { $0 == " " })))
        }
    }

    /// The value of the header field `name` (compared without case); nil when absent.
    func header(_ name: String) -> String? {
        let matching = fields.filter { HTTPRequest.namesEqual($0.name, name) }
        #expect(matching.count <= 1, "\(name) appears \(matching.count) times")
        return matching.first?.value
    }

    /// The body as a JSON value (member order kept, so equality also checks key order).
    func json() throws -> JSONDocument {
        try JSONDocument(parsing: body)
    }

    /// The body's member `key`, when the body is a JSON object.
    func member(_ key: String) throws -> JSONDocument? {
        guard case .object(let members) = try json() else { return nil }
        return members.first { $0.key == key }?.value
    }
}

/// `value` as the JSON the API writes.
func expectedJSON<Value: Encodable>(_ value: Value) throws -> JSONDocument {
    try JSONDocument(parsing: OrderedJSONEncoder().encode(value))
}

extension JSONDocument {
    /// The member `key` of an object.
    subscript(key: String) -> JSONDocument? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The strings of an array of strings.
    var strings: [String]? {
        guard case .array(let elements) = self else { return nil }
        return elements.compactMap { if case .string(let text) = $0 { text } else { nil } }
    }
}
