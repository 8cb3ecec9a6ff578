import Foundation

/// The one way a test waits for something to happen: it polls a condition, or a probe that returns
/// a value once there is one, until it holds, with a deadline generous enough that it fails only when
/// the thing never happens, on a machine as busy as a 2-core CI runner building beside the tests.
///
/// A test never asserts how long the wait took (that is a benchmark's figure, `Benchmarks/`), and
/// never sleeps to let something happen. On a timeout the error says what was awaited, for how long,
/// and what was seen last, so a failure reads as a report rather than as `false`.
///
/// Both forms exist: the synchronous one for tests that block a thread of their own (`.ownThread`,
/// `OwnThreadTrait`), the asynchronous one, which suspends between polls, for async tests, so that
/// neither ever parks a thread of Swift's cooperative pool.
public enum Wait {
    /// How long a wait lasts unless a test says otherwise: far beyond what anything takes here.
    public static let defaultSeconds: Double = 120

    /// Polls `condition` until it is true.
    /// - Parameters:
    ///   - awaited: what the test waits for, in words, for the error.
    ///   - seconds: the deadline; a wait that reaches it throws `WaitTimedOut`.
    ///   - seen: what to report as last seen when the deadline passes.
    public static func until(
        _ awaited: @autoclosure () -> String, seconds: Double = defaultSeconds, seen: () -> String = { "" },
        _ condition: () throws -> Bool
    ) throws {
        _ = try value(awaited(), seconds: seconds, seen: seen) { try condition() ? true : nil }
    }

    /// Polls `condition` until it is true: true then, false once `seconds` have passed (for a helper
    /// that reports rather than fails, whose caller asserts).
    public static func holds(seconds: Double = defaultSeconds, _ condition: () throws -> Bool) rethrows -> Bool {
        var pause = Pause(seconds: seconds)
        while true {
            if try condition() { return true }
            guard let interval = pause.next() else { return false }
            // The poll's own interval: the only sleep a wait makes, between two looks at the condition.
            usleep(useconds_t(interval * 1e6))
        }
    }

    /// Polls `probe` until it returns a value, and returns it.
    @discardableResult
    public static func value<Value>(
        _ awaited: @autoclosure () -> String, seconds: Double = defaultSeconds, seen: () -> String = { "" },
        _ probe: () throws -> Value?
    ) throws -> Value {
        var value: Value?
        guard
            try holds(
                seconds: seconds,
                {
                    value = try probe()
                    return value != nil
                }), let value
        else {
            throw WaitTimedOut(awaited: awaited(), seconds: seconds, seen: seen())
        }
        return value
    }

    /// Polls `condition` until it is true, suspending between polls: the form an async test gets
    /// (the same parameters as the blocking form, so that an async caller never picks that one).
    public static func until(
        _ awaited: @autoclosure () -> String, seconds: Double = defaultSeconds, seen: () -> String = { "" },
        _ condition: () throws -> Bool
    ) async throws {
        _ = try await value(awaited(), seconds: seconds, seen: seen) { try condition() ? true : nil }
    }

    /// Polls `probe` until it returns a value, suspending between polls, and returns it.
    @discardableResult
    public static func value<Value>(
        _ awaited: @autoclosure () -> String, seconds: Double = defaultSeconds, seen: () -> String = { "" },
        _ probe: () throws -> Value?
    ) async throws -> Value {
        var pause = Pause(seconds: seconds)
        while true {
            if let value = try probe() { return value }
            guard let interval = pause.next() else { throw WaitTimedOut(awaited: awaited(), seconds: seconds, seen: seen()) }
            try await Task.sleep(for: .seconds(interval))  // the poll's own interval, as above
        }
    }

    /// Waits for `semaphore` to be signalled: an event another thread reports.
    public static func signal(_ awaited: @autoclosure () -> String, on semaphore: DispatchSemaphore, seconds: Double = defaultSeconds)
        throws
    {
        guard semaphore.wait(timeout: .now() + seconds) == .success else {
            throw WaitTimedOut(awaited: awaited(), seconds: seconds, seen: "no signal")
        }
    }

    /// Waits for every task of `group` to finish.
    public static func signal(_ awaited: @autoclosure () -> String, on group: DispatchGroup, seconds: Double = defaultSeconds) throws {
        guard group.wait(timeout: .now() + seconds) == .success else {
            throw WaitTimedOut(awaited: awaited(), seconds: seconds, seen: "not every task finished")
        }
    }

    /// The intervals between polls: 5 ms at first, so a quick event is seen at once, doubling to
    /// 100 ms, so a long wait costs the busy machine little; nil once the deadline has passed.
    struct Pause {
        let deadline: ContinuousClock.Instant
        var interval = 0.005

        init(seconds: Double) { deadline = .now + .seconds(seconds) }

        mutating func next() -> Double? {
            guard ContinuousClock.now < deadline else { return nil }
            defer { interval = min(interval * 2, 0.1) }
            return interval
        }
    }
}

/// A wait whose deadline passed before the thing it awaited happened.
public struct WaitTimedOut: Error, CustomStringConvertible {
    /// What the test waited for.
    public let awaited: String
    /// The deadline it gave.
    public let seconds: Double
    /// What it saw last, when the test said how to describe it.
    public let seen: String

    public var description: String {
        "waited \(seconds) s for \(awaited)" + (seen.isEmpty ? ", in vain" : "; last seen: \(seen)")
    }
}
