import CFontdSystem
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A question put to every event loop at once, each answering from its own thread when its
/// mailbox is next drained: once all have answered, the thread that asked knows that every loop
/// still turns (docs/DESIGN.md §29 (A desktop service)). The last to answer writes to an eventfd the asking thread
/// polls; the loops touch only `answer()`.
final class LoopRollCall: Sendable {
    private let unanswered: Atomic<Int>
    /// The eventfd written once every loop has answered; the server owns and closes it.
    private let answered: Int32

    init(loops: Int, answered: Int32) {
        unanswered = Atomic(loops)
        self.answered = answered
    }

    /// One loop's answer; the last one wakes the thread that asked.
    func answer() {
        if unanswered.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 { eventfd_write(answered, 1) }
    }
}
