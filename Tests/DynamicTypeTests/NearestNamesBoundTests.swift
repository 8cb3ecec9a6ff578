import DynamicType
import Testing

/// The bounded "did you mean" (docs/DESIGN.md §33 (The reading font)): the same answers as a full
/// ranking for ordinary names, and none for a name longer than every known one.
@Suite struct NearestNamesBoundTests {
    /// The full ranking, as `NearestNames` ranked before it was bounded: every candidate measured whole.
    static func fullRanking(_ name: String, _ candidates: [String], limit: Int) -> [String] {
        let asked = Array(NearestNames.folded(name))
        var seen: Set<String> = []
        let ranked = candidates.compactMap { candidate -> (Bool, Int, String, String)? in
            let known = NearestNames.folded(candidate)
            guard seen.insert(known).inserted else { return nil }
            let contains = !asked.isEmpty && (known.contains(String(asked)) || String(asked).contains(known))
            return (contains, distance(asked, Array(known)), candidate.lowercased(), candidate)
        }
        return ranked.sorted { first, second in
            if first.0 != second.0 { return first.0 }
            if first.1 != second.1 { return first.1 < second.1 }
            return first.2 < second.2
        }.prefix(limit).map(\.3)
    }

    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1), previous[j] + 1, current[j - 1] + 1)
            }
            previous = current
        }
        return previous[b.count]
    }

    /// Family-like names from a small alphabet, so that many are near one another.
    static func names(count: Int, seed: UInt64) -> [String] {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let syllables = ["sans", "serif", "mono", "open", "dys", "lex", "ic", "de", "ja", "vu", " ", "Bold", "a", "o", "x"]
        // No name of white space alone: no family is one, and which `contains` a test file sees
        // (Foundation's or the standard library's) would decide whether it contains the asked one.
        return (0..<count).map { _ in (0..<(1 + next(6))).map { _ in syllables[next(syllables.count)] }.joined() }
            .filter { !NearestNames.folded($0).isEmpty }
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8])
    func theBoundedRankingIsTheFullOne(seed: UInt64) {
        let candidates = Self.names(count: 300, seed: seed)
        for asked in Self.names(count: 40, seed: seed + 100) + ["", "x", "sans", "OpenDislexic"] {
            for limit in [1, 5] {
                #expect(
                    NearestNames.closest(to: asked, among: candidates, limit: limit) == Self.fullRanking(asked, candidates, limit: limit),
                    "\(asked)")
            }
        }
    }

    @Test func aNameLongerThanEveryCandidateBeyondTheSlackGetsNone() {
        let families = ["DejaVu Sans", "OpenDyslexic"]
        let longest = "opendyslexic".count
        #expect(NearestNames.closest(to: String(repeating: "o", count: longest + NearestNames.lengthSlack), among: families).count == 2)
        #expect(NearestNames.closest(to: String(repeating: "o", count: longest + NearestNames.lengthSlack + 1), among: families) == [])
        #expect(NearestNames.closest(to: String(repeating: "OpenDyslexic ", count: 10_000), among: families) == [])
        #expect(NearestNames.isLonger(String(repeating: "x", count: 100_000), than: 30))
        #expect(!NearestNames.isLonger("Open Dyslexic", than: 12))
    }

    /// A suggestion needs at most half the characters to differ, so a name over twice the longest gets none.
    @Test func aSuggestionForANameOverTwiceTheLongestIsNoneWithoutWork() {
        #expect(NearestNames.suggestion(for: "bodyyyyy", among: ["body"]) == "body")
        #expect(NearestNames.suggestion(for: "bodyyyyyy", among: ["body"]) == nil)
        #expect(NearestNames.suggestion(for: String(repeating: "b", count: 100_000), among: ["body", "headline"]) == nil)
    }
}
