import Dispatch
import DynamicType
import HTTPServer
import Logging
import Synchronization

/// The preferences of every scope, their history and their subscribers (docs/DESIGN.md §10):
/// the one owner of the storage. Changes are applied one at a time on the store's own queue
/// (never an event loop), committed durably, and only then made current and sent to the
/// subscribers they affect.
///
/// Event-loop threads call `subscribe` and read preferences; the store's queue writes; the lock
/// makes "register a subscriber" and "broadcast a change" exclusive, so each subscriber gets
/// every change exactly once, either in its replay or live.
final class PreferencesStore: Sendable {
    /// How much history is kept: the newest `window` entries of the whole store, and for each
    /// scope with a value of its own its newest `perScope` even when older — but never more than
    /// `window` such older entries in all, so the store keeps at most 2 × `window` entries
    /// whatever the number of scopes (docs/DESIGN.md §23, "Quotas").
    struct Retention: Sendable {
        var window = 100_000
        var perScope = 1024

        init() {}

        init(_ configuration: FontServiceConfiguration) {
            window = max(1, configuration.keptChanges)
            perScope = max(1, configuration.keptChangesPerScope)
        }
    }

    /// A preference a change sets, clears (inherits again) or leaves as it is.
    enum Setting<Value: Equatable & Sendable>: Equatable, Sendable {
        case keep, set(Value), clear

        /// The own value after the change.
        func applied(to own: Value?) -> Value? {
            switch self {
            case .keep: own
            case .set(let value): value
            case .clear: nil
            }
        }
    }

    /// What a change did: the scope's preferences before and after, and the events it made.
    struct ChangeOutcome: Sendable {
        var before: Preferences
        var after: Preferences
        var events: [ScopeHistoryEntry]
    }

    struct Shared {
        let root: ScopeNode
        /// The id of the store's newest event, and the position of its newest history entry.
        var sequence: Int
        var position: Int
        /// Scopes other than the root with a value of their own.
        var scopeCount = 0
        /// Those scopes by reader (their first segment).
        var readerScopeCounts: [Substring: Int] = [:]

        /// Counts `scope`, a scope other than the root, in or out (`by` 1 or -1) of those with values of their own.
        mutating func count(_ scope: PreferenceScope, by step: Int) {
            scopeCount += step
            guard let reader = scope.segments.first else { return }
            let count = readerScopeCounts[reader, default: 0] + step
            readerScopeCounts[reader] = count > 0 ? count : nil
        }
        /// Every kept entry, oldest first, with the node that keeps it.
        var window = FIFOBuffer<(position: Int, node: ScopeNode)>()
        /// The entries kept past the window as among their scope's newest, oldest first (some
        /// may have been dropped since; they are passed over).
        var beyondWindow = FIFOBuffer<(position: Int, node: ScopeNode)>()
        /// Per scope whose older entries were dropped: the least `Last-Event-ID` still replayable.
        var droppedThrough: [PreferenceScope: Int] = [:]
        /// Drops made in memory that the storage has yet to make (with the next commit).
        var pendingDrops: [ScopeCommit.Drop] = []
        var subscribers: [ObjectIdentifier: HTTPStream] = [:]
        /// The scopes whose effective category a `CategoryWatch` follows, by watch.
        var categoryWatches: [ObjectIdentifier: WatchedCategory] = [:]
        /// The installed fonts' generation (docs/DESIGN.md §25), which snapshots and answers carry.
        var fontGeneration = ""

        /// `scope`'s preferences as answered and snapshotted: with the fonts' generation.
        func answer(for scope: PreferenceScope) -> Preferences {
            var answer = PreferencesStore.nearestNode(to: scope, in: self).answer(for: scope)
            answer.fontGeneration = fontGeneration.isEmpty ? nil : fontGeneration
            return answer
        }
    }

    /// The reconnection advice, as the first line of a subscriber's first event block (a block
    /// of its own makes some clients, httpx-sse among them, yield an empty message).
    static let retryLine = Array("retry: 2000\n".utf8)

    /// Where changes are kept; nil keeps them in memory only (tests of the read side).
    let storage: (any PreferenceStorage)?
    let retention: Retention
    /// How many scopes other than the root may have values of their own (`--max-scopes`).
    let maximumScopes: Int
    /// How many of them one reader may have (`--max-scopes-per-reader`).
    let maximumScopesPerReader: Int
    private let shared: Mutex<Shared>
    /// The root scope's preferences packed in an atomic rather than behind the lock, because
    /// every cached hit reads them.
    private let packedRoot: Atomic<UInt8>
    private let queue = DispatchQueue(label: "fontd.preferences")
    /// Whether a catch-up with other replicas' commits is queued and not yet begun.
    private let catchUpQueued = Atomic<Bool>(false)
    /// The ids resumes caught up for, and when (`DispatchTime` nanoseconds): a resume from one of
    /// them within a second needs no other catch-up.
    private let caughtUpFor = Mutex<[(id: Int, at: UInt64)]>([])
    /// Why the storage cannot be reached, while it cannot.
    private let health = Mutex<String?>(nil)
    /// Whether the storage itself last said it cannot be reached (`watchReachability`): it then
    /// says when it is back and notifies a catch-up, so none is tried meanwhile.
    private let storageSaysUnreachable = Atomic<Bool>(false)
    /// Only touched in `init` and `deinit`.
    nonisolated(unsafe) private let keepAliveTimer: DispatchSourceTimer
    private let logger: Logger

    /// A store starting from what `storage` keeps (nothing yet: the initial preferences); with
    /// `storage` nil it keeps everything in memory only.
    init(
        storage: (any PreferenceStorage)?, retention: Retention = Retention(), maximumScopes: Int = 1_000_000,
        maximumScopesPerReader: Int = 64, keepAliveSeconds: Double, logger: Logger
    ) throws {
        let stored = try storage?.load() ?? StoredScopes()
        self.storage = storage
        self.retention = retention
        self.maximumScopes = maximumScopes
        self.maximumScopesPerReader = maximumScopesPerReader
        self.logger = logger
        let state = Self.state(from: stored)
        packedRoot = Atomic(state.root.preferences.packed)
        shared = Mutex(state)
        keepAliveTimer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "fontd.keepalive"))
        let interval = DispatchTimeInterval.milliseconds(Int(keepAliveSeconds * 1000))
        keepAliveTimer.schedule(deadline: .now() + interval, repeating: interval)
        keepAliveTimer.setEventHandler { [weak self] in self?.sendKeepAlive() }
        keepAliveTimer.resume()
        if let shared = storage as? any SharedPreferenceStorage {
            shared.watch { [weak self] in self?.scheduleCatchUp() }
            // Without it, nothing but a failed call would find the storage gone (docs/DESIGN.md
            // §24): with no writes, /healthz would say ok through an outage.
            shared.watchReachability { [weak self] reason in
                guard let self else { return }
                storageSaysUnreachable.store(reason != nil, ordering: .releasing)
                guard let reason else {
                    storeIsReachable()
                    // For any catch-up passed over meanwhile (one connection may have heard a
                    // notification while another was lost).
                    return scheduleCatchUp()
                }
                storeIsUnreachable(reason)
            }
        }
    }

    /// Queues a catch-up, unless one is queued already: notifications come in bursts, and one
    /// catch-up reads them all. One that finds the storage unreachable is tried again a second
    /// later, and so on until it is back: a notification may have been lost meanwhile. While the
    /// storage itself says it is away, none is tried (each would hold this queue, and the changes
    /// behind it, for the storage's timeout): it catches up as it comes back.
    private func scheduleCatchUp(after seconds: Double = 0) {
        guard !catchUpQueued.exchange(true, ordering: .acquiringAndReleasing) else { return }
        queue.asyncAfter(deadline: .now() + seconds) { [weak self] in
            guard let self else { return }
            catchUpQueued.store(false, ordering: .releasing)
            guard !storageSaysUnreachable.load(ordering: .acquiring) else { return }
            if case .failure(.unavailable) = catchUp() { scheduleCatchUp(after: 1) }
        }
    }

    /// The tree, counts and history window `stored` holds.
    private static func state(from stored: StoredScopes) -> Shared {
        let rootRecord = stored.scopes.first { $0.scope.isRoot } ?? .initialRoot
        var state = Shared(root: ScopeNode(scope: .root, parent: nil, record: rootRecord), sequence: stored.sequence, position: stored.position)
        for record in stored.scopes where !record.scope.isRoot && !record.isEmpty {
            Self.node(for: record.scope, in: &state).record = record
            state.count(record.scope, by: 1)
        }
        for entry in stored.history {
            let node = Self.node(for: entry.scope, in: &state)
            node.history.append(entry)
            state.window.append((entry.position, node))
            // A scope deleted by its last clear has no stored record, and so no marks: its kept
            // events say which changes affected it (its last clear, say, newer than its parent's).
            if node.parent != nil, node.record.isEmpty, entry.isEvent {
                switch entry.change {
                case .category: node.record.categoryMark = max(node.record.categoryMark, entry.sequence)
                case .legibilityWeight: node.record.legibilityWeightMark = max(node.record.legibilityWeightMark, entry.sequence)
                case .textSpacing: node.record.textSpacingMark = max(node.record.textSpacingMark, entry.sequence)
                }
            }
        }
        state.droppedThrough = stored.droppedThrough
        return state
    }

    deinit { keepAliveTimer.cancel() }

    /// A comment line on every stream, so proxies and clients see an idle stream is alive.
    private func sendKeepAlive() {
        let comment = Array(": keep-alive\n\n".utf8)
        shared.withLock { for stream in $0.subscribers.values { stream.send(comment) } }
    }

    /// The root scope's preferences now: what omitted `category`, `legibility` and `textSpacing` stand for
    /// without `scope=`. An answer that followed others is no longer served once these change.
    var current: ReaderPreferences { ReaderPreferences(packed: packedRoot.load(ordering: .acquiring)) }

    /// The effective preferences of `scope` now.
    func preferences(of scope: PreferenceScope) -> ReaderPreferences {
        scope.isRoot ? current : shared.withLock { Self.nearestNode(to: scope, in: $0).preferences }
    }

    /// `scope`'s preferences as `GET /preferences` answers them.
    func answer(for scope: PreferenceScope) -> Preferences {
        shared.withLock { $0.answer(for: scope) }
    }

    /// Tells every subscriber that the installed fonts changed, in an event without an id
    /// (docs/DESIGN.md §25), and makes `generation` the one answers and snapshots carry.
    func fontsChanged(to generation: String) {
        let bytes = Array(PreferenceEvent.fontsChanged(FontsChange(fontGeneration: generation)).serverSentEvent.utf8)
        shared.withLock { shared in
            shared.fontGeneration = generation
            for stream in shared.subscribers.values { stream.send(bytes) }
        }
    }

    /// The generation answers and snapshots carry.
    var fontGeneration: String { shared.withLock { $0.fontGeneration } }

    /// How many event streams are open.
    var subscriberCount: Int { shared.withLock { $0.subscribers.count } }

    /// How many history entries every scope keeps in all (walks the tree: for tests).
    var keptEntryCount: Int {
        shared.withLock { shared in
            var count = 0, nodes = [shared.root]
            while let node = nodes.popLast() {
                count += node.history.count
                nodes += node.children.values
            }
            return count
        }
    }

    /// How many scopes other than the root have values of their own.
    var scopeCount: Int { shared.withLock { $0.scopeCount } }

    /// The largest id a change may take: JSON numbers are exact below 2⁵³ for every reader.
    static let maximumSequence = PreferencesState.maximumSequence

    /// Why a change was not made; the preferences stay as they were.
    enum ChangeError: Error, CustomStringConvertible {
        /// The storage could not keep the change.
        case notWritten(String)
        /// A new scope would pass `--max-scopes`.
        case scopeLimit(Int)
        /// A new scope would pass `--max-scopes-per-reader` for `reader`.
        case readerScopeLimit(reader: String, limit: Int)
        /// The change would take an id past `maximumSequence`.
        case sequenceExhausted(Int)
        /// The change would take a history position past `maximumSequence`.
        case positionExhausted(Int)
        /// The storage cannot be reached: the change is not known to be committed.
        case unavailable(String)
        /// The storage takes no change for now (a full disk): this one was not made.
        case refused(String)

        /// Whether it is one of the limits on scopes (409 `scopeLimit`).
        var isScopeLimit: Bool {
            switch self {
            case .scopeLimit, .readerScopeLimit: true
            default: false
            }
        }

        var description: String {
            switch self {
            case .notWritten(let reason): reason
            case .scopeLimit(let limit):
                "this server holds preferences for at most \(limit) scopes (--max-scopes) and has no room for another; clear a scope's values to free one"
            case .readerScopeLimit(let reader, let limit):
                "the reader \(reader) holds preferences for \(limit) scopes, the most one reader may (--max-scopes-per-reader); clear one of them to free a place"
            case .unavailable(let reason), .refused(let reason): reason
            case .sequenceExhausted(let sequence):
                "the change sequence is at \(sequence), and ids stop at \(PreferencesStore.maximumSequence) so that every JSON reader reads them exactly"
            case .positionExhausted(let position):
                "the history is at position \(position), and positions stop at \(PreferencesStore.maximumSequence) as ids do"
            }
        }
    }

    /// Applies a change to `scope`'s own values on the store's queue: committed durably, then
    /// made current, then sent to every subscriber whose effective preferences it changed and
    /// reported to the category watches it moved (`watch` names the one making it, if any), then
    /// `completion` runs (on the store's queue).
    func change(
        _ scope: PreferenceScope, category: Setting<ContentSizeCategory>, legibilityWeight: Setting<LegibilityWeight>,
        textSpacing: Setting<TextSpacing> = .keep, by watch: ObjectIdentifier? = nil, completion: @escaping @Sendable (Result<ChangeOutcome, ChangeError>) -> Void
    ) {
        queue.async { [self] in
            // Another replica may commit first: catch up and plan again, a few times at most.
            for attempt in 1... {
                // Only this queue writes, so what is read here still holds when the change is applied.
                let (planned, refusal) = shared.withLock { shared in
                    plan(scope, category: category, legibilityWeight: legibilityWeight, textSpacing: textSpacing, in: shared)
                }
                if let refusal { return completion(.failure(refusal)) }
                guard let planned else { return }
                // A change that is no change here may be one in a storage other replicas share
                // (one of them changed the value and its notification is on its way): ask the
                // storage before answering 200 for it.
                if planned.entries.isEmpty, attempt == 1, storage is any SharedPreferenceStorage {
                    if case .failure(let error) = catchUp() { return completion(.failure(error)) }
                    continue
                }
                if !planned.entries.isEmpty, let storage {
                    let pendingDrops = shared.withLock { $0.pendingDrops }
                    do {
                        try storage.commit(ScopeCommit(
                            entries: planned.entries, scopes: [planned.record], sequence: planned.sequence, drops: pendingDrops))
                        storeIsReachable()
                    } catch PreferenceStorageFailure.behind where attempt < Self.commitAttempts {
                        if case .failure(let error) = catchUp() { return completion(.failure(error)) }
                        continue
                    } catch PreferenceStorageFailure.unavailable(let reason) {
                        storeIsUnreachable(reason)
                        // A catch-up tried until it answers says when the storage is back, and
                        // brings in this change should it have been committed after all.
                        scheduleCatchUp(after: 1)
                        return completion(.failure(.unavailable(reason)))
                    } catch PreferenceStorageFailure.refusing(let reason) {
                        // Said in the log and by /healthz once, until a change is taken again.
                        storeIsUnreachable(reason)
                        return completion(.failure(.refused(reason)))
                    } catch {
                        logger.error("could not store the change", metadata: ["scope": "\(scope)", "error": "\(error)"])
                        return completion(.failure(.notWritten("\(error)")))
                    }
                    shared.withLock { $0.pendingDrops.removeFirst(min(pendingDrops.count, $0.pendingDrops.count)) }
                }
                let (outcome, reports) = shared.withLock { shared in
                    (apply(planned, to: scope, in: &shared), Self.categoryReports(in: &shared, madeBy: watch))
                }
                reports.send()
                if !outcome.events.isEmpty {
                    logger.info("preferences changed", metadata: [
                        "scope": "\(scope)", "category": "\(outcome.after.category.rawValue)",
                        "legibilityWeight": "\(outcome.after.legibilityWeight.rawValue)", "textSpacing": "\(outcome.after.textSpacing.rawValue)",
                        "sequence": "\(outcome.after.sequence)",
                    ])
                }
                return completion(.success(outcome))
            }
        }
    }

    /// How many preferences a scope may set: category, legibility weight and text spacing.
    static let preferenceCount = 3

    /// How many times a change is planned and committed before another replica's commits are
    /// taken for a storage that never lets it through.
    static let commitAttempts = 16

    // MARK: Category watches

    /// A scope's effective category as its `CategoryWatch` last heard it, and where a change goes.
    struct WatchedCategory {
        let scope: PreferenceScope
        var category: ContentSizeCategory
        let report: @Sendable (CategoryWatch.Change) -> Void
    }

    /// Changes owed to category watches, sent once the lock is released: a watch's handler may
    /// call the store.
    struct CategoryReports {
        fileprivate var pending: [(report: @Sendable (CategoryWatch.Change) -> Void, change: CategoryWatch.Change)] = []

        func send() {
            for (report, change) in pending { report(change) }
        }
    }

    /// Reports every later change of `scope`'s effective category to `report`, for `watch`.
    func watchCategory(of scope: PreferenceScope, for watch: ObjectIdentifier, report: @escaping @Sendable (CategoryWatch.Change) -> Void) {
        shared.withLock { shared in
            let category = Self.nearestNode(to: scope, in: shared).category.value
            shared.categoryWatches[watch] = WatchedCategory(scope: scope, category: category, report: report)
        }
    }

    /// Stops reporting to `watch`.
    func unwatchCategory(for watch: ObjectIdentifier) {
        shared.withLock { _ = $0.categoryWatches.removeValue(forKey: watch) }
    }

    /// The change of each watched scope whose effective category moved since its watch last heard,
    /// telling the watch that made it (`watch`) from the others.
    private static func categoryReports(in shared: inout Shared, madeBy watch: ObjectIdentifier?) -> CategoryReports {
        var reports = CategoryReports()
        for (id, watched) in shared.categoryWatches {
            let category = nearestNode(to: watched.scope, in: shared).category.value
            guard category != watched.category else { continue }
            shared.categoryWatches[id]?.category = category
            reports.pending.append((watched.report, CategoryWatch.Change(category: category, previous: watched.category, isOwn: id == watch)))
        }
        return reports
    }

    // MARK: Replicas

    /// Applies what other replicas committed since this one's newest position, in order, sending
    /// each event to this replica's subscribers as if the change were made here. Runs on the
    /// store's queue. When entries are missing (dropped before this replica read them) or do not
    /// follow from this replica's state, the whole state is loaded again and every subscriber
    /// gets a snapshot.
    @discardableResult
    func catchUp() -> Result<Void, ChangeError> {
        guard let storage = storage as? any SharedPreferenceStorage else { return .success(()) }
        let position = shared.withLock { $0.position }
        let entries: [ScopeHistoryEntry]
        do {
            entries = try storage.entries(after: position)
        } catch {
            let reason = (error as? PreferenceStorageFailure)?.description ?? "\(error)"
            storeIsUnreachable(reason)
            return .failure(.unavailable(reason))
        }
        storeIsReachable()
        let (followed, reports) = shared.withLock { shared in
            (entries.allSatisfy { entry in applyCommitted(entry, in: &shared) }, Self.categoryReports(in: &shared, madeBy: nil))
        }
        reports.send()
        if !followed { return reload() }
        return .success(())
    }

    /// Applies one entry another replica committed; false when it is not the next one, or does
    /// not follow from this replica's state (the caller then loads everything again).
    private func applyCommitted(_ entry: ScopeHistoryEntry, in shared: inout Shared) -> Bool {
        let (next, overflow) = shared.position.addingReportingOverflow(1)
        guard !overflow, entry.position == next else { return false }
        let planned: PlannedChange?
        switch entry.change {
        case .category(let value, _):
            planned = plan(entry.scope, category: value.map { .set($0) } ?? .clear, legibilityWeight: .keep, in: shared, limited: false).0
        case .legibilityWeight(let value, _):
            planned = plan(entry.scope, category: .keep, legibilityWeight: value.map { .set($0) } ?? .clear, in: shared, limited: false).0
        case .textSpacing(let value, _):
            planned = plan(
                entry.scope, category: .keep, legibilityWeight: .keep, textSpacing: value.map { .set($0) } ?? .clear, in: shared,
                limited: false).0
        }
        guard let planned, planned.entries == [entry] else { return false }
        _ = apply(planned, to: entry.scope, in: &shared)
        return true
    }

    /// Loads the whole state again (after a gap in what this replica could read), keeps every
    /// subscriber on its scope and sends each a snapshot: it may have missed changes.
    private func reload() -> Result<Void, ChangeError> {
        guard let storage else { return .success(()) }
        let stored: StoredScopes
        do { stored = try storage.load() } catch {
            let reason = (error as? PreferenceStorageFailure)?.description ?? "\(error)"
            storeIsUnreachable(reason)
            return .failure(.unavailable(reason))
        }
        logger.warning("loaded the preferences again: another replica's changes could not be read one by one")
        let reports = shared.withLock { shared in
            var fresh = Self.state(from: stored)
            var pending = [shared.root]
            while let node = pending.popLast() {
                pending += node.children.values
                guard !node.subscribers.isEmpty else { continue }
                let target = Self.node(for: node.scope, in: &fresh)
                let snapshot = Array(PreferenceEvent.snapshot(fresh.answer(for: node.scope)).serverSentEvent.utf8)
                for (key, stream) in node.subscribers {
                    target.subscribers[key] = stream
                    stream.send(node.awaitingFirstEvent.contains(key) ? Self.retryLine + snapshot : snapshot)
                }
            }
            fresh.subscribers = shared.subscribers
            fresh.fontGeneration = shared.fontGeneration
            fresh.categoryWatches = shared.categoryWatches
            shared = fresh
            packedRoot.store(shared.root.preferences.packed, ordering: .releasing)
            return Self.categoryReports(in: &shared, madeBy: nil)
        }
        reports.send()
        return .success(())
    }

    /// What a resume from `lastEventID` needs first (docs/DESIGN.md §24): nothing, unless the id
    /// is newer than this replica has seen and other replicas share the storage. Then a catch-up
    /// — unless one begun after a request for that id ended within the last second (the request
    /// asked again) — or, with the storage unreachable, a refusal (the history it needs is not here).
    enum ResumeReadiness {
        case ready
        case catchUpFirst
        case unavailable(String)
    }

    func readiness(toResumeAfter lastEventID: String?) -> ResumeReadiness {
        guard storage is any SharedPreferenceStorage, let lastEventID, let number = Int(lastEventID),
              number > shared.withLock({ $0.sequence })
        else { return .ready }
        if let reason = unreachableReason { return .unavailable(reason) }
        let now = DispatchTime.now().uptimeNanoseconds
        return caughtUpFor.withLock { $0.contains { $0.id == number && now &- $0.at < 1_000_000_000 } } ? .ready : .catchUpFirst
    }

    /// Catches up on the store's queue for a resume from `lastEventID`, then calls `done` (from
    /// that queue). Every change up to that id was committed before the request came, so this
    /// catch-up, begun after it, has read them all: the request asked again is `.ready`.
    func catchUp(for lastEventID: String?, then done: @escaping @Sendable () -> Void) {
        queue.async {
            self.catchUp()
            if let number = lastEventID.flatMap({ Int($0) }) {
                let now = DispatchTime.now().uptimeNanoseconds
                self.caughtUpFor.withLock { recent in
                    recent.removeAll { now &- $0.at >= 1_000_000_000 }
                    if recent.count < 64 { recent.append((number, now)) }
                }
            }
            done()
        }
    }

    /// The store's health, as `/healthz` tells it: nil, or why the storage cannot be reached.
    var unreachableReason: String? { health.withLock { $0 } }

    /// Notes that the storage answered; logs once when it had not.
    private func storeIsReachable() {
        guard let was = health.withLock({ reason in defer { reason = nil }; return reason }) else { return }
        logger.notice("the preferences store is reachable again", metadata: ["was": "\(was)"])
    }

    /// Notes that the storage cannot be reached; logs once, not per request.
    private func storeIsUnreachable(_ reason: String) {
        let first = health.withLock { current in defer { current = reason }; return current == nil }
        if first { logger.warning("the preferences store is unreachable; changes are refused until it is back", metadata: ["reason": "\(reason)"]) }
    }

    /// A change worked out but not yet made: the scope's record after it and its history entries.
    private struct PlannedChange {
        var before: Preferences
        var record: ScopeRecord
        var entries: [ScopeHistoryEntry]
        var sequence: Int
        var position: Int
    }

    /// The change `scope` makes as things stand; `limited` false for a change another replica
    /// already committed (its `--max-scopes` let it in).
    private func plan(
        _ scope: PreferenceScope, category: Setting<ContentSizeCategory>, legibilityWeight: Setting<LegibilityWeight>,
        textSpacing: Setting<TextSpacing> = .keep, in shared: Shared, limited: Bool = true
    ) -> (PlannedChange?, ChangeError?) {
        let nearest = Self.nearestNode(to: scope, in: shared)
        let own = nearest.scope == scope ? nearest.record : ScopeRecord(scope: scope)
        // What the scope inherits: its parent's effective values (the root inherits nothing).
        let parent = scope.parent.map { Self.nearestNode(to: $0, in: shared) }
        var record = own
        record.category = category.applied(to: own.category)
        record.legibilityWeight = legibilityWeight.applied(to: own.legibilityWeight)
        record.textSpacing = textSpacing.applied(to: own.textSpacing)
        if limited, let reader = scope.segments.first, own.isEmpty, !record.isEmpty {
            if shared.scopeCount >= maximumScopes { return (nil, .scopeLimit(maximumScopes)) }
            if shared.readerScopeCounts[reader, default: 0] >= maximumScopesPerReader {
                return (nil, .readerScopeLimit(reader: String(reader), limit: maximumScopesPerReader))
            }
        }
        // A storage that was not range-checked as it was read may hold numbers near `Int.max`: past
        // the bound, no change is planned, so the three increments below cannot trap.
        guard shared.sequence <= Self.maximumSequence else {
            logger.error("change refused", metadata: ["sequence": "\(shared.sequence)"])
            return (nil, .sequenceExhausted(shared.sequence))
        }
        guard shared.position <= Self.maximumSequence else {
            logger.error("change refused", metadata: ["position": "\(shared.position)"])
            return (nil, .positionExhausted(shared.position))
        }
        var sequence = shared.sequence, position = shared.position
        var entries: [ScopeHistoryEntry] = []
        let inheritedCategory = parent?.category ?? (.default, 0)
        let inheritedWeight = parent?.legibilityWeight ?? (.regular, 0)
        let inheritedSpacing = parent?.textSpacing ?? (.default, 0)
        if let (entry, mark) = Self.entry(
            scope, own: own.category, after: record.category, mark: own.categoryMark, inherited: inheritedCategory,
            sequence: &sequence, position: &position, change: ScopeHistoryEntry.Change.category)
        {
            record.categoryMark = mark
            entries.append(entry)
        }
        if let (entry, mark) = Self.entry(
            scope, own: own.legibilityWeight, after: record.legibilityWeight, mark: own.legibilityWeightMark, inherited: inheritedWeight,
            sequence: &sequence, position: &position, change: ScopeHistoryEntry.Change.legibilityWeight)
        {
            record.legibilityWeightMark = mark
            entries.append(entry)
        }
        if let (entry, mark) = Self.entry(
            scope, own: own.textSpacing, after: record.textSpacing, mark: own.textSpacingMark, inherited: inheritedSpacing,
            sequence: &sequence, position: &position, change: ScopeHistoryEntry.Change.textSpacing)
        {
            record.textSpacingMark = mark
            entries.append(entry)
        }
        if sequence > Self.maximumSequence {
            logger.error("change refused", metadata: ["sequence": "\(shared.sequence)"])
            return (nil, .sequenceExhausted(shared.sequence))
        }
        if position > Self.maximumSequence {
            logger.error("change refused", metadata: ["position": "\(shared.position)"])
            return (nil, .positionExhausted(shared.position))
        }
        let before = nearest.answer(for: scope)
        return (PlannedChange(before: before, record: record, entries: entries, sequence: sequence, position: position), nil)
    }

    /// The history entry of one preference of `scope` going from its own value `own` to `after`
    /// (nil: inherited), and the preference's mark after it; nil when its own value stays. It is
    /// an event, with the next id, when the effective value changes; else it is silent, and the
    /// mark keeps the id of the newest change that had affected the scope.
    private static func entry<Value: Equatable>(
        _ scope: PreferenceScope, own: Value?, after: Value?, mark: Int, inherited: (value: Value, affected: Int),
        sequence: inout Int, position: inout Int, change: (Value?, Value?) -> ScopeHistoryEntry.Change
    ) -> (ScopeHistoryEntry, mark: Int)? {
        guard after != own else { return nil }
        let changesEffective = (own ?? inherited.value) != (after ?? inherited.value)
        let affectedBefore = own != nil ? mark : max(mark, inherited.affected)
        position += 1
        if changesEffective { sequence += 1 }
        let entry = ScopeHistoryEntry(
            position: position, sequence: sequence, isEvent: changesEffective, scope: scope, change: change(after, own))
        return (entry, changesEffective ? sequence : affectedBefore)
    }

    /// Makes a committed change current, keeps its history, and sends its events.
    private func apply(_ planned: PlannedChange, to scope: PreferenceScope, in shared: inout Shared) -> ChangeOutcome {
        guard !planned.entries.isEmpty else {
            return ChangeOutcome(before: planned.before, after: planned.before, events: [])
        }
        let node = Self.node(for: scope, in: &shared)
        // Each event is sent with the values just before and after it, so events go out one by one.
        var events: [ScopeHistoryEntry] = []
        for entry in planned.entries {
            let before = node.preferences
            switch entry.change {
            case .category(let value, _):
                node.record.category = value
                node.record.categoryMark = planned.record.categoryMark
            case .legibilityWeight(let value, _):
                node.record.legibilityWeight = value
                node.record.legibilityWeightMark = planned.record.legibilityWeightMark
            case .textSpacing(let value, _):
                node.record.textSpacing = value
                node.record.textSpacingMark = planned.record.textSpacingMark
            }
            node.history.append(entry)
            shared.window.append((entry.position, node))
            // Current before it is sent: a subscriber that asks at once must get the new answer.
            if scope.isRoot { packedRoot.store(node.preferences.packed, ordering: .releasing) }
            if entry.isEvent {
                events.append(entry)
                broadcast(entry, from: node, before: before, after: node.preferences, in: &shared)
            }
        }
        if !scope.isRoot {
            // A scope that inherited every preference had no value of its own.
            let inheritedAll = planned.before.inherited?.count == Self.preferenceCount
            if inheritedAll, !planned.record.isEmpty { shared.count(scope, by: 1) }
            if !inheritedAll, planned.record.isEmpty { shared.count(scope, by: -1) }
        }
        shared.sequence = planned.sequence
        shared.position = planned.position
        keepHistory(in: &shared, touched: node)
        Self.prune(node, in: &shared)
        // A PUT answers the preferences it changed, without the fonts' generation (GET /preferences has it).
        return ChangeOutcome(before: planned.before, after: Self.nearestNode(to: scope, in: shared).answer(for: scope), events: events)
    }

    /// Sends `entry` to the subscribers of `node` and of every scope below it that follows it.
    private func broadcast(_ entry: ScopeHistoryEntry, from node: ScopeNode, before: ReaderPreferences, after: ReaderPreferences, in shared: inout Shared) {
        let event = Self.event(entry, before: before, after: after, for: .root)
        // Every follower's event is the root form with its scope spliced in first (`{"scope":"…",` +
        // the rest), so a change reaching many scopes is encoded once.
        let data = Array(event.data.utf8)
        let head = Array("id: \(entry.sequence)\nevent: \(event.name)\ndata: ".utf8)
        let rootBytes = head + data + Array("\n\n".utf8)
        // `head {"scope":"` + path + `",` + the rest of the root's data and the blank line.
        let scopedHead = head + Array(#"{"scope":""#.utf8)
        let scopedTail = Array(#"","#.utf8) + data.dropFirst() + Array("\n\n".utf8)
        for follower in node.followers(of: entry.change) where !follower.subscribers.isEmpty {
            var bytes: [UInt8]
            if follower.scope.isRoot {
                bytes = rootBytes
            } else {
                // One allocation per scope: this runs under the lock, once per scope reached.
                let path = follower.scope.path.utf8
                bytes = []
                bytes.reserveCapacity(scopedHead.count + path.count + scopedTail.count)
                bytes.append(contentsOf: scopedHead)
                bytes.append(contentsOf: path)
                bytes.append(contentsOf: scopedTail)
            }
            for (key, stream) in follower.subscribers {
                stream.send(follower.awaitingFirstEvent.remove(key) == nil ? bytes : Self.retryLine + bytes)
            }
        }
    }

    /// The event `entry` makes for a subscriber of `scope` whose effective values went from `before` to `after`.
    static func event(_ entry: ScopeHistoryEntry, before: ReaderPreferences, after: ReaderPreferences, for scope: PreferenceScope) -> PreferenceEvent {
        let name = scope.isRoot ? nil : scope.path
        return switch entry.change {
        case .category:
            .categoryChanged(CategoryChange(scope: name, category: after.category, previous: before.category, sequence: entry.sequence))
        case .legibilityWeight:
            .legibilityWeightChanged(LegibilityWeightChange(
                scope: name, legibilityWeight: after.legibilityWeight, previous: before.legibilityWeight, sequence: entry.sequence))
        case .textSpacing:
            .textSpacingChanged(TextSpacingChange(
                scope: name, textSpacing: after.textSpacing, previous: before.textSpacing, sequence: entry.sequence))
        }
    }

    /// Drops what the retention no longer keeps: entries out of the store's window, unless
    /// among the newest `perScope` of a scope with a value of its own, and the oldest of those
    /// past the window once there are more than `window` of them.
    private func keepHistory(in shared: inout Shared, touched: ScopeNode) {
        while shared.window.count > retention.window, let (position, node) = shared.window.removeFirst() {
            Self.drop(through: position, of: node, keeping: node.record.isEmpty && node.parent != nil ? 0 : retention.perScope, in: &shared)
            if let oldest = node.history.first, oldest.position <= position { shared.beyondWindow.append((position, node)) }
        }
        while shared.beyondWindow.count > retention.window, let (position, node) = shared.beyondWindow.removeFirst() {
            Self.drop(through: position, of: node, keeping: 0, in: &shared)
        }
        // `plan` keeps positions below `Int.max`; saturated all the same, as no stored number may trap.
        let windowStart = shared.window.first?.position ?? Self.successor(of: shared.position)
        if let oldest = touched.history.first, oldest.position < windowStart, touched.history.count > retention.perScope {
            Self.drop(through: windowStart - 1, of: touched, keeping: retention.perScope, in: &shared)
        }
    }

    /// Drops `node`'s entries at `position` and before, as long as more than `keeping` remain.
    private static func drop(through position: Int, of node: ScopeNode, keeping: Int, in shared: inout Shared) {
        var dropped: ScopeHistoryEntry?
        while node.history.count > keeping, let oldest = node.history.first, oldest.position <= position {
            dropped = node.history.removeFirst()
        }
        guard let dropped else { return }
        // A silent entry sits after the event whose id it carries: a replay from that id needs it.
        let replayableFrom = dropped.isEvent ? dropped.sequence : successor(of: dropped.sequence)
        shared.droppedThrough[node.scope] = max(shared.droppedThrough[node.scope] ?? 0, replayableFrom)
        shared.pendingDrops.append(ScopeCommit.Drop(scope: node.scope, throughPosition: dropped.position, throughSequence: replayableFrom))
        prune(node, in: &shared)
    }

    /// `number + 1`, or `Int.max` for `Int.max`: a stored number the storage did not check cannot trap.
    private static func successor(of number: Int) -> Int {
        let (next, overflow) = number.addingReportingOverflow(1)
        return overflow ? .max : next
    }

    /// Starts `stream` with `scope`'s changes after `lastEventID` or a snapshot, `retry:` in the
    /// first event's block, and registers it for live changes — atomically with respect to changes.
    func subscribe(_ stream: HTTPStream, to scope: PreferenceScope, lastEventID: String?) {
        let key = ObjectIdentifier(stream)
        let node = shared.withLock { shared in
            let node = Self.node(for: scope, in: &shared)
            var bytes: [UInt8]
            if let lastEventID, let number = Int(lastEventID), let missed = Self.replay(of: node, after: number, in: shared) {
                bytes = missed
            } else {
                bytes = Array(PreferenceEvent.snapshot(shared.answer(for: scope)).serverSentEvent.utf8)
            }
            // A subscriber that was away may have missed a change of the fonts: a resumed stream
            // begins with the current generation (docs/DESIGN.md §25).
            if lastEventID != nil, !shared.fontGeneration.isEmpty {
                bytes = Array(PreferenceEvent.fontsChanged(FontsChange(fontGeneration: shared.fontGeneration)).serverSentEvent.utf8) + bytes
            }
            if bytes.isEmpty {
                node.awaitingFirstEvent.insert(key)
            } else {
                stream.send(Self.retryLine + bytes)
            }
            node.subscribers[key] = stream
            shared.subscribers[key] = stream
            return node
        }
        stream.onEnd { [weak self] _ in
            self?.shared.withLock { shared in
                // The tree may have been loaded again since (`reload`): the scope's node now.
                let current = Self.nearestNode(to: scope, in: shared)
                for holder in [node, current] {
                    holder.subscribers.removeValue(forKey: key)
                    holder.awaitingFirstEvent.remove(key)
                }
                shared.subscribers.removeValue(forKey: key)
                Self.prune(current, in: &shared)
            }
        }
    }

    /// The events `node`'s subscribers had after `lastEventID`, oldest first; nil when they
    /// cannot all be told (an id from the future, or entries of its lineage no longer kept).
    ///
    /// The lineage's own values are taken back to where they stood at `lastEventID` by undoing
    /// its entries after it, newest first; then the entries are replayed, and each that changed
    /// the scope's effective value is an event.
    private static func replay(of node: ScopeNode, after lastEventID: Int, in shared: Shared) -> [UInt8]? {
        guard lastEventID >= 0, lastEventID <= shared.sequence else { return nil }
        var lineage: [ScopeNode] = []
        var next: ScopeNode? = node
        while let current = next {
            lineage.insert(current, at: 0)
            next = current.parent
        }
        for member in lineage where (shared.droppedThrough[member.scope] ?? 0) > lastEventID { return nil }
        // Entries after the id: events after it, and silent entries made after event `lastEventID` itself.
        var entries: [(level: Int, entry: ScopeHistoryEntry)] = []
        for (level, member) in lineage.enumerated() {
            for entry in member.history.elements.reversed() {
                guard entry.sequence > lastEventID || (entry.sequence == lastEventID && !entry.isEvent) else { break }
                entries.append((level, entry))
            }
        }
        guard !entries.isEmpty else { return [] }
        entries.sort { $0.entry.position < $1.entry.position }
        var categories = lineage.map(\.record.category)
        var weights = lineage.map(\.record.legibilityWeight)
        var spacings = lineage.map(\.record.textSpacing)
        for (level, entry) in entries.reversed() {
            switch entry.change {
            case .category(_, let previous): categories[level] = previous
            case .legibilityWeight(_, let previous): weights[level] = previous
            case .textSpacing(_, let previous): spacings[level] = previous
            }
        }
        func effective() -> ReaderPreferences {
            ReaderPreferences(
                category: categories.last { $0 != nil }.flatMap { $0 } ?? .default,
                legibilityWeight: weights.last { $0 != nil }.flatMap { $0 } ?? .regular,
                textSpacing: spacings.last { $0 != nil }.flatMap { $0 } ?? .default)
        }
        var bytes: [UInt8] = []
        for (level, entry) in entries {
            let before = effective()
            switch entry.change {
            case .category(let value, _): categories[level] = value
            case .legibilityWeight(let value, _): weights[level] = value
            case .textSpacing(let value, _): spacings[level] = value
            }
            let after = effective()
            if entry.isEvent, before != after {
                bytes += Array(event(entry, before: before, after: after, for: node.scope).serverSentEvent.utf8)
            }
        }
        return bytes
    }

    /// The node of `scope`, or of its nearest ancestor that has one (whose values it inherits).
    fileprivate static func nearestNode(to scope: PreferenceScope, in shared: Shared) -> ScopeNode {
        var node = shared.root
        for segment in scope.segments {
            guard let child = node.children[segment] else { break }
            node = child
        }
        return node
    }

    /// The node of `scope`, made (with any missing ancestors) if there is none.
    private static func node(for scope: PreferenceScope, in shared: inout Shared) -> ScopeNode {
        var node = shared.root
        var path = PreferenceScope.root
        for segment in scope.segments {
            // The scope was checked as a whole, so each of its prefixes is a scope too.
            path = (try? path.child(String(segment))) ?? scope
            if let child = node.children[segment] {
                node = child
            } else {
                let child = ScopeNode(scope: path, parent: node)
                node.children[segment] = child
                node = child
            }
        }
        return node
    }

    /// Removes `node`, and then each ancestor, while nothing keeps it.
    private static func prune(_ node: ScopeNode, in shared: inout Shared) {
        var current = node
        while current.isUnused, let parent = current.parent, let segment = current.scope.segments.last {
            parent.children.removeValue(forKey: segment)
            current = parent
        }
    }
}
