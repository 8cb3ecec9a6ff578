/// The known names closest to one that names nothing, for an error's "did you mean": a reading
/// font spelt `OpenDislexic` answers `OpenDyslexic` first (docs/DESIGN.md §33 (The reading font)).
///
/// Names compare as fontconfig compares family names, without case and white space. A known name
/// that contains the asked one, or is contained in it, comes first (`dyslexic` finds every
/// OpenDyslexic family); then the fewest single-character edits (Levenshtein distance); then
/// alphabetical order without case, so the answer is the same on every machine with the same fonts.
public enum NearestNames {
    /// Up to `limit` of `candidates`, closest to `name` first, each once (the first spelling kept).
    public static func closest(to name: String, among candidates: [String], limit: Int = 5) -> [String] {
        let asked = folded(name)
        var seen: Set<String> = []
        let ranked = candidates.compactMap { candidate -> (contains: Bool, distance: Int, sortKey: String, name: String)? in
            let known = folded(candidate)
            guard seen.insert(known).inserted else { return nil }
            let contains = !asked.isEmpty && (known.contains(asked) || asked.contains(known))
            return (contains, editDistance(Array(asked), Array(known)), candidate.lowercased(), candidate)
        }
        return ranked.sorted { first, second in
            if first.contains != second.contains { return first.contains }
            if first.distance != second.distance { return first.distance < second.distance }
            return first.sortKey < second.sortKey
        }.prefix(max(0, limit)).map(\.name)
    }

    /// The one known name `name` was most likely meant to be, for an error's "did you mean"
    /// (docs/DESIGN.md §8 (Errors) Errors): the closest of `candidates` (as `closest(to:among:)` ranks them)
    /// among those at most half of whose characters differ from it (`bdoy` → `body`, `xxxxl` →
    /// `xxxl`, `quer` → `query`); nil when none is that near (`huge` suggests no category).
    public static func suggestion(for name: String, among candidates: [String]) -> String? {
        let asked = Array(folded(name))
        guard !asked.isEmpty else { return nil }
        let near = candidates.filter { candidate in
            let known = Array(folded(candidate))
            return 2 * editDistance(asked, known) <= max(asked.count, known.count)
        }
        return closest(to: name, among: near, limit: 1).first
    }

    /// The sentence that offers `suggestion`, with a space before it; empty without one.
    public static func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { " Did you mean '\($0)'?" } ?? ""
    }

    /// `name` without case and white space, as fontconfig compares family names.
    public static func folded(_ name: String) -> String {
        name.lowercased().filter { !$0.isWhitespace }
    }

    /// The fewest insertions, deletions and substitutions of one character that turn `a` into `b`.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        // One row of the Wagner–Fischer table at a time.
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
