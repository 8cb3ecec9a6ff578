/// One step of the reader's text size, up or down the twelve categories, as a key or a `+`/`−`
/// button takes it (docs/DESIGN.md §37 (The reader's control)): never past the ends of the list,
/// nor past the bounds of the scope that is stepped.
public enum CategoryStep: String, CaseIterable, Sendable {
    case bigger, smaller

    /// Where one step from a category lands.
    public enum Outcome: Hashable, Sendable {
        /// The step moves to this category.
        case moved(to: ContentSizeCategory)
        /// The category is the last of the list that way already (`ax5` bigger, `xs` smaller).
        case atEnd(ContentSizeCategory)
        /// The category is at the scope's bound that way (its `maximumCategory` bigger, its
        /// `minimumCategory` smaller), which is not the end of the list.
        case atBound(ContentSizeCategory)

        /// The category the reader is at after the step.
        public var category: ContentSizeCategory {
            switch self {
            case .moved(let category), .atEnd(let category), .atBound(let category): category
            }
        }
    }

    /// The step from `category` (the category the scope answers at, its bounds applied) within `range`.
    ///
    /// A category outside `range` is first brought into it, so that the step starts from what the
    /// reader sees.
    public func outcome(from category: ContentSizeCategory, within range: CategoryRange = .unbounded) -> Outcome {
        let start = range.clamp(category)
        let all = ContentSizeCategory.allCases
        let next = start.ordinal + (self == .bigger ? 1 : -1)
        guard all.indices.contains(next) else { return .atEnd(start) }
        let bound = self == .bigger ? range.maximum : range.minimum
        if let bound, start == bound { return .atBound(start) }
        return .moved(to: all[next])
    }
}
