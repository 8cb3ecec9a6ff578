import DynamicType

/// Follows one scope's effective category, and sets the scope's own category as a PUT would,
/// telling the changes it made itself from all others: what keeps a setting outside fontd in step
/// with a scope both ways (the desktop bridge, docs/DESIGN.md §26 (The desktop bridge)).
///
/// Built on the hub's preference watches (`PreferencesWatch`), reporting only the changes that
/// moved the effective category: the category clamped into the bounds of the scope and its
/// ancestors (docs/DESIGN.md §30 (KDE Plasma, X11, and per-target limits)), so a bound set or
/// cleared on the scope or any ancestor is a change as much as a new category is. Changes are reported on the hub's queue, one at a time, in the order they were
/// applied — whether made by a PUT, by this watch, or by another replica — once each is committed
/// and sent to the scope's subscribers. A handler must return quickly: it holds up every change.
public final class CategoryWatch: Sendable {
    /// A change of the watched scope's effective category.
    public struct Change: Sendable, Hashable {
        /// The effective category after the change, clamped; `previous` likewise before it.
        public var category: ContentSizeCategory
        public var previous: ContentSizeCategory
        /// Whether this watch's `set` made it.
        public var isOwn: Bool

        public init(category: ContentSizeCategory, previous: ContentSizeCategory, isOwn: Bool) {
            self.category = category
            self.previous = previous
            self.isOwn = isOwn
        }
    }

    /// Why `set` changed nothing: the store could not keep the change, or the scope limit was reached.
    public struct SetFailure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The scope whose category is followed.
    public let scope: PreferenceScope
    private let hub: ScopeHub

    /// Reports every later change of `scope`'s effective category to `report`, on `hub`'s queue.
    public init(scope: PreferenceScope, hub: ScopeHub, report: @escaping @Sendable (Change) -> Void) {
        self.scope = scope
        self.hub = hub
        hub.watch(scope, for: ObjectIdentifier(self)) { change in
            let category = change.answer.category
            let previous = change.previous.clampedCategory
            guard category != previous else { return }
            report(Change(category: category, previous: previous, isOwn: change.isOwn))
        }
    }

    deinit { hub.unwatch(for: ObjectIdentifier(self)) }

    /// The scope's effective category now, clamped into its bounds.
    public var category: ContentSizeCategory { hub.preferences(of: scope).clampedCategory }

    /// Sets the scope's own category through the normal change path (committed, then sent to
    /// subscribers, who get an event only if the effective category changed); `completion` runs
    /// on the store's queue with the effective category after it, or why nothing changed.
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
