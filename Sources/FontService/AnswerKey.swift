/// A request reduced to what decides its answer: the cache key of docs/DESIGN.md §16 (The answer cache).
///
/// The subject is canonical — traits are a set, categories and styles are the table's
/// spelling, numbers are numbers — so `traits=italic,bold` and `traits=bold,italic`, or
/// `category=extraLarge` and `category=xl`, share one entry. Omitted preferences are
/// filled in with the reader's current ones, so changing them needs no invalidation.
struct AnswerKey: Hashable, Sendable {
    /// A route's canonical form of a request, whatever its type.
    struct Subject: Hashable, @unchecked Sendable {
        // Sendable: built only from `Sendable` values (the initializer's constraint).
        let value: AnyHashable

        init(_ value: some Hashable & Sendable) {
            self.value = AnyHashable(value)
        }
    }

    /// The route's path: two routes' subjects never meet.
    var path: String
    /// What is asked, with effective values.
    var subject: Subject
    /// The request left out a preference the answer depends on: the answer carries
    /// `Cache-Control: no-cache`, and is only good while the preferences stay the same.
    var followsPreferences: Bool
}
