import DynamicType

/// The reader's current choices that answers follow when a request leaves them out.
///
/// Fixed at `l` / `regular` for now; `PUT /preferences` will change them. They live in
/// `ServiceState`, behind the service's one lock.
struct ReaderPreferences: Hashable, Sendable {
    var category: ContentSizeCategory
    var legibilityWeight: LegibilityWeight

    /// Where a reader starts (DESIGN §4: no state file → `l` / `regular`).
    static let initial = ReaderPreferences(category: .default, legibilityWeight: .regular)
}
