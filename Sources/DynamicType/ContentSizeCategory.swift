/// The reader's preferred text size, smallest to largest.
///
/// The five `accessibility*` sizes are offered only to readers who turn on
/// larger accessibility sizes; most styles keep growing through them. The raw
/// value is fontd's short name (`xs` … `ax5`), the spelling every answer uses.
public enum ContentSizeCategory: String, CaseIterable, Comparable, Sendable, Codable {
    case extraSmall = "xs"
    case small = "s"
    case medium = "m"
    case large = "l"
    case extraLarge = "xl"
    case extraExtraLarge = "xxl"
    case extraExtraExtraLarge = "xxxl"
    case accessibilityMedium = "ax1"
    case accessibilityLarge = "ax2"
    case accessibilityExtraLarge = "ax3"
    case accessibilityExtraExtraLarge = "ax4"
    case accessibilityExtraExtraExtraLarge = "ax5"

    /// The category a reader starts with before choosing one.
    public static let `default`: ContentSizeCategory = .large

    /// Apple's name for the category, as in `UIContentSizeCategory.extraLarge`.
    public var appleName: String {
        switch self {
        case .extraSmall: "extraSmall"
        case .small: "small"
        case .medium: "medium"
        case .large: "large"
        case .extraLarge: "extraLarge"
        case .extraExtraLarge: "extraExtraLarge"
        case .extraExtraExtraLarge: "extraExtraExtraLarge"
        case .accessibilityMedium: "accessibilityMedium"
        case .accessibilityLarge: "accessibilityLarge"
        case .accessibilityExtraLarge: "accessibilityExtraLarge"
        case .accessibilityExtraExtraLarge: "accessibilityExtraExtraLarge"
        case .accessibilityExtraExtraExtraLarge: "accessibilityExtraExtraExtraLarge"
        }
    }

    /// UIKit's raw string for the category (`UICTContentSizeCategoryXL`).
    public var uiKitRawValue: String {
        switch self {
        case .extraSmall: "UICTContentSizeCategoryXS"
        case .small: "UICTContentSizeCategoryS"
        case .medium: "UICTContentSizeCategoryM"
        case .large: "UICTContentSizeCategoryL"
        case .extraLarge: "UICTContentSizeCategoryXL"
        case .extraExtraLarge: "UICTContentSizeCategoryXXL"
        case .extraExtraExtraLarge: "UICTContentSizeCategoryXXXL"
        case .accessibilityMedium: "UICTContentSizeCategoryAccessibilityM"
        case .accessibilityLarge: "UICTContentSizeCategoryAccessibilityL"
        case .accessibilityExtraLarge: "UICTContentSizeCategoryAccessibilityXL"
        case .accessibilityExtraExtraLarge: "UICTContentSizeCategoryAccessibilityXXL"
        case .accessibilityExtraExtraExtraLarge: "UICTContentSizeCategoryAccessibilityXXXL"
        }
    }

    /// Whether this is one of the five larger accessibility sizes.
    public var isAccessibility: Bool { self >= .accessibilityMedium }

    /// The category's position, smallest first.
    public var ordinal: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.ordinal < rhs.ordinal }

    /// Finds a category by any of its names — short (`xl`), Apple's (`extraLarge`)
    /// or UIKit's raw string — ignoring case.
    public init?(name: String) {
        let key = name.lowercased()
        guard let match = Self.byLowercasedName[key] else { return nil }
        self = match
    }

    /// Like `init?(name:)`, but a name that matches nothing is an error that lists the allowed names.
    public init(parsing name: String) throws(DynamicTypeError) {
        guard let category = Self(name: name) else {
            throw .unknownCategory(name, allowed: Self.allCases.map(\.rawValue))
        }
        self = category
    }

    private static let byLowercasedName: [String: ContentSizeCategory] = {
        var names: [String: ContentSizeCategory] = [:]
        for category in allCases {
            for name in [category.rawValue, category.appleName, category.uiKitRawValue] {
                names[name.lowercased()] = category
            }
        }
        return names
    }()
}

extension ContentSizeCategory {
    /// Decodes any of the category's names; encodes the short name.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        do {
            self = try Self(parsing: name)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }
}
