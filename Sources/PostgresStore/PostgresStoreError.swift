/// Why the PostgreSQL store could not be opened, read or changed; each description says what to
/// do, and none ever holds the connection URL's password.
///
/// A refused commit leaves the database as it was: its transaction is rolled back. `.unavailable`
/// means the database could not be reached or did not answer in time: for a commit, that it is
/// not known to be kept (the service answers 503 and the client retries).
public enum PostgresStoreError: Error, Equatable, CustomStringConvertible {
    /// The `--store` URL is not one the store can use; `reason` says what is wrong with it.
    case invalidURL(String)
    /// The server is unreachable, went away, or did not answer within the store's timeout.
    case unavailable(String)
    /// The server refused the user's password (or the user): `server` is `user@host:port/database`.
    case authenticationFailed(server: String, reason: String)
    /// The database the URL names does not exist on the server.
    case noSuchDatabase(String)
    /// The database holds tables named like fontd's that fontd did not make, or rows it would not write.
    case damaged(String)
    /// The database was set up by a newer fontd, whose schema this one does not know.
    case newerSchema(version: Int, known: Int)
    /// A commit whose history entry is not at the position after the stored one (or the entry
    /// before it): another replica committed first, so catch up and plan again.
    case positionOutOfOrder(expected: Int, got: Int)
    /// A commit whose sequence is lower than the stored one: the store's sequence never goes back.
    case sequenceBehind(stored: Int, got: Int)
    /// A commit that does not hold together (a root value cleared, an entry beyond the commit's sequence).
    case invalidCommit(String)
    /// The store was used after `close()`.
    case closed
    /// PostgreSQL refused a statement in a way none of the other cases describes.
    case postgres(String)

    public var description: String {
        switch self {
        case .invalidURL(let reason):
            "the PostgreSQL store URL is unusable: \(reason). Give --store as postgres://USER:PASSWORD@HOST:PORT/DATABASE?sslmode=MODE"
        case .unavailable(let reason):
            "the PostgreSQL store is unavailable: \(reason). Check that the server is running and reachable (a running fontd keeps trying)"
        case .authenticationFailed(let server, let reason):
            "PostgreSQL refused the login \(server): \(reason). Check the user and password in --store"
        case .noSuchDatabase(let name):
            "the PostgreSQL database \(name) does not exist; create it (createdb \(name)) or name another in --store"
        case .damaged(let reason):
            "the PostgreSQL store is unusable: \(reason). fontd never resets it; give another database in --store, or restore it from a backup"
        case .newerSchema(let version, let known):
            "the PostgreSQL store was set up by a newer fontd (schema \(version); this one knows up to \(known)); run that version, or give another database"
        case .positionOutOfOrder(let expected, let got):
            "the commit was refused: its history entry at position \(got) does not follow on; the next position is \(expected)"
        case .sequenceBehind(let stored, let got):
            "the commit was refused: its sequence \(got) is lower than the store's \(stored)"
        case .invalidCommit(let reason):
            "the commit was refused: \(reason)"
        case .closed:
            "the PostgreSQL store was closed; open it again"
        case .postgres(let reason):
            "PostgreSQL failed on the store: \(reason)"
        }
    }
}
