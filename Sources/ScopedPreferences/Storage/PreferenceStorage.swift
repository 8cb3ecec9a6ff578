import DynamicType

/// Where the scopes' preferences and their history are kept between runs (docs/DESIGN.md §12 (The store and the state file)):
/// an SQLite database, the state file of old (the root scope only; §12 (The store and the state file)), PostgreSQL shared by
/// several replicas. `FontService` is given one and never knows which.
///
/// The service calls it from its preferences queue only, one call at a time, never from an event loop.
public protocol PreferenceStorage: AnyObject, Sendable {
    /// Every scope with a value of its own, the store's sequence and the kept history, as the service starts.
    func load() throws -> StoredScopes

    /// Keeps `commit` durably (committed and on disk) before it is acknowledged or announced;
    /// on a throw nothing of it is kept. A storage that other writers share throws
    /// `PreferenceStorageFailure.behind` when one of them committed first (the commit's first
    /// position is not the next one), `.unavailable` when it cannot be reached, and `.refusing`
    /// when it is there but takes no change for now (a full disk).
    func commit(_ commit: ScopeCommit) throws

    /// Every revocation of scoped tokens kept (docs/DESIGN.md §23 (Reader scopes and scoped tokens)), at most one per scope.
    func revocations() throws -> [TokenRevocation]

    /// Keeps `revocation` durably, or a later one already kept for its scope; throws
    /// `PreferenceStorageFailure.revocationsNotKept` when the storage keeps none.
    func revoke(_ revocation: TokenRevocation) throws

    /// Whether other fontd replicas commit to this storage too (docs/DESIGN.md §24 (Replicas on PostgreSQL)): then the
    /// service reads what they committed (`entries(after:)`), follows their commits (`watch`), and asks the
    /// storage before answering that a change is no change. False for a storage only this process writes.
    var isShared: Bool { get }

    /// The kept entries after `position`, by position: what other replicas committed since.
    func entries(after position: Int) throws -> [ScopeHistoryEntry]

    /// Calls `changed` whenever another writer may have committed: on each of their commits, and
    /// after the storage is reachable again. Called once, before the service serves.
    func watch(_ changed: @escaping @Sendable () -> Void)

    /// Calls `changed` whenever another writer may have kept a revocation, and after the storage
    /// is reachable again. Called once, before the service serves.
    func watchRevocations(_ changed: @escaping @Sendable () -> Void)

    /// Calls `changed` with why the storage cannot be reached each time it stops being
    /// reachable, and with nil each time it is back, as the storage finds it without being asked
    /// (`/healthz` follows it; docs/DESIGN.md §24 (Replicas on PostgreSQL)). Called once, before
    /// the service serves; `changed` may be called at once, and from any thread.
    func watchReachability(_ changed: @escaping @Sendable (_ unreachableReason: String?) -> Void)
}

extension PreferenceStorage {
    /// None: a storage that keeps no revocations has none.
    public func revocations() throws -> [TokenRevocation] { [] }

    /// Refused: this storage keeps no revocations.
    public func revoke(_ revocation: TokenRevocation) throws {
        throw PreferenceStorageFailure.revocationsNotKept("this storage (\(Self.self)) keeps no revocations")
    }

    /// Not shared: only this process writes it.
    public var isShared: Bool { false }

    /// None: nobody else writes this storage.
    public func entries(after position: Int) throws -> [ScopeHistoryEntry] { [] }

    /// Never: nobody else commits to this storage.
    public func watch(_ changed: @escaping @Sendable () -> Void) {}

    /// Never: a storage that keeps no revocations, or that nobody else writes, has none to announce.
    public func watchRevocations(_ changed: @escaping @Sendable () -> Void) {}

    /// Never: a storage that does not watch its own reachability is found unreachable by the
    /// calls that fail.
    public func watchReachability(_ changed: @escaping @Sendable (_ unreachableReason: String?) -> Void) {}
}

/// A storage's own error that says, where it means one, which of the service's failures it is:
/// the SQLite and PostgreSQL stores throw their own errors and conform to the storage protocols
/// directly, with no adapter between them and the service.
public protocol StorageFailureReporting: Error {
    /// What this error means to the service; nil for an error of the storage's own (the change
    /// is not written: a 500).
    var storageFailure: PreferenceStorageFailure? { get }
}

/// Why a storage did not take a commit, in the terms the service acts on.
public enum PreferenceStorageFailure: Error, Sendable, CustomStringConvertible {
    /// Another writer committed first: the storage's newest position is past the commit's start.
    /// The service catches up and plans the change again.
    case behind(storedPosition: Int)
    /// The storage cannot be reached; `reason` says why (never a password). Nothing is known to
    /// be committed.
    case unavailable(String)
    /// The storage is there but takes no change for now, and nothing of this one was kept: its
    /// disk is full, its write-ahead log was removed (docs/DESIGN.md §12 (The store and the state file)). `reason` is the
    /// sentence for the writer, which says what brings it back.
    case refusing(String)
    /// The storage keeps no revocations of scoped tokens (the state file, §12 (The store and the state file)); `reason` says which.
    case revocationsNotKept(String)

    /// What `error`, thrown by a storage, means to the service: itself, what a storage's own error
    /// says it is, or nil for any other error.
    public init?(_ error: any Error) {
        if let failure = error as? PreferenceStorageFailure {
            self = failure
        } else if let failure = (error as? any StorageFailureReporting)?.storageFailure {
            self = failure
        } else {
            return nil
        }
    }

    /// The sentence for a change refused because the disk holding `path` is full, whichever the storage.
    public static func diskFull(holding path: String) -> String {
        "the disk holding \(path) is full: the change was not made. Free space on it; changes are taken again as soon as there is room, without a restart"
    }

    public var description: String {
        switch self {
        case .revocationsNotKept(let reason):
            "tokens cannot be revoked: \(reason); use the SQLite or PostgreSQL store (fontd serve --store)"
        case .behind(let position): "another replica committed first (the store is at position \(position))"
        case .unavailable(let reason): "the store is unreachable (\(reason))"
        case .refusing(let reason): reason
        }
    }
}
