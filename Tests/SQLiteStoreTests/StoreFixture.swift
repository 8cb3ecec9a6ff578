import DynamicType
import Foundation
import SQLiteStore

/// A store path in a temporary directory of its own (removed by `remove()`), and the changes
/// the tests commit.
///
/// The store suites are serialized: each test blocks a thread of the test process's small
/// concurrency pool on fsyncs, and many at once starve the event-stream tests' tasks of it.
struct StoreFixture {
    let directory: URL
    /// `fontd.sqlite` inside a directory that does not exist yet: `open` makes it.
    let path: String

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("fontd-store-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        path = directory.appendingPathComponent("state/fontd.sqlite").path
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }

    /// The file's bytes now.
    func bytes() throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    static func category(_ sequence: Int, _ category: ContentSizeCategory, from previous: ContentSizeCategory) -> PreferenceEvent {
        .categoryChanged(CategoryChange(category: category, previous: previous, sequence: sequence))
    }

    static func weight(_ sequence: Int, _ weight: LegibilityWeight, from previous: LegibilityWeight) -> PreferenceEvent {
        .legibilityWeightChanged(LegibilityWeightChange(legibilityWeight: weight, previous: previous, sequence: sequence))
    }

    /// Changes `1...count` from `l`, each a category change to a category other than the one before.
    static func categoryChanges(_ count: Int) -> [PreferenceEvent] {
        let cycle = ContentSizeCategory.allCases
        var previous = ContentSizeCategory.large
        return (1...count).map { sequence in
            var next = cycle[sequence % cycle.count]
            if next == previous { next = cycle[(sequence + 1) % cycle.count] }
            defer { previous = next }
            return category(sequence, next, from: previous)
        }
    }

    /// A state like the §12 example grown to seven changes: xl / bold at sequence 7.
    static let importedState = StoredPreferences(
        preferences: Preferences(category: .extraLarge, legibilityWeight: .bold, sequence: 7),
        history: [
            category(1, .extraLarge, from: .large),
            weight(2, .bold, from: .regular),
            category(3, .accessibilityMedium, from: .extraLarge),
            category(4, .small, from: .accessibilityMedium),
            weight(5, .regular, from: .bold),
            weight(6, .bold, from: .regular),
            category(7, .extraLarge, from: .small),
        ])
}
