import GRDB

extension SQLiteStoreError {
    /// The store's error for what a database access threw: the store's own errors pass through,
    /// SQLite's result codes are sorted into the cases a person acts on differently.
    static func from(_ error: any Error, path: String) -> SQLiteStoreError {
        if let error = error as? SQLiteStoreError { return error }
        guard let error = error as? DatabaseError else { return .sqlite(path, reason: "\(error)") }
        let reason = error.message ?? "\(error.resultCode)"
        switch error.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT, .SQLITE_FORMAT:
            return .damaged(path, reason: reason)
        case .SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_FULL, .SQLITE_IOERR:
            return .unwritable(path, reason: reason)
        default:
            return .sqlite(path, reason: reason)
        }
    }
}
