import FontdClient
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// `preferenceChanges()`: the snapshot, then every change exactly once and in order — across
/// dropped connections and a server killed and restarted on its state file.
@Suite struct PreferenceStreamTests {
    static let token = "stream-test-token"
    /// Short waits, so reconnecting takes milliseconds in tests.
    static let quick = Reconnection(initialDelay: .milliseconds(20), maximumDelay: .milliseconds(200), idleTimeout: .seconds(20))

    /// Collects the events of a stream as they come, for a test to wait on.
    final class Collector: @unchecked Sendable {
        private let lock = NSLock()
        private var events: [PreferenceEvent] = []
        private var failure: (any Error)?
        private var task: Task<Void, Never>?

        init(_ stream: AsyncThrowingStream<PreferenceEvent, any Error>) {
            task = Task { [self] in
                do {
                    for try await event in stream { lock.withLock { events.append(event) } }
                } catch {
                    lock.withLock { failure = error }
                }
            }
        }

        /// The preference events received, in order: `fontsDidChange` left out, and the
        /// snapshots' `fontGeneration` taken off, so they compare with what the tests write.
        /// `everything` has them as they came.
        var received: [PreferenceEvent] {
            everything.compactMap { event in
                switch event {
                case .fontsChanged: return nil
                case .snapshot(var preferences):
                    preferences.fontGeneration = nil
                    return .snapshot(preferences)
                default: return event
                }
            }
        }
        var everything: [PreferenceEvent] { lock.withLock { events } }
        var error: (any Error)? { lock.withLock { failure } }

        /// Waits until `done` holds for the events so far, or the stream fails (`Wait.until`; the
        /// blocking tests run on threads of their own, `.ownThread`, so the stream's task has the pool).
        func wait(for awaited: String, until done: ([PreferenceEvent]) -> Bool) async throws {
            try await Wait.until(awaited, seen: { "\(received.count) events: \(received)" }) { done(received) || error != nil }
        }

        func waitForSequence(_ sequence: Int) async throws {
            try await wait(for: "sequence \(sequence)") { $0.last { $0.sequence != nil }?.sequence ?? -1 >= sequence }
        }

        func cancel() { task?.cancel() }
    }

    /// The category every change of a test sets: the change with sequence `n` sets `category(n)`,
    /// never the one before, so each PUT is a real change.
    static func category(_ sequence: Int) -> ContentSizeCategory {
        ContentSizeCategory.allCases[sequence % ContentSizeCategory.allCases.count]
    }

    /// What a subscriber must see for changes `1...count` made one by one from `l` at sequence 0.
    static func expectedChanges(through count: Int) -> [PreferenceEvent] {
        (1...count).map { sequence in
            .categoryChanged(
                PreferenceChange(value: category(sequence), previous: sequence == 1 ? .large : category(sequence - 1), sequence: sequence))
        }
    }

    static let initialSnapshot = PreferenceEvent.snapshot(Preferences(category: .large, legibilityWeight: .regular, sequence: 0))

    @Test func theSnapshotComesFirstThenEachChangeOfBothKinds() async throws {
        let server = try ServerProcess(["--token", Self.token])
        let client = FontdClient(baseURL: server.url, token: Self.token)
        let collector = Collector(client.preferenceChanges(reconnection: Self.quick))
        defer { collector.cancel() }
        try await collector.waitForSequence(0)
        try await client.setPreferences(category: .accessibilityExtraLarge, legibilityWeight: .bold)
        try await client.setCategory(.accessibilityExtraLarge)  // no change, no event
        try await client.setPreferences(legibilityWeight: .regular)
        try await collector.waitForSequence(3)
        #expect(
            collector.received == [
                Self.initialSnapshot,
                .categoryChanged(PreferenceChange(value: .accessibilityExtraLarge, previous: .large, sequence: 1)),
                .legibilityWeightChanged(PreferenceChange(value: .bold, previous: .regular, sequence: 2)),
                .legibilityWeightChanged(PreferenceChange(value: .regular, previous: .bold, sequence: 3)),
            ])
    }

    @Test func textSpacingIsSetReadAndHeardAndAskedPerRequest() async throws {
        let server = try ServerProcess(["--token", Self.token])
        let client = FontdClient(baseURL: server.url, token: Self.token)
        let collector = Collector(client.preferenceChanges(reconnection: Self.quick))
        defer { collector.cancel() }
        try await collector.waitForSequence(0)
        let asked = try await client.font(.body, category: .large, textSpacing: .wcag)
        #expect(asked.metrics.lineHeight == 25.5)
        #expect(asked.metrics.wordSpacing == 2.72)
        #expect(asked.metrics.paragraphSpacing == 34)
        #expect(try await client.preferences().textSpacing == .default, "a request's textSpacing changes nobody's preference")

        let after = try await client.setPreferences(textSpacing: .wcag)
        #expect(after == Preferences(category: .large, legibilityWeight: .regular, textSpacing: .wcag, sequence: 1))
        try await collector.waitForSequence(1)
        #expect(
            collector.received == [
                Self.initialSnapshot, .textSpacingChanged(PreferenceChange(value: .wcag, previous: .default, sequence: 1)),
            ])
        let followed = try await client.fonts(category: .large)
        #expect(followed.fonts.first { $0.style == .body }?.metrics == asked.metrics)
        #expect(try await client.font(.body, category: .large, textSpacing: .default).metrics.wordSpacing == nil)
    }

    @Test(arguments: [false, true])
    func droppedStreamsLoseAndRepeatNothingWhileChangesKeepComing(reset: Bool) async throws {
        let server = try ServerProcess(["--token", Self.token])
        let proxy = try DroppingProxy(upstreamPort: server.port)
        defer { proxy.stop() }
        let subscriber = FontdClient(baseURL: proxy.url)
        let changer = FontdClient(baseURL: server.url, token: Self.token)
        let collector = Collector(subscriber.preferenceChanges(reconnection: Self.quick))
        defer { collector.cancel() }
        try await collector.waitForSequence(0)

        let total = 150
        for sequence in 1...total {
            try await changer.setCategory(Self.category(sequence))
            if sequence % 15 == 0 { proxy.dropAll(reset: reset) }
        }
        try await collector.waitForSequence(total)
        #expect(collector.error == nil)
        #expect(collector.received == [Self.initialSnapshot] + Self.expectedChanges(through: total))
        // The stream really was cut and resumed (10 drops; a drop may find it already cut).
        #expect(proxy.connectionCount >= 5)
    }

    @Test func aServerKilledAndRestartedOnItsStateFileLosesAndRepeatsNothing() async throws {
        let state = try TestPaths.temporaryDirectory().appendingPathComponent("state.json").path
        var server = try ServerProcess(["--token", Self.token, "--state", state])
        let port = server.port
        // A wait long enough that the changes made right after the restart are missed, and
        // must come from the restarted server's history.
        let reconnection = Reconnection(initialDelay: .milliseconds(400), maximumDelay: .milliseconds(400), idleTimeout: .seconds(20))
        let subscriber = FontdClient(baseURL: server.url)
        let collector = Collector(subscriber.preferenceChanges(reconnection: reconnection))
        defer { collector.cancel() }
        try await collector.waitForSequence(0)

        var sequence = 0
        for round in 1...3 {
            let changer = FontdClient(baseURL: server.url, token: Self.token)
            for _ in 1...20 {
                sequence += 1
                try await changer.setCategory(Self.category(sequence))
            }
            kill(server.process.processIdentifier, SIGKILL)
            server.process.waitUntilExit()
            server.stop()
            server = try ServerProcess(["--token", Self.token, "--state", state], port: port)
            let restarted = FontdClient(baseURL: server.url, token: Self.token)
            for _ in 1...10 {
                sequence += 1
                try await restarted.setCategory(Self.category(sequence))
            }
            _ = round
        }
        try await collector.waitForSequence(sequence)
        #expect(collector.error == nil)
        #expect(collector.received == [Self.initialSnapshot] + Self.expectedChanges(through: sequence))
        server.stop()
    }

    @Test func theFontGenerationComesInTheSnapshotAndFirstOnAResumedStream() async throws {
        let state = try TestPaths.temporaryDirectory().appendingPathComponent("state.json").path
        var server = try ServerProcess(["--token", Self.token, "--state", state])
        let port = server.port
        let generation = try server.client.fontGeneration()
        let collector = Collector(FontdClient(baseURL: server.url).preferenceChanges(reconnection: Self.quick))
        defer { collector.cancel() }
        try await collector.waitForSequence(0)
        #expect(
            collector.everything.first
                == .snapshot(Preferences(category: .large, legibilityWeight: .regular, sequence: 0, fontGeneration: generation)))
        try await FontdClient(baseURL: server.url, token: Self.token).setCategory(Self.category(1))
        try await collector.waitForSequence(1)
        server.stop()
        server = try ServerProcess(["--token", Self.token, "--state", state], port: port)
        try await FontdClient(baseURL: server.url, token: Self.token).setCategory(Self.category(2))
        try await collector.waitForSequence(2)
        // The resumed stream began with the generation, surfaced as an event of its own.
        #expect(
            Array(collector.everything.suffix(2)) == [.fontsChanged(FontsChange(fontGeneration: generation))]
                + Self.expectedChanges(through: 2).suffix(1))
        #expect(collector.error == nil)
        server.stop()
    }

    @Test func aServerThatLostItsStateSendsASnapshotAndTheCountStartsOver() async throws {
        var server = try ServerProcess(["--token", Self.token])
        let port = server.port
        let collector = Collector(FontdClient(baseURL: server.url).preferenceChanges(reconnection: Self.quick))
        defer { collector.cancel() }
        try await collector.waitForSequence(0)
        for sequence in 1...3 { try await FontdClient(baseURL: server.url, token: Self.token).setCategory(Self.category(sequence)) }
        try await collector.waitForSequence(3)
        server.stop()
        // A fresh state file: sequence 0 again, so Last-Event-ID 3 is "from the future".
        server = try ServerProcess(["--token", Self.token], port: port)
        try await collector.wait(for: "five events") { $0.count == 5 }
        let fresh = FontdClient(baseURL: server.url, token: Self.token)
        try await fresh.setCategory(.extraSmall)
        try await collector.wait(for: "six events") { $0.count == 6 }
        #expect(
            Array(collector.received.suffix(2)) == [
                Self.initialSnapshot,
                .categoryChanged(PreferenceChange(value: .extraSmall, previous: .large, sequence: 1)),
            ])
        server.stop()
    }

    @Test func aRefusedFirstConnectionEndsTheStreamWithTheReason() async throws {
        let server = try ServerProcess()
        server.stop()
        let stream = FontdClient(baseURL: server.url).preferenceChanges(reconnection: Self.quick)
        let error = await endingError(of: stream)
        guard case .unreachable(_, let reason)? = error else {
            Issue.record("expected unreachable, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("connection refused"))
    }

    @Test func aSilentStreamIsTakenAsDeadAndReconnected() async throws {
        // The server's keep-alives come every 600 s here; the client gives up after 1 s of silence
        // (0.3 s failed once in a loaded full run: the first connection's snapshot came later).
        let server = try ServerProcess(["--token", Self.token, "--sse-keepalive", "600"])
        let proxy = try DroppingProxy(upstreamPort: server.port)
        defer { proxy.stop() }
        let reconnection = Reconnection(initialDelay: .milliseconds(20), maximumDelay: .milliseconds(50), idleTimeout: .seconds(1))
        let collector = Collector(FontdClient(baseURL: proxy.url).preferenceChanges(reconnection: reconnection))
        defer { collector.cancel() }
        try await collector.waitForSequence(0)
        // Any second connection is the watchdog's doing: the server stays silent for 600 s, past the deadline.
        try await Wait.until("the watchdog's second connection", seen: { "\(proxy.connectionCount) connections" }) {
            proxy.connectionCount >= 2
        }
        #expect(collector.error == nil, "\(String(describing: collector.error))")
        try await FontdClient(baseURL: server.url, token: Self.token).setCategory(.extraLarge)
        try await collector.waitForSequence(1)
        #expect(
            collector.received == [
                Self.initialSnapshot, .categoryChanged(PreferenceChange(value: .extraLarge, previous: .large, sequence: 1)),
            ])
    }
}
