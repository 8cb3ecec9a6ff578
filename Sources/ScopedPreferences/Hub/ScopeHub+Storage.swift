import Dispatch
import DynamicType
import Logging

extension ScopeHub {
    /// Keeps `plan` in `storage` with the drops the tree has yet to make: true once kept, false
    /// when another replica committed first and this one caught up (plan again), or why not.
    func commit(_ plan: ScopeTree.Plan, to storage: any PreferenceStorage, attempt: Int) -> Result<Bool, ChangeRefusal> {
        let drops = state.withLock { $0.tree.pendingDrops }
        do {
            try storage.commit(plan.commit(dropping: drops))
            storeIsReachable()
        } catch {
            switch PreferenceStorageFailure(error) {
            case .behind? where attempt < Self.commitAttempts:
                if case .failure(let error) = catchUp() { return .failure(error) }
                return .success(false)
            case .unavailable(let reason)?:
                storeIsUnreachable(reason)
                // A catch-up tried until it answers says when the storage is back, and brings in
                // this change should it have been committed after all.
                scheduleCatchUp(after: 1)
                return .failure(.unavailable(reason))
            case .refusing(let reason)?:
                // Said in the log and by /healthz once, until a change is taken again.
                storeIsUnreachable(reason)
                return .failure(.refused(reason))
            default:
                logger.error("could not store the change", metadata: ["scope": "\(plan.scope)", "error": "\(error)"])
                return .failure(.notWritten("\(error)"))
            }
        }
        state.withLock { $0.tree.pendingDrops.removeFirst(min(drops.count, $0.tree.pendingDrops.count)) }
        return .success(true)
    }

    /// The store's health, as `/healthz` tells it: nil, or why the storage cannot be reached.
    public var unreachableReason: String? { state.withLock { $0.health } }

    /// Notes that the storage answered; logs once when it had not.
    func storeIsReachable() {
        guard
            let was = state.withLock({ state in
                defer { state.health = nil }
                return state.health
            })
        else { return }
        logger.notice("the preferences store is reachable again", metadata: ["was": "\(was)"])
    }

    /// Notes that the storage cannot be reached; logs once, not per request.
    func storeIsUnreachable(_ reason: String) {
        let first = state.withLock { state in
            defer { state.health = reason }
            return state.health == nil
        }
        if first {
            logger.warning("the preferences store is unreachable; changes are refused until it is back", metadata: ["reason": "\(reason)"])
        }
    }
}
