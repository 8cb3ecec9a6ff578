import DynamicType

/// Follows one scope's effective preferences — every one of them — and reports each change, made
/// however it was made (a PUT, the bus, another replica caught up, a reload, a desktop bridge):
/// what a front door other than HTTP announces changes from (the session bus, docs/DESIGN.md §27 (The session bus)).
///
/// Changes are reported on the hub's queue, one at a time, in the order they were applied, once
/// each is committed and sent to the scope's subscribers. A handler must return quickly: it holds
/// up every change.
public final class PreferencesWatch: Sendable {
    /// A change of the watched scope's effective preferences.
    public struct Change: Sendable, Hashable {
        /// The scope's preferences after it, as `GET /preferences` answers them (the change's id,
        /// the fonts' generation).
        public var answer: Preferences
        /// The effective preferences before it.
        public var previous: ReaderPreferences
        /// Whether the watch it was reported to made it (a `CategoryWatch`'s `set`).
        public var isOwn: Bool

        /// The effective preferences after it.
        public var preferences: ReaderPreferences { ReaderPreferences(answer) }
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

    /// Stops the reports; a report already on its way may still arrive.
    public func cancel() {
        hub.unwatch(for: ObjectIdentifier(self))
    }
}
