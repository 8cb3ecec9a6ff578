import Dispatch
import DynamicType
import Logging
import Synchronization

/// The one owner of the scope tree and of the storage (docs/DESIGN.md §10 (Reader preferences)): changes are made one
/// at a time on the hub's queue (never an event loop), committed durably, and only then applied
/// to the tree and sent to the subscribers they reach.
///
/// One owner of its mutable state: `state`, one lock, guards all of it (the tree, the watches,
/// the store's health, the catch-ups); the queue orders the writes (changes, catch-ups, the
/// keep-alive); the root's preferences are also published in one atomic, read without the lock
/// by every cached answer. Event-loop threads, the bus and the bridges subscribe and read; the
/// queue writes; the lock makes "register a subscriber" and "broadcast a change" exclusive, so
/// each subscriber gets every change exactly once, in its replay or live.
public final class ScopeHub: Sendable {
    /// What the lock guards: everything of the hub that changes.
    struct State: Sendable {
        var tree: ScopeTree
        var watches = ScopeWatches()
        /// The free-text values the root has had (its reading fonts), so the atomic holds an id.
        var freeTexts = FreeTexts()
        /// Why the storage cannot be reached, while it cannot.
        var health: String?
        /// The ids resumes caught up for, and when (`DispatchTime` nanoseconds): a resume from one
        /// of them within a second needs no other catch-up.
        var caughtUpFor: [(id: Int, at: UInt64)] = []
        /// Whether a catch-up with other replicas' commits is queued and not yet begun.
        var catchUpQueued = false
        /// Whether the storage itself last said it cannot be reached: it then says when it is
        /// back, so no catch-up is tried meanwhile.
        var storageSaysUnreachable = false
    }

    /// Where changes are kept; nil keeps them in memory only (tests of the read side).
    public let storage: (any PreferenceStorage)?
    let state: Mutex<State>
    /// The root scope's preferences packed in an atomic rather than behind the lock, because
    /// every cached answer reads them: `PackedValues.pack`, and above its `bitCount` the id of the
    /// free-text values (the reading font) in `State.freeTexts` (0: none). Written under the lock only.
    private let packedRoot: Atomic<UInt64>
    /// The hub's one serial executor: changes, catch-ups and the keep-alive run on it, in order.
    let queue = DispatchQueue(label: "fontd.preferences")
    /// Only touched in `init` and `deinit`.
    nonisolated(unsafe) private let keepAliveTimer: DispatchSourceTimer
    let logger: Logger

    /// How many times a change is planned and committed before another replica's commits are
    /// taken for a storage that never lets it through.
    static let commitAttempts = 16

    /// A hub starting from what `storage` keeps (nothing yet: the initial preferences); with
    /// `storage` nil it keeps everything in memory only.
    public init(
        storage: (any PreferenceStorage)?, retention: Retention = Retention(), limits: ScopeLimits = ScopeLimits(),
        keepAliveSeconds: Double, logger: Logger
    ) throws {
        let tree = ScopeTree(stored: try storage?.load() ?? StoredScopes(), retention: retention, limits: limits)
        self.storage = storage
        self.logger = logger
        var initial = State(tree: tree)
        packedRoot = Atomic(Self.packed(tree.preferences(of: .root), texts: &initial.freeTexts))
        state = Mutex(initial)
        keepAliveTimer = DispatchSource.makeTimerSource(queue: queue)
        let interval = DispatchTimeInterval.milliseconds(Int(keepAliveSeconds * 1000))
        keepAliveTimer.schedule(deadline: .now() + interval, repeating: interval)
        keepAliveTimer.setEventHandler { [weak self] in self?.state.withLock { $0.tree.sendToAll(EventFrames.keepAlive) } }
        keepAliveTimer.resume()
        watchStorage()
    }

    deinit { keepAliveTimer.cancel() }

    /// The root scope's preferences now: what omitted preferences stand for without `scope=`.
    public var current: PerPreference<String> { preferences(packed: packedCurrent) }

    /// The root scope's preferences now, packed in one integer, read without a lock or an allocation:
    /// two equal ones are equal preferences, so an answer that followed them is keyed on it.
    public var packedCurrent: UInt64 { packedRoot.load(ordering: .acquiring) }

    /// The root's preferences that `packed`, a `packedCurrent`, stands for.
    public func preferences(packed: UInt64) -> PerPreference<String> {
        var preferences = PerPreference<String>.initial
        PackedValues.unpack(packed, into: &preferences)
        let id = packed >> UInt64(PackedValues.bitCount)
        if id != 0 { state.withLock { $0.freeTexts.fill(&preferences, from: id) } }
        return preferences
    }

    /// Makes `preferences` what `current` answers (from the queue, under the lock, before any
    /// subscriber hears of them); `texts` is the state's `freeTexts`, written back under the same lock.
    func publishRoot(_ preferences: PerPreference<String>, texts: inout FreeTexts) {
        packedRoot.store(Self.packed(preferences, texts: &texts), ordering: .releasing)
    }

    /// `preferences` as `packedRoot` holds them, their free-text values added to `texts` when they are new.
    private static func packed(_ preferences: PerPreference<String>, texts: inout FreeTexts) -> UInt64 {
        texts.id(of: preferences) << UInt64(PackedValues.bitCount) | PackedValues.pack(preferences)
    }

    /// Applies `plan` to `state`'s tree, publishing the root as it changes; under the lock.
    func apply(_ plan: ScopeTree.Plan, to state: inout State) -> ScopeTree.ChangeOutcome {
        var texts = state.freeTexts
        defer { state.freeTexts = texts }
        return state.tree.apply(plan) { publishRoot($0, texts: &texts) }
    }

    /// The effective preferences of `scope` now.
    public func preferences(of scope: PreferenceScope) -> PerPreference<String> {
        scope.isRoot ? current : state.withLock { $0.tree.preferences(of: scope) }
    }

    /// `scope`'s preferences as `GET /preferences` answers them.
    public func answer(for scope: PreferenceScope) -> Preferences { state.withLock { $0.tree.answer(for: scope) } }

    /// Tells every subscriber that the installed fonts changed, in an event without an id
    /// (docs/DESIGN.md §25 (Font set changes)), and makes `generation` the one answers and snapshots carry.
    public func fontsChanged(to generation: String) {
        let frame = EventFrames.frame(.fontsChanged(FontsChange(fontGeneration: generation)))
        state.withLock { state in
            state.tree.fontGeneration = generation
            state.tree.sendToAll(frame)
        }
    }

    /// The generation answers and snapshots carry.
    public var fontGeneration: String { state.withLock { $0.tree.fontGeneration } }
    /// How many event streams are open.
    public var subscriberCount: Int { state.withLock { $0.tree.subscriberCount } }
    /// How many history entries every scope keeps in all.
    public var keptEntryCount: Int { state.withLock { $0.tree.keptEntryCount } }
    /// How many scopes other than the root have values of their own.
    public var scopeCount: Int { state.withLock { $0.tree.scopeCount } }

    /// Starts `sink` with `scope`'s changes after `lastEventID` or a snapshot and registers it for
    /// what follows, atomically with respect to changes; `unsubscribe` when its stream ends.
    public func subscribe(_ sink: any EventSink, to scope: PreferenceScope, lastEventID: String?) {
        state.withLock { $0.tree.subscribe(sink, to: scope, lastEventID: lastEventID) }
    }

    /// Forgets `sink`, a subscriber of `scope`.
    public func unsubscribe(_ sink: any EventSink, from scope: PreferenceScope) {
        state.withLock { $0.tree.unsubscribe(sink, from: scope) }
    }

    /// Applies `update` to `scope`'s own values on the queue: committed durably, then applied and
    /// sent to the subscribers it reaches and reported to the watches of the scopes it moved (`watch`
    /// names the one making it, if any); then `completion` runs on the queue.
    public func change(
        _ scope: PreferenceScope, _ update: PerPreference<ScopeTree.Setting>, by watch: ObjectIdentifier? = nil,
        completion: @escaping @Sendable (Result<ScopeTree.ChangeOutcome, ChangeRefusal>) -> Void
    ) {
        queue.async { [self] in
            // Another replica may commit first: catch up and plan again, a few times at most.
            for attempt in 1... {
                // Only this queue writes, so what is read here still holds when the change is applied.
                let plan: ScopeTree.Plan
                switch state.withLock({ $0.tree.plan(scope, update) }) {
                case .failure(let refusal):
                    if !refusal.isScopeLimit { logger.error("change refused", metadata: ["scope": "\(scope)", "reason": "\(refusal)"]) }
                    return completion(.failure(refusal))
                case .success(let planned): plan = planned
                }
                // A change that is no change here may be one in a storage other replicas share
                // (one of them changed the value and its notification is on its way): ask the
                // storage before answering 200 for it.
                if plan.entries.isEmpty, attempt == 1, storage?.isShared == true {
                    if case .failure(let error) = catchUp() { return completion(.failure(error)) }
                    continue
                }
                if !plan.entries.isEmpty, let storage {
                    switch commit(plan, to: storage, attempt: attempt) {
                    case .failure(let refusal): return completion(.failure(refusal))
                    case .success(false): continue
                    case .success(true): break
                    }
                }
                let (outcome, reports) = state.withLock { state in
                    let outcome = apply(plan, to: &state)
                    return (outcome, state.watches.reports(in: state.tree, madeBy: watch))
                }
                reports.send()
                if !outcome.events.isEmpty {
                    var metadata: Logger.Metadata = ["scope": "\(scope)", "sequence": "\(outcome.after.sequence)"]
                    let after = PerPreference(outcome.after)
                    for preference in ReaderPreference.allCases { metadata[preference.wireName] = "\(after[preference])" }
                    logger.info("preferences changed", metadata: metadata)
                }
                return completion(.success(outcome))
            }
        }
    }
}
