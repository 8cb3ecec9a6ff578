import DynamicType

/// A request reduced to what decides its answer: the cache key of docs/DESIGN.md §16.
///
/// Values are canonical — traits are a set, categories and styles are the table's
/// spelling, numbers are numbers — so `traits=italic,bold` and `traits=bold,italic`, or
/// `category=extraLarge` and `category=xl`, share one entry. Omitted preferences are
/// filled in with the reader's current ones, so changing them needs no invalidation.
struct AnswerKey: Hashable, Sendable {
    /// What is asked, with effective values.
    enum Subject: Hashable, Sendable {
        case font(FontRequest)
        /// Every style of the table; the template's `style` is unused.
        case fonts(template: FontRequest)
        case scale(style: TextStyle, category: ContentSizeCategory, value: Double)
        case faces(family: String?)
        case styles
        case categories
        case healthz
    }

    var subject: Subject
    /// The request left out a preference the answer depends on: the answer carries
    /// `Cache-Control: no-cache`, and is only good while the preferences stay the same.
    var followsPreferences: Bool
}
