import Dispatch
import DynamicType
import HTTPServer
import Logging
import Synchronization

/// The reader's preferences, their history and their subscribers: the one owner of the state
/// file. Changes are applied one at a time on the store's own queue (never an event loop),
/// written durably, and only then made current and sent to subscribers.
///
/// Event-loop threads call `subscribe` and read `state` and `current`; the store's queue writes;
/// the lock makes "register a subscriber" and "broadcast a change" exclusive, so each subscriber
/// gets every change exactly once, either in its replay or live.
final class PreferencesStore: Sendable {
    struct Shared {
        var state: PreferencesState
        var subscribers: [ObjectIdentifier: HTTPStream] = [:]
        /// Subscribers that have had no event yet (a resume with nothing missed): the `retry:`
        /// field rides in the block of the first event that comes.
        var awaitingFirstEvent: Set<ObjectIdentifier> = []
    }

    /// The reconnection advice, as the first line of a subscriber's first event block (a block
    /// of its own makes some clients, httpx-sse among them, yield an empty message).
    static let retryLine = Array("retry: 2000\n".utf8)

    /// Where changes are kept; nil keeps the state in memory only (tests of the read side).
    let storage: (any PreferenceStorage)?
    private let shared: Mutex<Shared>
    /// The current preferences packed in an atomic rather than behind the lock, because every
    /// cached hit reads them.
    private let packedCurrent: Atomic<UInt8>
    private let queue = DispatchQueue(label: "fontd.preferences")
    /// Only touched in `init` and `deinit`.
    nonisolated(unsafe) private let keepAliveTimer: DispatchSourceTimer
    private let logger: Logger

    /// Loads what `storage` keeps (nothing yet: the initial preferences).
    static func open(storage: any PreferenceStorage, keepAliveSeconds: Double, logger: Logger) throws -> PreferencesStore {
        let state = PreferencesState(stored: try storage.load(historyLimit: PreferencesState.historyLimit))
        return PreferencesStore(state: state, storage: storage, keepAliveSeconds: keepAliveSeconds, logger: logger)
    }

    /// A store starting at `state`; with `storage` nil it keeps the state in memory only.
    init(state: PreferencesState, storage: (any PreferenceStorage)?, keepAliveSeconds: Double, logger: Logger) {
        self.storage = storage
        self.logger = logger
        shared = Mutex(Shared(state: state))
        packedCurrent = Atomic(state.preferences.packed)
        keepAliveTimer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "fontd.keepalive"))
        let interval = DispatchTimeInterval.milliseconds(Int(keepAliveSeconds * 1000))
        keepAliveTimer.schedule(deadline: .now() + interval, repeating: interval)
        keepAliveTimer.setEventHandler { [weak self] in self?.sendKeepAlive() }
        keepAliveTimer.resume()
    }

    deinit { keepAliveTimer.cancel() }

    /// A comment line on every stream, so proxies and clients see an idle stream is alive.
    private func sendKeepAlive() {
        let comment = Array(": keep-alive\n\n".utf8)
        shared.withLock { for stream in $0.subscribers.values { stream.send(comment) } }
    }

    /// The state now.
    var state: PreferencesState { shared.withLock { $0.state } }

    /// The preferences now: what omitted `category` and `legibility` stand for. An answer that
    /// followed others is no longer served once these change.
    var current: ReaderPreferences { ReaderPreferences(packed: packedCurrent.load(ordering: .acquiring)) }

    /// How many event streams are open.
    var subscriberCount: Int { shared.withLock { $0.subscribers.count } }

    /// Why a change was not made; the preferences stay as they were.
    enum ChangeError: Error, CustomStringConvertible {
        /// The storage could not keep the change.
        case notWritten(String)
        /// The sequence would pass what a state file may hold.
        case sequenceExhausted(Int)

        var description: String {
            switch self {
            case .notWritten(let reason): reason
            case .sequenceExhausted(let sequence):
                "the change sequence is at \(sequence), and a state file holds at most \(PreferencesState.maximumSequence)"
            }
        }
    }

    /// Applies a change on the store's queue: written durably, then made current, then sent
    /// to every subscriber, then `completion` runs (on the store's queue) with the new state
    /// and the changes (none when the values were already current).
    func change(
        category: ContentSizeCategory?, legibilityWeight: LegibilityWeight?,
        completion: @escaping @Sendable (Result<(PreferencesState, previous: PreferencesState, [PreferenceChange]), ChangeError>) -> Void
    ) {
        queue.async { [self] in
            let before = state
            let (after, changes) = before.applying(category: category, legibilityWeight: legibilityWeight)
            guard !changes.isEmpty else { return completion(.success((before, before, []))) }
            guard after.sequence <= PreferencesState.maximumSequence else {
                logger.error("change refused", metadata: ["sequence": "\(before.sequence)"])
                return completion(.failure(.sequenceExhausted(before.sequence)))
            }
            do throws(ChangeError) {
                if let storage {
                    do { try storage.commit(changes.map(\.event), resulting: after.stored) } catch { throw .notWritten("\(error)") }
                }
            } catch {
                logger.error("could not write the state file", metadata: ["error": "\(error)"])
                return completion(.failure(error))
            }
            shared.withLock { shared in
                shared.state = after
                packedCurrent.store(after.preferences.packed, ordering: .releasing)
                let bytes = changes.flatMap(\.eventBytes)
                for (key, stream) in shared.subscribers {
                    stream.send(shared.awaitingFirstEvent.remove(key) == nil ? bytes : Self.retryLine + bytes)
                }
            }
            logger.info("preferences changed", metadata: [
                "category": "\(after.preferences.category.rawValue)", "legibilityWeight": "\(after.preferences.legibilityWeight.rawValue)",
                "sequence": "\(after.sequence)", "subscribers": "\(subscriberCount)",
            ])
            completion(.success((after, before, changes)))
        }
    }

    /// Starts `stream` with the changes after `lastEventID` or a snapshot, `retry:` in the first
    /// event's block, and registers it for live changes — atomically with respect to changes.
    func subscribe(_ stream: HTTPStream, lastEventID: String?) {
        let key = ObjectIdentifier(stream)
        shared.withLock { shared in
            let state = shared.state
            let bytes: [UInt8]
            if let lastEventID, let number = Int(lastEventID), let missed = state.changes(after: number) {
                bytes = missed.flatMap(\.eventBytes)
            } else {
                bytes = state.snapshotEvent
            }
            if bytes.isEmpty {
                shared.awaitingFirstEvent.insert(key)
            } else {
                stream.send(Self.retryLine + bytes)
            }
            shared.subscribers[key] = stream
        }
        stream.onEnd { [weak self] _ in
            self?.shared.withLock { shared in
                shared.subscribers.removeValue(forKey: key)
                shared.awaitingFirstEvent.remove(key)
            }
        }
    }
}
