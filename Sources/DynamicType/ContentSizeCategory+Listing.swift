/// A category with all its names, as `GET /categories` and `fontd categories --json` list it.
public struct ContentSizeCategoryListing: Hashable, Sendable, Codable {
    public var name: ContentSizeCategory
    public var appleName: String
    public var rawValue: String
    public var isAccessibility: Bool

    public init(_ category: ContentSizeCategory) {
        name = category
        appleName = category.appleName
        rawValue = category.uiKitRawValue
        isAccessibility = category.isAccessibility
    }
}

extension ContentSizeCategory {
    /// Every category with its names, smallest first.
    public static var listing: [ContentSizeCategoryListing] { allCases.map(ContentSizeCategoryListing.init) }
}
