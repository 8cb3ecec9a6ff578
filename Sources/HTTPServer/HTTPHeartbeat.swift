/// Something `HTTPServer.run` does at a steady interval while every event loop keeps turning: a
/// service manager's watchdog ping, say (docs/DESIGN.md §29 (A desktop service)). Between two beats every loop must
/// have answered a roll call from its own thread; while one has not, the beats stop.
public struct HTTPHeartbeat {
    /// Seconds between beats.
    public var intervalSeconds: Double
    /// Called on the thread in `run()`; it must return soon.
    public var beat: () -> Void

    public init(intervalSeconds: Double, beat: @escaping () -> Void) {
        self.intervalSeconds = intervalSeconds
        self.beat = beat
    }
}
