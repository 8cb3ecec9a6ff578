extension RawRepresentable where RawValue == String {
    /// The value a row holds as its raw value (`xl`, `bold`; §3 (Vocabulary)), NULL being nil (inherited).
    ///
    /// - Throws: `.damaged` saying where (`place`) for a raw value this version does not know:
    ///   the row was not written by fontd.
    static func stored(_ raw: String?, path: String, in place: @autoclosure () -> String) throws(SQLiteStoreError) -> Self? {
        guard let raw else { return nil }
        guard let value = Self(rawValue: raw) else { throw .damaged(path, reason: "\(place()) holds '\(raw)', which fontd does not know") }
        return value
    }
}
