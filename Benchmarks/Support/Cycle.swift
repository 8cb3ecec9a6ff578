/// A position in a cycle of requests, kept across the benchmark harness's samples: it runs one
/// iteration per sample, so `iteration % count` would ask the first request every time.
/// One thread runs a benchmark's samples.
public final class Cycle: @unchecked Sendable {
    private var index = -1

    public init() {}

    /// The next position, back to 0 after `count - 1`.
    public func next(below count: Int) -> Int {
        index = (index + 1) % count
        return index
    }
}
