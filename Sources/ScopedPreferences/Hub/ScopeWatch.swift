import DynamicType

/// Follows one scope's effective preferences — every one of them — and reports each change, made
/// however it was made (a PUT, the bus, another replica caught up, a reload, a desktop bridge,
/// this watch's own `set`), telling the changes it made itself from all others.
///
/// What a front door other than HTTP announces changes from (the session bus, docs/DESIGN.md §27 (The session
/// bus)), and what keeps a setting outside fontd in step with a scope both ways (the desktop bridge,
/// docs/DESIGN.md §26 (The desktop bridge)): a bridge follows `Change.movesCategory`, the effective category
/// clamped into the bounds of the scope and its ancestors (docs/DESIGN.md §30 (KDE Plasma, X11, and per-target
/// limits)), so a bound set or cleared on the scope or any ancestor is a change as much as a new category is.
///
/// Changes are reported on the hub's queue, one at a time, in the order they were applied, once
/// each is committed and sent to the scope's subscribers. A handler must return quickly: it holds
/// up every change.
public final class ScopeWatch: Sendable {
    /// A change of the watched scope's effective preferences.
    public struct Change: Sendable, Hashable {
        /// The scope's preferences after it, as `GET /preferences` answers them (the change's id,
        /// the fonts' generation).
        public var answer: Preferences
        /// The effective preferences before it.
        public var previous: PerPreference<String>
        /// Whether the watch it was reported to made it (its `set`).
        public var isOwn: Bool

        public init(answer: Preferences, previous: PerPreference<String>, isOwn: Bool) {
            self.answer = answer
            self.previous = previous
            self.isOwn = isOwn
        }

        /// The effective preferences after it.
        public var preferences: PerPreference<String> { PerPreference(answer) }

        /// The effective category after the change, clamped into the scope's bounds.
        public var category: ContentSizeCategory { answer.category }

        /// The effective category before the change, clamped likewise.
        public var previousCategory: ContentSizeCategory { previous.clampedCategory }

        /// Whether the change moved the effective (clamped) category.
        public var movesCategory: Bool { category != previousCategory }
    }

    /// Why `set` changed nothing: the store could not keep the change, or the scope limit was reached.
    public struct SetFailure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The scope whose preferences are followed.
    public let scope: PreferenceScope
    private let hub: ScopeHub

    /// Reports every later change of `scope`'s effective preferences to `report`, on `hub`'s queue.
    public init(scope: PreferenceScope, hub: ScopeHub, report: @escaping @Sendable (Change) -> Void) {
        self.scope = scope
        self.hub = hub
        hub.watch(scope, for: ObjectIdentifier(self), report: report)
    }

    deinit { hub.unwatch(for: ObjectIdentifier(self)) }

    /// The scope's effective category now, clamped into its bounds.
    public var category: ContentSizeCategory { hub.preferences(of: scope).clampedCategory }

    /// Sets the scope's own category through the normal change path (committed, then sent to
    /// subscribers, who get an event only if the effective category changed); `completion` runs
    /// on the store's queue with the effective category after it, or why nothing changed. The
    /// change is reported to this watch with `isOwn` set.
    public func set(_ category: ContentSizeCategory, completion: @escaping @Sendable (Result<ContentSizeCategory, SetFailure>) -> Void) {
        var update = PerPreference<ScopeTree.Setting>(repeating: .keep)
        update[.category] = .set(category.rawValue)
        hub.change(scope, update, by: ObjectIdentifier(self)) { result in
            completion(result.map(\.after.category).mapError { SetFailure(description: $0.description) })
        }
    }

    /// Stops the reports; a report already on its way may still arrive.
    public func cancel() {
        hub.unwatch(for: ObjectIdentifier(self))
    }
}
