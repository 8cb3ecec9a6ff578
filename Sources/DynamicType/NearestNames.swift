/// The known names closest to one that names nothing, for an error's "did you mean": a reading
/// font spelt `OpenDislexic` answers `OpenDyslexic` first (docs/DESIGN.md §33 (The reading font)).
///
/// Names compare as fontconfig compares family names, without case and white space. A known name
/// that contains the asked one, or is contained in it, comes first (`dyslexic` finds every
/// OpenDyslexic family); then the fewest single-character edits (Levenshtein distance); then
/// alphabetical order without case, so the answer is the same on every machine with the same fonts.
public enum NearestNames {
    /// How many characters longer than the longest known name an asked name may be and still be
    /// ranked by `closest(to:among:limit:)`: longer, it is refused plainly, with no names offered.
    public static let lengthSlack = 10
    /// The most cells of edit-distance tables one call fills (docs/DESIGN.md §33 (The reading font)):
    /// past it, the names not yet measured are not offered, so no font set makes one answer cost more.
    public static let maximumCells = 200_000

    /// Up to `limit` of `candidates`, closest to `name` first, each once (the first spelling kept);
    /// none when `name` is more than `lengthSlack` characters longer than every candidate.
    public static func closest(to name: String, among candidates: [String], limit: Int = 5) -> [String] {
        let known = distinct(candidates)
        let longest = known.map(\.folded.count).max() ?? 0
        guard let asked = boundedFold(name, atMost: longest + lengthSlack) else { return [] }
        return ranked(asked, among: known, limit: limit)
    }

    /// The one known name `name` was most likely meant to be, for an error's "did you mean"
    /// (docs/DESIGN.md §8 (Errors) Errors): the closest of `candidates` (as `closest(to:among:)` ranks them)
    /// among those at most half of whose characters differ from it (`bdoy` → `body`, `xxxxl` →
    /// `xxxl`, `quer` → `query`); nil when none is that near (`huge` suggests no category).
    ///
    /// A word for on or off meant for a switch's other word comes before any spelling: `yes`,
    /// `true`, `1` or `enable(d)` offer `on` (or `yes`), their opposites `off` (or `no`), from
    /// `switchWords`, so that `--dbus yes` offers `on`, which no edit distance would.
    ///
    /// A name more than twice as long as a candidate differs from it in more than half its
    /// characters, so a name more than twice the longest (and than every switch word) costs no work at all.
    public static func suggestion(for name: String, among candidates: [String]) -> String? {
        let known = distinct(candidates)
        let longest = known.map(\.folded.count).max() ?? 0
        guard let asked = boundedFold(name, atMost: max(2 * longest, switchWordLength)), !asked.isEmpty else { return nil }
        if let word = switchWord(for: String(asked), among: known) { return word }
        let codes = CharacterCodes(asked, known)
        var cells = 0
        let near = known.filter { candidate in
            let larger = max(asked.count, candidate.folded.count)
            guard 2 * abs(asked.count - candidate.folded.count) <= larger else { return false }
            return banded(codes.asked, codes.code(of: candidate.folded), atMost: larger / 2, cells: &cells) != nil
        }
        return ranked(asked, among: near, limit: 1).first
    }

    /// The words that set a switch one way, each group meaning one thing: a name of a group offers
    /// a candidate of the same group (`yes` → `on`; `false` → `off`).
    public static let switchWords: [[String]] = [
        ["on", "yes", "true", "1", "enable", "enabled"],
        ["off", "no", "false", "0", "disable", "disabled"],
    ]

    /// The longest of `switchWords`.
    private static let switchWordLength = switchWords.joined().map(\.count).max() ?? 0

    /// The first of `known` in the group of `switchWords` that `asked` (folded) is in; nil when it
    /// is in none, or no candidate is.
    private static func switchWord(for asked: String, among known: [Candidate]) -> String? {
        guard let group = switchWords.first(where: { $0.contains(asked) }) else { return nil }
        return known.first { group.contains($0.foldedText) }?.name
    }

    /// The end of the ordered `names` that `name` lies past, for an error's "did you mean"
    /// (docs/DESIGN.md §8 (Errors)): a name of their form numbered beyond them (`ax6` past `ax1`…`ax5`
    /// → `ax5`; `ax0` → `ax1`), or with a longer run of a repeated letter than any (`xxxxl` past `xl`,
    /// `xxl`, `xxxl` → `xxxl`; `xxxxs` → `xs`); nil for any other name. Past the largest, the largest:
    /// what is nearest by spelling (`ax1` for `ax6`) is not what the asker meant.
    public static func end(pastWhich name: String, of names: [String]) -> String? {
        let asked = name.lowercased()
        if let numbered = asked.wholeMatch(of: /([a-z]+)([0-9]{1,9})/), let number = Int(numbered.output.2) {
            let prefix = numbered.output.1
            let known = names.compactMap { candidate -> (name: String, number: Int)? in
                guard let match = candidate.lowercased().wholeMatch(of: /([a-z]+)([0-9]{1,9})/), match.output.1 == prefix,
                    let value = Int(match.output.2)
                else { return nil }
                return (candidate, value)
            }
            guard let lowest = known.min(by: { $0.number < $1.number }), let highest = known.max(by: { $0.number < $1.number })
            else { return nil }
            return number > highest.number ? highest.name : number < lowest.number ? lowest.name : nil
        }
        // A run of one letter, then the rest: `xxxxl` is four x's and `l`.
        guard let letter = asked.first else { return nil }
        let run = asked.prefix { $0 == letter }.count
        let rest = asked.dropFirst(run)
        guard run > 1, !rest.isEmpty, !rest.hasPrefix(String(letter)) else { return nil }
        let known = names.compactMap { candidate -> (name: String, run: Int)? in
            let folded = candidate.lowercased()
            let count = folded.prefix { $0 == letter }.count
            return count > 0 && folded.dropFirst(count) == rest ? (candidate, count) : nil
        }
        guard let longest = known.max(by: { $0.run < $1.run }), run > longest.run else { return nil }
        return longest.name
    }

    /// The sentence that offers `suggestion`, with a space before it; empty without one.
    public static func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { " Did you mean '\($0)'?" } ?? ""
    }

    /// `name` without case and white space, as fontconfig compares family names.
    public static func folded(_ name: String) -> String {
        name.lowercased().filter { !$0.isWhitespace }
    }

    /// A known name with its folded form.
    struct Candidate {
        var name: String
        var folded: [Character]
        var foldedText: String
        var sortKey: String
    }

    /// `candidates` folded, each folded form once (the first spelling kept).
    private static func distinct(_ candidates: [String]) -> [Candidate] {
        var seen: Set<String> = []
        return candidates.compactMap { name in
            let known = folded(name)
            guard seen.insert(known).inserted else { return nil }
            return Candidate(name: name, folded: Array(known), foldedText: known, sortKey: name.lowercased())
        }
    }

    /// Whether `name` folded has more than `limit` characters; a name far longer is found so by
    /// counting, before it is lowercased.
    public static func isLonger(_ name: String, than limit: Int) -> Bool {
        boundedFold(name, atMost: limit) == nil
    }

    /// `name` folded, or nil when it has more than `limit` characters.
    private static func boundedFold(_ name: String, atMost limit: Int) -> [Character]? {
        var count = 0
        for character in name where !character.isWhitespace {
            count += 1
            // Lowercasing keeps a name's length near enough: twice the limit is surely over it.
            if count > 2 * limit + 8 { return nil }
        }
        let asked = Array(folded(name))
        return asked.count <= limit ? asked : nil
    }

    /// Up to `limit` of `known` in the order of `closest(to:among:)`: a name that contains the
    /// asked one or is contained in it first, then the fewest edits, then alphabetically.
    ///
    /// Only a name that can still be among the first `limit` is measured, and only as far as it
    /// could (a banded table that stops once every path costs more than the worst kept), so the
    /// answer is the one a full ranking gives while the work stays within `maximumCells`.
    private static func ranked(_ asked: [Character], among known: [Candidate], limit: Int) -> [String] {
        guard limit > 0 else { return [] }
        let codes = CharacterCodes(asked, known)
        let askedText = String(asked)
        let order = known.indices.map { index in
            let candidate = known[index]
            let contains = !asked.isEmpty && (candidate.foldedText.contains(askedText) || askedText.contains(candidate.foldedText))
            return (index: index, contains: contains, lowerBound: abs(asked.count - candidate.folded.count))
        }.sorted { first, second in
            if first.contains != second.contains { return first.contains }
            if first.lowerBound != second.lowerBound { return first.lowerBound < second.lowerBound }
            return known[first.index].sortKey < known[second.index].sortKey
        }
        var best: [(contains: Bool, distance: Int, sortKey: String, name: String)] = []
        var cells = 0
        for entry in order {
            guard cells < maximumCells else { break }
            let candidate = known[entry.index]
            var cap = max(asked.count, candidate.folded.count)
            if best.count == limit, let worst = best.last {
                // A name of the other kind than the worst kept is past it, or before every kept one.
                if worst.contains && !entry.contains { break }
                cap = worst.distance
            }
            guard let distance = banded(codes.asked, codes.code(of: candidate.folded), atMost: cap, cells: &cells) else { continue }
            let item = (entry.contains, distance, candidate.sortKey, candidate.name)
            let place =
                best.firstIndex { kept in
                    if kept.contains != item.0 { return item.0 }
                    if kept.distance != item.1 { return item.1 < kept.distance }
                    return item.2 < kept.sortKey
                } ?? best.endIndex
            guard place < limit else { continue }
            best.insert(item, at: place)
            if best.count > limit { best.removeLast() }
        }
        return best.map(\.name)
    }

    /// Characters as small numbers, so that the tables compare integers; equal characters
    /// (Swift's `Character` equality, canonical equivalence included) get equal numbers.
    private struct CharacterCodes {
        private let numbers: [Character: Int]
        let asked: [Int]

        init(_ asked: [Character], _ known: [Candidate]) {
            var numbers: [Character: Int] = [:]
            for character in asked where numbers[character] == nil { numbers[character] = numbers.count }
            self.numbers = numbers
            self.asked = asked.map { numbers[$0] ?? -1 }
        }

        /// A character the asked name lacks matches none of its characters: -1 stands for all of them.
        func code(of folded: [Character]) -> [Int] { folded.map { numbers[$0] ?? -1 } }
    }

    /// The fewest insertions, deletions and substitutions of one character that turn `a` into `b`.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var cells = 0
        let codes = CharacterCodes(a, [])
        return banded(codes.asked, codes.code(of: b), atMost: max(a.count, b.count), cells: &cells) ?? max(a.count, b.count)
    }

    /// The edit distance of `a` and `b` when it is at most `cap`, else nil; `cells` counts the
    /// table's cells filled. Only the band of cells within `cap` of the diagonal can lie on a path
    /// that cheap (Ukkonen), and once a whole row costs more than `cap` no path through it can end
    /// within it. `a` holds no -1, so a -1 in `b` (a character `a` lacks) matches nothing.
    static func banded(_ a: [Int], _ b: [Int], atMost cap: Int, cells: inout Int) -> Int? {
        guard abs(a.count - b.count) <= cap else { return nil }
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        let beyond = cap + 1
        // One row of the Wagner–Fischer table at a time.
        var previous = (0...b.count).map { $0 <= cap ? $0 : beyond }
        var current = [Int](repeating: beyond, count: b.count + 1)
        for i in 1...a.count {
            let low = max(1, i - cap)
            let high = min(b.count, i + cap)
            current[low - 1] = low == 1 ? i : beyond
            var rowMinimum = current[low - 1]
            for j in low...high {
                let value = min(previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1), previous[j] + 1, current[j - 1] + 1, beyond)
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if high < b.count { current[high + 1] = beyond }
            cells += high - low + 1
            guard rowMinimum <= cap else { return nil }
            swap(&previous, &current)
        }
        return previous[b.count] <= cap ? previous[b.count] : nil
    }
}
