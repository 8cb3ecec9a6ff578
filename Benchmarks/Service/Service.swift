import Benchmark
import BenchmarkSupport
import DynamicType
import FontResolution
import FontService
import HTTPServer
import Logging

/// What each of the service's cache tiers saves on one `GET /font`, answered in process through
/// `FontService.respond(to:context:)` — the work an event loop does for a request, without sockets:
///
/// 1. the loop's exact-target cache hit (the same target again);
/// 2. past it, the shared answer cache hit (the target new to the loop: parse, normalize, lock, remember);
/// 3. past both, the resolver's cache hit (the answer is encoded and hashed again, not resolved);
/// 4. no cache at all (fontconfig match and FreeType metrics, then encoding).
///
/// Each row cycles through its requests, or starts a new loop context each time, so that the tiers
/// above the one measured always miss.
let benchmarks: @Sendable () -> Void = {
    let table: StyleTable
    let resolver: FontResolver
    let uncachedResolver: FontResolver
    do {
        table = try StyleTable.locate()
        resolver = try FontResolver(table: table, cacheEntries: 10_000)
        uncachedResolver = try FontResolver(table: table, cacheEntries: 1)
    } catch {
        fatalError("benchmark setup: \(error)")
    }
    let logger = Logger(label: "benchmark")
    let service = FontService(resolver: resolver, logger: logger)
    // A one-entry answer cache (and so a one-entry target cache) misses on every request of a cycle.
    let forgetful = FontServiceConfiguration(cacheEntries: 1)
    let answersUncached = FontService(resolver: resolver, configuration: forgetful, logger: logger)
    let nothingCached = FontService(resolver: uncachedResolver, configuration: forgetful, logger: logger)

    let body = HTTPRequest(method: "GET", target: "/font?style=body&category=xl")
    // Every cell of the table: 132 distinct answers.
    let cells = table.styleNames.flatMap { style in
        ContentSizeCategory.allCases.map { HTTPRequest(method: "GET", target: "/font?style=\(style.rawValue)&category=\($0.rawValue)") }
    }

    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal],
        timeUnits: .nanoseconds,
        maxDuration: .seconds(3),
        maxIterations: 10_000_000)

    /// Answers `requests` in turn through `service` on one loop context (or a new one for every
    /// request: `forgetting`); the requests are all asked once first.
    func answering(_ name: String, _ requests: [HTTPRequest], by service: FontService, forgetting: Bool = false) {
        let context = service.makeLoopContext()
        // The harness runs one iteration per sample: the cycle's position is kept across samples.
        let cycle = Cycle()
        Benchmark(name, configuration: .init(setup: { for request in requests { _ = service.respond(to: request, context: context) } })) {
            benchmark in
            for _ in benchmark.scaledIterations {
                guard
                    case .response(let response) = service.respond(
                        to: requests[cycle.next(below: requests.count)], context: forgetting ? service.makeLoopContext() : context),
                    response.status == 200
                else { fatalError("\(name): not a 200") }
                blackHole(response)
            }
        }
    }

    answering("1 loop target cache (one target, repeated)", [body], by: service)
    answering("2 answer cache (one target, a new loop context each time)", [body], by: service, forgetting: true)
    answering("3 resolver cache (132 cells, one-entry answer cache)", cells, by: answersUncached)
    answering("4 no cache (132 cells, one-entry answer and resolver caches)", cells, by: nothingCached)
}
