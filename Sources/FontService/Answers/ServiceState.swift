import Caching

/// What the event-loop threads share behind the service's lock: the answer cache keyed by
/// normalized query, and the answers being computed.
///
/// Not thread-safe by itself: `FontService` keeps it in a `Mutex`, taken on the slow path
/// only (a target no thread-local `TargetCache` knows); nothing slow happens while it is held.
struct ServiceState {
    /// How a lookup went.
    enum Lookup {
        /// The answer was cached.
        case cached(CachedAnswer)
        /// Another thread is computing it: the answer follows when its flight finishes.
        case wait(Flight)
        /// Nobody is: compute it, then `finish` the flight.
        case lead(Flight)
    }

    private var answers: LRUCache<AnswerKey, CachedAnswer>
    private var flights: [AnswerKey: Flight] = [:]
    /// Counts the font sets answers were computed with (docs/DESIGN.md §25 (Font set changes)): an answer computed
    /// under an earlier one is not cached.
    private(set) var fontEpoch = 0

    /// - Parameters:
    ///   - capacity: how many answers to keep.
    ///   - maximumBytes: how many bytes of answers to keep (`CachedAnswer.byteCount`).
    init(capacity: Int, maximumBytes: Int = .max) {
        answers = LRUCache(capacity: capacity, maximumCost: maximumBytes)
    }

    /// The bytes the cached answers hold.
    var answerBytes: Int { answers.totalCost }

    /// How many distinct answers are cached.
    var answerCount: Int { answers.count }

    /// The cached answer for `key`, the flight computing it, or a new flight for the caller to
    /// lead, under the font epoch it leads it in.
    mutating func lookUp(_ key: AnswerKey) -> Lookup {
        if let answer = answers.value(for: key) { return .cached(answer) }
        if let flight = flights[key] { return .wait(flight) }
        let flight = Flight(fontEpoch: fontEpoch)
        flights[key] = flight
        return .lead(flight)
    }

    /// Ends the flight for `key`, caching a successful answer unless the fonts changed since it began.
    /// The entry costs the answer's bytes and `keyBytes`, what the key holds (at most the request
    /// target's bytes: a family name asked for is kept in the key), so that arbitrary options —
    /// over HTTP, or the session bus's `Resolve` — cannot pile up past `--cache-bytes` in keys.
    mutating func finish(_ key: AnswerKey, keyBytes: Int, flight: Flight, with result: Result<CachedAnswer, FontServiceError>) {
        if flights[key] === flight { flights[key] = nil }
        guard flight.fontEpoch == fontEpoch, case .success(let answer) = result else { return }
        answers.insert(answer, for: key, cost: answer.byteCount + keyBytes)
    }

    /// Forgets every answer: the fonts changed. Flights under way finish, uncached.
    mutating func fontsChanged() {
        fontEpoch += 1
        answers.removeAll()
        flights = [:]
    }
}
