import Benchmark
import BenchmarkSupport
import DynamicType
import FontResolution
import Foundation

/// A fontconfig configuration that adds the tests' Roboto Flex (a variable font with opsz) to the
/// machine's fonts, written to a temporary directory.
func variableFontConfiguration() throws -> String {
    let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fontd-benchmark-fontconfig-\(getpid())")
    let configuration = FontconfigConfiguration(
        fontDirectories: [packageRoot.appendingPathComponent("Tests/Fonts/RobotoFlex").path],
        cacheDirectory: directory.appendingPathComponent("cache").path,
        system: .everything)
    return try configuration.write(to: directory.appendingPathComponent("fonts.conf").path)
}

/// Resolutions per second over all 132 cells of the default table × {none, bold, italic, bold+italic}:
/// asking fontconfig and FreeType every time, and answering from the resolver's cache — for the
/// machine's static `sans-serif` face, and for Roboto Flex, a variable face placed on wght, wdth,
/// opsz (and slnt for italic) per request.
let benchmarks: @Sendable () -> Void = {
    let table: StyleTable
    let resolver: FontResolver
    let variableResolver: FontResolver
    do {
        table = try StyleTable.locate()
        resolver = try FontResolver(table: table, cacheEntries: 10_000)
        variableResolver = try FontResolver(table: table, cacheEntries: 10_000, fontconfigFile: variableFontConfiguration())
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
    func naming(_ family: String) -> [FontRequest] {
        requests.map { request in
            var request = request
            request.families = [family]
            return request
        }
    }
    // The variable rows name their family; so does this static reference, so both cache keys hash the same shape.
    let namedStaticRequests = naming("DejaVu Sans")
    let variableRequests = naming("Roboto Flex")
    do {
        let placed = try variableResolver.resolveUncached(variableRequests[0])
        precondition(placed.variations?["opsz"] != nil, "Roboto Flex did not resolve to its variable face: \(placed.matchedFace.file)")
    } catch {
        fatalError("benchmark setup: \(error)")
    }

    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal],
        timeUnits: .nanoseconds,
        maxDuration: .seconds(3),
        maxIterations: 10_000_000)

    /// Resolves `requests` in turn, through the cache or around it; a cached row fills the cache first.
    func resolution(_ name: String, _ requests: [FontRequest], on resolver: FontResolver, cached: Bool) {
        let setup: Benchmark.BenchmarkSetupHook? = cached ? { for request in requests { _ = try resolver.resolve(request) } } : nil
        // The harness runs one iteration per sample: the cycle's position is kept across samples.
        let cycle = Cycle()
        Benchmark(name, configuration: .init(setup: setup)) { benchmark in
            for _ in benchmark.scaledIterations {
                let request = requests[cycle.next(below: requests.count)]
                blackHole(try cached ? resolver.resolve(request) : resolver.resolveUncached(request))
            }
        }
    }

    resolution("resolve uncached (132 cells × 4 trait sets)", requests, on: resolver, cached: false)
    resolution("resolve cached (132 cells × 4 trait sets)", requests, on: resolver, cached: true)
    resolution("resolve cached, static face named (DejaVu Sans, same 528)", namedStaticRequests, on: variableResolver, cached: true)
    // Each of the 528 requests has its own coordinates; after the first round FreeType's measurements
    // come from the measurer's cache, so this row is fontconfig plus placing the face.
    resolution("resolve uncached, variable face (Roboto Flex, same 528)", variableRequests, on: variableResolver, cached: false)
    resolution("resolve cached, variable face (Roboto Flex, same 528)", variableRequests, on: variableResolver, cached: true)
}
