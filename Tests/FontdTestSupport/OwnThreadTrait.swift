import Foundation
import Synchronization
import Testing

/// Runs each test of a suite on a thread of its own rather than on Swift's cooperative pool.
///
/// Swift Testing calls a synchronous test from a task, so a test that blocks its thread (waiting on
/// a browser, a child process, a server) holds one of the pool's threads, and the pool has one
/// thread per core: on a 2-core machine two such tests leave none for the async tests' streams,
/// which then time out. A test under this trait runs on threads that `OwnThreadExecutor` starts
/// for it (a task executor preference, so the test's code and its child tasks follow), and at most
/// `OwnThreadTrait.width` such tests run at once, as many as before, when the pool's width bounded them;
/// waiting for a turn is a suspension, so it parks no thread. That wait counts toward a test's
/// `.timeLimit`: a suite with a time limit does without the trait.
public struct OwnThreadTrait: SuiteTrait, TestTrait, TestScoping {
    /// How many tests under the trait run at once: one per core, at least two.
    public static let width = max(2, ProcessInfo.processInfo.activeProcessorCount)

    static let turns = Turns(width)

    public var isRecursive: Bool { true }

    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? { testCase == nil ? nil : self }

    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        await Self.turns.take()
        defer { Self.turns.give() }
        try await withTaskExecutorPreference(OwnThreadExecutor.shared) { try await function() }
    }
}

extension Trait where Self == OwnThreadTrait {
    /// Runs the tests on threads of their own, off Swift's cooperative pool (`OwnThreadTrait`).
    public static var ownThread: Self { OwnThreadTrait() }
}

/// A task executor that runs every job on a new thread, so that a job that blocks holds only its own.
public final class OwnThreadExecutor: TaskExecutor {
    /// The one executor the trait uses; it holds no state.
    public static let shared = OwnThreadExecutor()

    /// The threads running one of its jobs now (a test checks that it runs on one).
    private static let running = Mutex<Set<pthread_t>>([])

    /// Whether the calling thread is one of the executor's.
    public static var runsTheCurrentThread: Bool { running.withLock { $0.contains(pthread_self()) } }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        Thread {
            let thread = pthread_self()
            Self.running.withLock { _ = $0.insert(thread) }
            defer { Self.running.withLock { _ = $0.remove(thread) } }
            job.runSynchronously(on: executor)
        }.start()
    }
}

/// A count of turns that tasks await without blocking a thread; any task may take or give one.
final class Turns: Sendable {
    private let state: Mutex<(free: Int, waiting: [CheckedContinuation<Void, Never>])>

    init(_ count: Int) { state = Mutex((count, [])) }

    func take() async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state -> Bool in
                guard state.free == 0 else {
                    state.free -= 1
                    return true
                }
                state.waiting.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    func give() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiting.isEmpty else {
                state.free += 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}
