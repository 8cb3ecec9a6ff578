import Dispatch

/// The task executor the store's async work runs on: a serial dispatch queue of its own, not
/// Swift concurrency's pool, whose few threads (one per core) the callers of a synchronous
/// store may be blocking — tests do — and the work they wait for would then never run.
///
/// Jobs run one at a time and never block (postgres-nio's I/O is on its event loops), so one
/// queue is enough for every store in the process.
final class StoreExecutor: TaskExecutor {
    static let shared = StoreExecutor()

    private let queue = DispatchQueue(label: "fontd.postgres-store")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
