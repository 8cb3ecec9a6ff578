import Dispatch
import DynamicType
import Logging

extension ScopeHub {
    /// Follows a storage other replicas share (docs/DESIGN.md §24 (Replicas on PostgreSQL)): a catch-up on each of their
    /// commits, and the storage's own word on whether it can be reached.
    func watchStorage() {
        guard let storage, storage.isShared else { return }
        storage.watch { [weak self] in self?.scheduleCatchUp() }
        // Without it, nothing but a failed call would find the storage gone: with no writes,
        // /healthz would say ok through an outage.
        storage.watchReachability { [weak self] reason in
            guard let self else { return }
            state.withLock { $0.storageSaysUnreachable = reason != nil }
            guard let reason else {
                storeIsReachable()
                // For any catch-up passed over meanwhile (one connection may have heard a
                // notification while another was lost).
                return scheduleCatchUp()
            }
            storeIsUnreachable(reason)
        }
    }

    /// Queues a catch-up, unless one is queued already: notifications come in bursts, and one
    /// catch-up reads them all. One that finds the storage unreachable is tried again a second
    /// later, and so on until it is back. While the storage itself says it is away, none is
    /// tried (each would hold the queue, and the changes behind it, for the storage's timeout).
    func scheduleCatchUp(after seconds: Double = 0) {
        let queued = state.withLock { state in
            defer { state.catchUpQueued = true }
            return state.catchUpQueued
        }
        guard !queued else { return }
        queue.asyncAfter(deadline: .now() + seconds) { [weak self] in
            guard let self else { return }
            let storageSaysUnreachable = state.withLock { state in
                state.catchUpQueued = false
                return state.storageSaysUnreachable
            }
            guard !storageSaysUnreachable else { return }
            if case .failure(.unavailable) = catchUp() { scheduleCatchUp(after: 1) }
        }
    }

    /// Applies what other replicas committed since this one's newest position, in order, sending
    /// each event to this replica's subscribers as if the change were made here. Runs on the
    /// queue. When entries are missing (dropped before this replica read them) or do not follow
    /// from this replica's tree, everything is loaded again and every subscriber gets a snapshot.
    @discardableResult
    public func catchUp() -> Result<Void, ChangeRefusal> {
        guard let storage, storage.isShared else { return .success(()) }
        let entries: [ScopeHistoryEntry]
        do {
            entries = try storage.entries(after: state.withLock { $0.tree.position })
        } catch {
            return .failure(unreachable(error))
        }
        storeIsReachable()
        let (followed, reports) = state.withLock { state in
            var texts = state.freeTexts
            defer { state.freeTexts = texts }
            return (
                entries.allSatisfy { state.tree.applyCommitted($0) { publishRoot($0, texts: &texts) } },
                state.watches.reports(in: state.tree, madeBy: nil)
            )
        }
        reports.send()
        return followed ? .success(()) : reload()
    }

    /// Loads everything again (after a gap in what this replica could read), keeps every
    /// subscriber on its scope and sends each a snapshot: it may have missed changes.
    private func reload() -> Result<Void, ChangeRefusal> {
        guard let storage else { return .success(()) }
        let stored: StoredScopes
        do { stored = try storage.load() } catch { return .failure(unreachable(error)) }
        logger.warning("loaded the preferences again: another replica's changes could not be read one by one")
        let reports = state.withLock { state in
            var fresh = ScopeTree(stored: stored, retention: state.tree.retention, limits: state.tree.limits)
            fresh.adoptSubscribers(of: state.tree)
            state.tree = fresh
            publishRoot(fresh.preferences(of: .root), texts: &state.freeTexts)
            return state.watches.reports(in: state.tree, madeBy: nil)
        }
        reports.send()
        return .success(())
    }

    /// `error` from the storage as the refusal it makes, noted as the store's health.
    private func unreachable(_ error: any Error) -> ChangeRefusal {
        let reason = PreferenceStorageFailure(error)?.description ?? "\(error)"
        storeIsUnreachable(reason)
        return .unavailable(reason)
    }

    /// What a resume from `lastEventID` needs first (docs/DESIGN.md §24 (Replicas on PostgreSQL)): nothing, unless the id
    /// is newer than this replica has seen and other replicas share the storage. Then a catch-up
    /// — unless one begun after a request for that id ended within the last second (the request
    /// asked again) — or, with the storage unreachable, a refusal (the history it needs is not here).
    public enum ResumeReadiness: Sendable {
        case ready
        case catchUpFirst
        case unavailable(String)
    }

    public func readiness(toResumeAfter lastEventID: String?) -> ResumeReadiness {
        guard storage?.isShared == true, let lastEventID, let number = Int(lastEventID),
            number > state.withLock({ $0.tree.sequence })
        else { return .ready }
        if let reason = unreachableReason { return .unavailable(reason) }
        let now = DispatchTime.now().uptimeNanoseconds
        return state.withLock { $0.caughtUpFor.contains { $0.id == number && now &- $0.at < 1_000_000_000 } } ? .ready : .catchUpFirst
    }

    /// Catches up on the queue for a resume from `lastEventID`, then calls `done` (from the
    /// queue). Every change up to that id was committed before the request came, so this
    /// catch-up, begun after it, has read them all: the request asked again is `.ready`.
    public func catchUp(for lastEventID: String?, then done: @escaping @Sendable () -> Void) {
        queue.async {
            self.catchUp()
            if let number = lastEventID.flatMap({ Int($0) }) {
                let now = DispatchTime.now().uptimeNanoseconds
                self.state.withLock { state in
                    state.caughtUpFor.removeAll { now &- $0.at >= 1_000_000_000 }
                    if state.caughtUpFor.count < 64 { state.caughtUpFor.append((number, now)) }
                }
            }
            done()
        }
    }
}
