import GRDB

#if canImport(Glibc)
    import Glibc
#endif

extension SQLiteStoreError {
    /// The store's error for what a database access threw: the store's own errors pass through,
    /// SQLite's result codes are sorted into the cases a person acts on differently.
    ///
    /// - Parameter systemErrno: `sqlite3_system_errno` after the failure, which tells a full
    ///   disk (`ENOSPC`, `EDQUOT`) among I/O errors; 0 when unknown.
    static func from(_ error: any Error, path: String, systemErrno: Int32 = 0) -> SQLiteStoreError {
        if let error = error as? SQLiteStoreError { return error }
        guard let error = error as? DatabaseError else { return .sqlite(path, reason: "\(error)") }
        if isDiskFull(error, systemErrno: systemErrno) { return .diskFull(path) }
        let reason = error.message ?? "\(error.resultCode)"
        switch error.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT, .SQLITE_FORMAT:
            return .damaged(path, reason: reason)
        case .SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_IOERR:
            return .unwritable(path, reason: reason)
        default:
            return .sqlite(path, reason: reason)
        }
    }

    /// Whether `error` says the disk is full: `SQLITE_FULL` (a short write), or an I/O error
    /// whose errno is `ENOSPC` or `EDQUOT` (an fsync, a truncate, the shared-memory index).
    static func isDiskFull(_ error: any Error, systemErrno: Int32) -> Bool {
        if case .diskFull? = error as? SQLiteStoreError { return true }
        guard let error = error as? DatabaseError else { return false }
        switch error.resultCode {
        case .SQLITE_FULL: return true
        case .SQLITE_IOERR: return systemErrno == ENOSPC || systemErrno == EDQUOT
        default: return false
        }
    }
}
