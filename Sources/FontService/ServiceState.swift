/// What the event-loop threads share: the reader's preferences, the answer cache keyed by
/// normalized query, a map from exact request targets to answers, and the answers being computed.
///
/// Not thread-safe by itself: `FontService` keeps it in one `Mutex`, which every loop thread
/// takes briefly per request; nothing slow (resolution, encoding) happens while it is held.
struct ServiceState {
    /// A target's answer, and the preferences it was computed under when it follows them.
    struct TargetEntry {
        var answer: CachedAnswer
        var preferences: ReaderPreferences?
    }

    /// How a normalized lookup went.
    enum Lookup {
        /// The answer was cached.
        case cached(CachedAnswer)
        /// Another thread is computing it: wait for that flight.
        case wait(Flight)
        /// Nobody is: compute it, then `finish` the flight.
        case lead(Flight)
    }

    /// The reader's current preferences, which omitted parameters stand for.
    var preferences = ReaderPreferences.initial
    private var answers: LRUCache<AnswerKey, CachedAnswer>
    /// Exact targets already seen, so a repeated request skips parsing and normalizing.
    private var targets: LRUCache<String, TargetEntry>
    private var flights: [AnswerKey: Flight] = [:]

    /// - Parameter capacity: the bound of each map.
    init(capacity: Int) {
        answers = LRUCache(capacity: capacity)
        targets = LRUCache(capacity: capacity)
    }

    /// How many distinct answers are cached.
    var answerCount: Int { answers.count }
    /// How many exact targets are remembered.
    var targetCount: Int { targets.count }

    /// The answer for exactly `target`, unless it followed preferences that have changed since.
    mutating func answer(forTarget target: String) -> CachedAnswer? {
        guard let entry = targets.value(for: target) else { return nil }
        if let computedUnder = entry.preferences, computedUnder != preferences { return nil }
        return entry.answer
    }

    /// The cached answer for `key`, the flight computing it, or a new flight for the caller to lead.
    ///
    /// - Parameters:
    ///   - target: the exact target asked, remembered on a hit (nil: none, as when prewarming).
    ///   - preferences: the preferences `key` was built with.
    mutating func lookUp(_ key: AnswerKey, target: String?, preferences: ReaderPreferences) -> Lookup {
        if let answer = answers.value(for: key) {
            remember(answer, for: target, key: key, preferences: preferences)
            return .cached(answer)
        }
        if let flight = flights[key] { return .wait(flight) }
        let flight = Flight()
        flights[key] = flight
        return .lead(flight)
    }

    /// Ends the flight for `key`, caching a successful answer.
    mutating func finish(
        _ key: AnswerKey, with result: Result<CachedAnswer, FontServiceError>, target: String?, preferences: ReaderPreferences
    ) {
        flights[key] = nil
        guard case .success(let answer) = result else { return }
        answers.insert(answer, for: key)
        remember(answer, for: target, key: key, preferences: preferences)
    }

    private mutating func remember(_ answer: CachedAnswer, for target: String?, key: AnswerKey, preferences: ReaderPreferences) {
        guard let target else { return }
        targets.insert(TargetEntry(answer: answer, preferences: key.followsPreferences ? preferences : nil), for: target)
    }
}
