import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The connections open across every event loop, counted against `maxConnections` and against
/// the process's descriptor limit (docs/DESIGN.md §15 (Timeouts, overload and shutdown)). Any loop thread calls it.
final class ConnectionGauge: Sendable {
    /// Connections that hold a place (at most `maxConnections`).
    private let places = Atomic<Int>(0)
    /// Every kept connection's descriptor, places and refusals alike (at most `descriptorBudget`).
    private let descriptors = Atomic<Int>(0)
    private let maxConnections: Int
    /// How many descriptors connections may hold: the process's limit (`RLIMIT_NOFILE`) less a
    /// reserve for everything else it opens (loops, the state file, fonts being measured).
    let descriptorBudget: Int

    init(maxConnections: Int, loops: Int, descriptorLimit: Int = ConnectionGauge.descriptorLimit) {
        self.maxConnections = maxConnections
        let reserve = min(64 + 4 * loops, descriptorLimit / 4)
        descriptorBudget = max(1, descriptorLimit - reserve)
    }

    /// The soft `RLIMIT_NOFILE`: the descriptors this process may have open.
    static var descriptorLimit: Int {
        var limit = rlimit()
        // RLIM_INFINITY (all ones) is past the cap too.
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1 << 20 }
        return Int(min(limit.rlim_cur, 1 << 30))
    }

    /// Counts a new connection in: as holding a place, as a refusal kept to deliver its 503 (past
    /// `maxConnections`), or nil when the descriptor budget is spent (then it is refused at once,
    /// so that descriptors remain to accept and refuse every further connection).
    func admit() -> HTTPConnection.Admission? {
        guard increment(descriptors, below: descriptorBudget) else { return nil }
        if increment(places, below: maxConnections) { return .place }
        return .refusal
    }

    /// Counts a connection admitted as `admission` out again.
    func release(_ admission: HTTPConnection.Admission) {
        if admission == .place { places.subtract(1, ordering: .relaxed) }
        descriptors.subtract(1, ordering: .relaxed)
    }

    private func increment(_ counter: borrowing Atomic<Int>, below limit: Int) -> Bool {
        var current = counter.load(ordering: .relaxed)
        while current < limit {
            let (exchanged, original) = counter.compareExchange(expected: current, desired: current + 1, ordering: .relaxed)
            if exchanged { return true }
            current = original
        }
        return false
    }
}
