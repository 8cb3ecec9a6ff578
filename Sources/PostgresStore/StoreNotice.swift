/// What a replica hears on `LISTEN fontd` (docs/DESIGN.md §24 (Replicas on PostgreSQL)): another replica's commit, by the
/// position it reached, or a revocation of scoped tokens kept.
public enum StoreNotice: Sendable, Equatable {
    /// A commit reached this position (also sent with the store's position on each (re)connection).
    case position(Int)
    /// The revocations changed (also sent on each (re)connection): read them again.
    case revocations

    /// The `NOTIFY fontd` payload of a revocation; a commit's is its position, a number.
    static let revocationsPayload = "revocations"
}
