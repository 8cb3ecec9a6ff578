import Synchronization

/// The one place the service keeps the reader's current preferences.
///
/// An atomic rather than a lock, because every cached hit checks it: any event-loop
/// thread reads it, and a preference change (`PreferencesStore`) writes it.
final class CurrentPreferences: Sendable {
    private let packed: Atomic<UInt8>

    init(_ preferences: ReaderPreferences = .initial) {
        packed = Atomic(preferences.packed)
    }

    /// The preferences now.
    var value: ReaderPreferences {
        ReaderPreferences(packed: packed.load(ordering: .acquiring))
    }

    /// Makes `preferences` current; answers that followed the old ones stop being served.
    func set(_ preferences: ReaderPreferences) {
        packed.store(preferences.packed, ordering: .releasing)
    }
}
