import Benchmark
import DynamicType
import FontResolution

/// Resolutions per second over all 132 cells of the default table × {none, bold, italic, bold+italic}:
/// asking fontconfig and FreeType every time, and answering from the resolver's cache.
let benchmarks: @Sendable () -> Void = {
    let table: StyleTable
    let resolver: FontResolver
    do {
        table = try StyleTable.locate()
        resolver = try FontResolver(table: table, cacheEntries: 10_000)
    } catch {
        fatalError("benchmark setup: \(error)")
    }
    let traitSets: [SymbolicTraits] = [[], .bold, .italic, [.bold, .italic]]
    let requests = table.styleNames.flatMap { style in
        ContentSizeCategory.allCases.flatMap { category in
            traitSets.map { FontRequest(style: style, category: category, traits: $0) }
        }
    }
    precondition(requests.count == 528)

    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal],
        timeUnits: .nanoseconds,
        maxDuration: .seconds(3),
        maxIterations: 10_000_000)

    Benchmark("resolve uncached (132 cells × 4 trait sets)") { benchmark in
        for iteration in benchmark.scaledIterations {
            blackHole(try resolver.resolveUncached(requests[iteration % requests.count]))
        }
    }

    Benchmark(
        "resolve cached (132 cells × 4 trait sets)",
        configuration: .init(setup: {
            for request in requests { _ = try resolver.resolve(request) }
        })
    ) { benchmark in
        for iteration in benchmark.scaledIterations {
            blackHole(try resolver.resolve(requests[iteration % requests.count]))
        }
    }
}
