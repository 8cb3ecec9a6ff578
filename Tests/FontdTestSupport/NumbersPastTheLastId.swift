/// Statements that put a number past what ids and positions stop at into a store's tables
/// (SQLite's and PostgreSQL's are alike), as a person editing it by hand would, each with the
/// field the refusal names (docs/DESIGN.md §12 (The store and the state file)). They expect a store
/// holding one root change.
public enum NumbersPastTheLastId {
    /// The value every statement writes: `Int.max`, where the next `+ 1` trapped.
    public static let value = "9223372036854775807"

    public static let edits: [(sql: String, field: String)] = [
        ("UPDATE preferences SET sequence = \(value)", "preferences.sequence (the root scope)"),
        ("UPDATE preferences SET position = \(value)", "preferences.position (the root scope)"),
        ("UPDATE preferences SET category_mark = \(value)", "preferences.category_mark (the root scope)"),
        ("UPDATE history SET sequence = \(value)", "history.sequence (the root scope)"),
    ]
}
