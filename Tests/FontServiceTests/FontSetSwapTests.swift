import DynamicType
import FontResolution
import FontdTestSupport
import Foundation
import Logging
import Synchronization
import Testing

@testable import FontService

/// A new font set swapped in while requests are answered (docs/DESIGN.md §25 (Font set changes)): no request sees
/// a destroyed fontconfig configuration or a closed face, and every answer is right.
@Suite(.ownThread) struct FontSetSwapTests {
    @Test func tenThousandConcurrentRequestsOrMoreAcrossFortySwapsAllAnswerCorrectly() throws {
        _ = PinnedFonts.configFile
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fonts = directory.appendingPathComponent("fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        for name in ["DejaVuSans.ttf", "DejaVuSerif.ttf", "DejaVuSans-Bold.ttf"] {
            try FileManager.default.copyItem(
                atPath: PinnedFonts.fontDirectory + "/" + name, toPath: fonts.appendingPathComponent(name).path)
        }
        let file = try FontconfigConfiguration(
            fontDirectories: [fonts.path], cacheDirectory: directory.appendingPathComponent("cache").path, system: .rules
        )
        .write(to: directory.appendingPathComponent("fonts.conf").path)
        let resolver = try FontResolver(table: Fixtures.defaultTable, fontconfigFile: file)
        var configuration = FontServiceConfiguration()
        configuration.fontRescanSeconds = 3600
        let service = FontService(resolver: resolver, configuration: configuration, logger: Logger(label: "FontSetSwapTests"))

        // What each target answers before any swap: the fonts stay the same, so the bytes must too.
        let targets = ContentSizeCategory.allCases.flatMap { category in
            [
                "/font?style=body&category=\(category.rawValue)",
                "/font?style=headline&family=DejaVu%20Serif&category=\(category.rawValue)&traits=bold",
            ]
        }
        let expected = try Dictionary(uniqueKeysWithValues: targets.map { ($0, try service.client.get($0).bodyText) })
        let generation = resolver.fontGeneration

        let wrong = Mutex<[String]>([])
        let answered = Atomic<Int>(0)
        let swapping = DispatchGroup()
        let swapped = Atomic<Bool>(false)
        swapping.enter()
        // A thread of its own: the workers below spin until the swaps are done, and a block on the
        // global queue could wait behind them for a pool thread forever (seen on two loaded cores).
        Thread {
            for _ in 0..<40 {
                let done = DispatchSemaphore(value: 0)
                service.refreshFonts(force: true) { done.signal() }
                done.wait()
            }
            swapped.store(true, ordering: .releasing)
            swapping.leave()
        }.start()
        // Each worker asks 1250 times at least, and on until the last swap is done.
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            var index = 0
            while index < 1250 || !swapped.load(ordering: .acquiring) {
                defer { index += 1 }
                let target = targets[(worker * 7 + index) % targets.count]
                let answer = try? service.client.get(target)
                answered.add(1, ordering: .relaxed)
                if answer?.status != 200 || answer?.bodyText != expected[target] {
                    wrong.withLock { $0.append("\(target): \(answer?.status ?? 0) \(answer?.bodyText.prefix(120) ?? "no answer")") }
                }
            }
        }
        swapping.wait()
        #expect(answered.load(ordering: .relaxed) >= 10_000)
        #expect(wrong.withLock { $0 }.isEmpty, "\(wrong.withLock { $0.prefix(5) })")
        #expect(service.fontEpoch.load(ordering: .relaxed) == 40, "every forced refresh swapped a new font set in")
        #expect(resolver.fontGeneration == generation, "the same files: the same generation")
        // After the swaps, answers are still right (and cached again).
        for target in targets { #expect(try service.client.get(target).bodyText == expected[target]) }
    }
}
