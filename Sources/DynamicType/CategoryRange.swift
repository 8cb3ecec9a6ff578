/// The categories a layout accepts: UIKit's `minimumContentSizeCategory` and
/// `maximumContentSizeCategory` (iOS 15). A category outside is answered at the nearer end
/// (docs/DESIGN.md §7 (HTTP endpoints), "Clamps").
public struct CategoryRange: Hashable, Sendable {
    public let minimum: ContentSizeCategory?
    public let maximum: ContentSizeCategory?

    /// No bound: every category stays as it is.
    public static let unbounded = CategoryRange(checked: nil, nil)

    /// Refuses a minimum above the maximum.
    public init(minimum: ContentSizeCategory?, maximum: ContentSizeCategory?) throws(DynamicTypeError) {
        if let minimum, let maximum, minimum > maximum { throw .categoryRangeInverted(minimum: minimum, maximum: maximum) }
        self.init(checked: minimum, maximum)
    }

    /// Reads the bounds as the API and the command line give them, by any of a category's names.
    public init(parsingMinimum minimum: String?, maximum: String?) throws(DynamicTypeError) {
        try self.init(
            minimum: minimum.map { text throws(DynamicTypeError) in try ContentSizeCategory(parsing: text) },
            maximum: maximum.map { text throws(DynamicTypeError) in try ContentSizeCategory(parsing: text) })
    }

    private init(checked minimum: ContentSizeCategory?, _ maximum: ContentSizeCategory?) {
        self.minimum = minimum
        self.maximum = maximum
    }

    /// True when a bound was given; the answer then says which category was asked (`requestedCategory`).
    public var isBounded: Bool { minimum != nil || maximum != nil }

    /// This range (a scope's bounds) narrowed by `inner` (a request's clamp on top of them,
    /// docs/DESIGN.md §23 (Reader scopes and scoped tokens)): each end the tighter of the two; where
    /// `inner` lies wholly outside, `inner` alone.
    public func narrowed(by inner: CategoryRange) -> CategoryRange {
        let minimum = [self.minimum, inner.minimum].compactMap { $0 }.max()
        let maximum = [self.maximum, inner.maximum].compactMap { $0 }.min()
        return (try? CategoryRange(minimum: minimum, maximum: maximum)) ?? inner
    }

    /// `category` moved into the range.
    public func clamp(_ category: ContentSizeCategory) -> ContentSizeCategory {
        if let minimum, category < minimum { return minimum }
        if let maximum, category > maximum { return maximum }
        return category
    }

    /// The category to answer at, and the one asked when a bound was given.
    public func apply(to category: ContentSizeCategory) -> (category: ContentSizeCategory, requested: ContentSizeCategory?) {
        (clamp(category), isBounded ? category : nil)
    }
}
