/// One end of a scope's clamp (docs/DESIGN.md §23 (Reader scopes and scoped tokens)): the
/// `minimumCategory` or `maximumCategory` a scope sets for everything that reads it, or none.
///
/// Its raw value is the category's, empty for none; on the wire none is `null`, and a reader
/// may write it `none`.
public struct CategoryBound: ReaderValue {
    public let rawValue: String

    /// The bound `rawValue` names: a category's raw value, or empty for none.
    public init?(rawValue: String) {
        guard rawValue.isEmpty || ContentSizeCategory(rawValue: rawValue) != nil else { return nil }
        self.rawValue = rawValue
    }

    /// No bound: the scope's category is not clamped at this end.
    public static let none = CategoryBound(category: nil)

    /// The bound at `category`, or none for nil.
    public init(category: ContentSizeCategory?) {
        rawValue = category?.rawValue ?? ""
    }

    /// The category, or nil for none.
    public var category: ContentSizeCategory? { ContentSizeCategory(rawValue: rawValue) }

    /// A category by any of its names, or `none` (or nothing) for none.
    public init(parsing text: String) throws(DynamicTypeError) {
        if text.isEmpty || text.lowercased() == "none" {
            self = .none
        } else {
            self.init(category: try ContentSizeCategory(parsing: text))
        }
    }

    /// `none` and every category's raw value.
    public static var allowedValues: [String] { ["none"] + ContentSizeCategory.allCases.map(\.rawValue) }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(category: container.decodeNil() ? nil : try container.decode(ContentSizeCategory.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let category { try container.encode(category) } else { try container.encodeNil() }
    }
}
