import DynamicType
import Synchronization

/// The reader's current choices that answers follow when a request leaves them out.
///
/// They start as the state file has them, else `initial`; `PUT /preferences` and `PUT /category`
/// change them.
struct ReaderPreferences: Hashable, Sendable {
    var category: ContentSizeCategory
    var legibilityWeight: LegibilityWeight
    var textSpacing: TextSpacing = .default

    /// Where a reader starts (docs/DESIGN.md §12: no state file → `l` / `regular` / `default`).
    static let initial = ReaderPreferences(category: .default, legibilityWeight: .regular, textSpacing: .default)
}

extension ReaderPreferences {
    /// The preferences as one small integer, so they fit in an `Atomic`: the category's ordinal,
    /// then a bit for WCAG text spacing, then one for bold.
    var packed: UInt8 {
        UInt8(category.ordinal) << 2 | (textSpacing == .wcag ? 2 : 0) | (legibilityWeight == .bold ? 1 : 0)
    }

    /// The preferences `packed` stands for (read on every cached hit, so no allocation).
    init(packed: UInt8) {
        let index = Int(packed >> 2)
        self.init(
            category: Self.categories.indices.contains(index) ? Self.categories[index] : .default,
            legibilityWeight: packed & 1 == 1 ? .bold : .regular,
            textSpacing: packed & 2 == 2 ? .wcag : .default)
    }

    private static let categories = ContentSizeCategory.allCases
}
