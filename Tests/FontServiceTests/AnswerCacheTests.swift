import DynamicType
import FontResolution
import FontdTestSupport
import Foundation
import HTTPServer
import ServerTestSupport
import Synchronization
import Testing

@testable import FontService

/// The answer cache of docs/DESIGN.md §16 (The answer cache): normalized keys, prewarming, the LRU bound, single-flight.
@Suite(.ownThread) struct AnswerCacheTests {
    @Test func traitOrdersShareOneEntry() throws {
        let service = makeService()
        let first = try service.client.send("/font?style=body&category=xl&traits=italic,bold")
        let second = try service.client.send("/font?style=body&category=xl&traits=bold,italic")
        #expect(first.status == 200)
        #expect(first.body == second.body)
        #expect(service.cachedAnswerCount == 1)
        #expect(service.computedAnswerCount == 1)
        #expect(service.cachedTargetCount == 2)
    }

    @Test func categoryAliasesStyleCaseAndWeightNamesShareOneEntry() throws {
        let service = makeService()
        let targets = [
            "/font?style=body&category=xl&weight=bold", "/font?style=BODY&category=extraLarge&weight=700",
            "/font?category=UICTContentSizeCategoryXL&style=Body&weight=700.0", "/font?style=body&category=XL&weight=Bold",
        ]
        let bodies = try targets.map { try service.client.send($0).body }
        #expect(Set(bodies).count == 1)
        #expect(service.cachedAnswerCount == 1)
        #expect(service.computedAnswerCount == 1)
    }

    @Test func differentOptionsAreDifferentEntries() throws {
        let service = makeService()
        _ = try service.client.send("/font?style=body&category=xl")
        _ = try service.client.send("/font?style=body&category=xl&traits=bold")
        _ = try service.client.send("/font?style=body&category=xl&legibility=regular&textSpacing=default")
        _ = try service.client.send("/font?style=body&category=xl&family=DejaVu+Serif,DejaVu+Sans")
        _ = try service.client.send("/font?style=body&category=xl&family=DejaVu+Sans,DejaVu+Serif")
        #expect(service.cachedAnswerCount == 5, "family order matters; explicit preferences change Cache-Control")
    }

    /// A family name asked for is kept in its entry's key: long ones count against `--cache-bytes`
    /// (docs/DESIGN.md §16 (The answer cache)), so they cannot pile up past it in keys.
    @Test func longFamilyNamesCountAgainstTheCacheBytes() throws {
        var configuration = FontServiceConfiguration(cacheEntries: 10_000)
        configuration.cacheBytes = 100_000
        let service = FontService(resolver: resolver, configuration: configuration, logger: .init(label: "AnswerCacheTests"))
        let nameBytes = 2_000
        for index in 0..<200 {
            let family = String(repeating: "f", count: nameBytes - 4) + String(format: "%04d", index)
            #expect(try service.client.send("/font?style=body&family=\(family),DejaVu+Serif").status == 200)
        }
        #expect(service.cachedAnswerBytes <= 100_000)
        #expect(service.cachedAnswerCount * nameBytes <= 100_000, "\(service.cachedAnswerCount) entries of \(nameBytes)-byte names kept")
    }

    @Test func aRepeatedTargetIsAnsweredWithoutComputing() throws {
        let service = makeService()
        let first = try service.client.send("/font?style=body&category=xl")
        for _ in 0..<10 { #expect(try service.client.send("/font?style=body&category=xl").body == first.body) }
        #expect(service.computedAnswerCount == 1)
    }

    @Test func twoServicesOnOneThreadKeepTheirOwnAnswers() throws {
        let narrow = makeService(cacheEntries: 1)
        let open = makeService()
        let target = "/font?style=footnote&category=s"
        for _ in 0..<3 {
            #expect(try narrow.client.send(target).status == 200)
            #expect(try open.client.send(target).status == 200)
        }
        #expect(narrow.computedAnswerCount == 1)
        #expect(open.computedAnswerCount == 1)
    }

    @Test func aThreadRemembersAtMostItsShareOfTargets() throws {
        let service = makeService(cacheEntries: 5000)
        for index in 0..<(TargetCache.maximumCapacity + 10) {
            _ = try service.client.send("/categories?" + String(repeating: "&", count: index))
        }
        #expect(service.cachedTargetCount == TargetCache.maximumCapacity)
        #expect(service.cachedAnswerCount == 1, "every spelling is the one /categories answer")
    }

    @Test func prewarmResolvesEveryStyleAtEveryCategory() throws {
        let service = makeService()
        try service.prewarm()
        // Every /font, and /fonts and /css at every category.
        let expected = defaultTable.styles.count * ContentSizeCategory.allCases.count + 2 * ContentSizeCategory.allCases.count
        #expect(service.cachedAnswerCount == expected)
        #expect(service.computedAnswerCount == expected)
        for target in [
            "/font?style=body&category=xl", "/font?style=Caption2&category=accessibilityExtraExtraExtraLarge",
            "/font?style=largeTitle", "/fonts?category=ax5", "/fonts", "/css?category=xl", "/css",
        ] {
            #expect(try service.client.send(target).status == 200)
        }
        #expect(service.computedAnswerCount == expected, "prewarmed answers are not computed again")
    }

    @Test func manyDistinctFamiliesStayWithinTheBound() throws {
        let service = makeService(cacheEntries: 25)
        for index in 0..<120 {
            #expect(try service.client.send("/font?style=body&category=xl&family=Family\(index)").status == 200)
        }
        #expect(service.cachedAnswerCount == 25)
        #expect(service.cachedTargetCount == 25)
        #expect(service.computedAnswerCount == 120)
    }

    @Test func theLeastRecentlyUsedAnswerIsEvictedFirst() throws {
        // Each lookup is spelled anew (spaces around the family are trimmed), so it reaches the
        // normalized cache rather than the map of exact targets.
        let service = makeService(cacheEntries: 2)
        _ = try service.client.send("/font?style=body&category=xl&family=A")
        _ = try service.client.send("/font?style=body&category=xl&family=B")
        _ = try service.client.send("/font?style=body&category=xl&family=+A")  // A is now newer than B
        _ = try service.client.send("/font?style=body&category=xl&family=C")  // evicts B
        #expect(service.computedAnswerCount == 3)
        _ = try service.client.send("/font?style=body&category=xl&family=A+")
        #expect(service.computedAnswerCount == 3)
        _ = try service.client.send("/font?style=body&category=xl&family=+B")
        #expect(service.computedAnswerCount == 4)
    }

    @Test func concurrentIdenticalMissesResolveOnce() throws {
        let resolutions = Counter()
        let service = makeService { request in
            guard request.families == ["Single Flight"] else { return }
            resolutions.increment()
            usleep(200_000)  // long enough for every other thread to arrive while this one resolves
        }
        let responses = try runConcurrently(threads: 16) { index in
            // Different spellings of one request: they meet at the normalized key.
            try service.client.send(
                index.isMultiple(of: 2)
                    ? "/font?style=body&category=xl&traits=bold,italic&family=Single+Flight"
                    : "/font?style=Body&category=extraLarge&traits=italic,bold&family=Single%20Flight")
        }
        #expect(resolutions.value == 1)
        #expect(service.computedAnswerCount == 1)
        #expect(responses.allSatisfy { $0.status == 200 && $0.body == responses[0].body })
    }

    @Test func waitersOfAFailedResolutionAllGetTheError() throws {
        let attempts = Counter()
        let service = makeService { request in
            guard request.families == ["Failing Flight"] else { return }
            attempts.increment()
            usleep(200_000)  // long enough for every other thread to arrive while this one resolves
            throw FontResolutionError.noFontInstalled
        }
        let responses = try runConcurrently(threads: 8) { _ in try service.client.send("/font?style=body&family=Failing+Flight") }
        #expect(attempts.value == 1)
        #expect(responses.allSatisfy { $0.status == 500 })
        #expect(service.cachedAnswerCount == 0)
    }

    @Test func manyThreadsOnASmallCacheAlwaysGetTheRightAnswer() throws {
        let service = makeService(cacheEntries: 4)
        let categories = ContentSizeCategory.allCases
        let expected = try categories.map { category in
            try expectedJSON(resolver.resolve(FontRequest(style: .callout, category: category)))
        }
        let mismatches = Counter()
        _ = try runConcurrently(threads: 8) { thread in
            for round in 0..<150 {
                let index = (thread * 7 + round) % categories.count
                let response = try service.client.send("/font?style=callout&category=\(categories[index].rawValue)")
                if (try? response.json()) != expected[index] { mismatches.increment() }
            }
            return TestResponse(status: 200, headers: [], body: [])
        }
        #expect(mismatches.value == 0)
        #expect(service.cachedAnswerCount <= 4)
    }
}

/// Runs `body` on `threads` new threads at once (released together) and returns their results in order.
func runConcurrently(threads: Int, _ body: @escaping @Sendable (Int) throws -> TestResponse) throws -> [TestResponse] {
    final class Run: Sendable {
        let results: Mutex<[TestResponse?]>
        let arrived = Atomic<Int>(0)
        init(threads: Int) { results = Mutex(Array(repeating: nil, count: threads)) }
    }
    let run = Run(threads: threads)
    let finished = DispatchGroup()
    for index in 0..<threads {
        finished.enter()
        Thread.detachNewThread {
            run.arrived.add(1, ordering: .relaxed)
            while run.arrived.load(ordering: .relaxed) < threads { sched_yield() }
            let response: TestResponse?
            do { response = try body(index) } catch {
                Issue.record(error, "thread \(index)")
                response = nil
            }
            run.results.withLock { $0[index] = response }
            finished.leave()
        }
    }
    guard finished.wait(timeout: .now() + 30) == .success else {
        Issue.record("threads did not finish")
        return []
    }
    return try run.results.withLock { results in try results.map { try #require($0) } }
}
