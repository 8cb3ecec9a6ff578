import DynamicType
import WebOutputs

extension WebDocuments.Stylesheet {
    /// Two options that cannot be given together (docs/DESIGN.md §22 (The web)).
    public enum Conflict: Sendable, Equatable {
        /// A Tailwind theme uses Tailwind's own names (`--text-body`), so it takes no prefix.
        case tailwindWithPrefix
        /// A Tailwind theme holds one category.
        case tailwindWithEveryCategory
        /// Every category carries both legibility weights (bold under `[data-bold-text]`).
        case everyCategoryWithLegibility
        /// A Tailwind theme holds values, not the rules a trim or a fallback face needs.
        case tailwindWithTrim
    }

    /// Why a stylesheet's options cannot be used; `GET /css` and `fontd css` each say it in
    /// their own spelling of the options.
    public enum OptionError: Error, Sendable, Equatable {
        /// A category, legibility weight or text spacing the model refused.
        case invalidValue(DynamicTypeError)
        /// A format that is not one of `WebDocuments.Format`.
        case unknownFormat(String)
        /// A prefix outside `CSSPrefix.allowedForm`.
        case invalidPrefix(String)
        /// A unit that is not one of `CSSUnit`.
        case unknownUnit(String)
        /// A trim that is not one of `CSSTrim`.
        case unknownTrim(String)
        case conflict(Conflict)
    }

    /// What a left-out category, legibility weight and text spacing stand for: the reader's on a
    /// server, `l`, `regular` and `default` on the command line.
    public struct Defaults: Sendable {
        public var category: ContentSizeCategory
        public var legibility: LegibilityWeight
        public var textSpacing: TextSpacing

        public init(category: ContentSizeCategory = .default, legibility: LegibilityWeight = .regular, textSpacing: TextSpacing = .default)
        {
            self.category = category
            self.legibility = legibility
            self.textSpacing = textSpacing
        }
    }

    /// The stylesheet that options as given ask for (nil: left out), by the one set of rules
    /// `GET /css` and `fontd css` follow: `category` is a category or `all`; `format` `css` or
    /// `tailwind`; `unit` `px` or `rem`; a Tailwind theme takes neither a prefix nor `all`; `all`
    /// takes no legibility; `trim` `none`, `capsize` or `text-box`, which (like `fallbackFor`) a
    /// Tailwind theme does not take.
    public init(
        category: String?, legibility: String?, textSpacing: String?, prefix: String?, format: String?, unit: String? = nil,
        trim: String? = nil, fallbackFor: String? = nil, range: CategoryRange, defaults: Defaults
    ) throws(OptionError) {
        let cssTrim = try CSSTrim.parsed(trim)
        let unit =
            try unit.map { text throws(OptionError) in
                guard let unit = CSSUnit(rawValue: text.lowercased()) else { throw .unknownUnit(text) }
                return unit
            } ?? .standard
        let format =
            try format.map { text throws(OptionError) in
                guard let format = WebDocuments.Format(rawValue: text.lowercased()) else { throw .unknownFormat(text) }
                return format
            } ?? .css
        let cssPrefix =
            try prefix.map { text throws(OptionError) in
                guard let prefix = CSSPrefix(text) else { throw .invalidPrefix(text) }
                return prefix
            } ?? .standard
        if format == .tailwind, prefix != nil { throw .conflict(.tailwindWithPrefix) }
        if format == .tailwind, cssTrim != .none || fallbackFor != nil { throw .conflict(.tailwindWithTrim) }
        let every = category?.lowercased() == "all"
        let weight: LegibilityWeight?
        let named: ContentSizeCategory?
        let spacing: TextSpacing
        do {
            weight = try legibility.map { text throws(DynamicTypeError) in try LegibilityWeight(parsing: text) }
            spacing = try textSpacing.map { text throws(DynamicTypeError) in try TextSpacing(parsing: text) } ?? defaults.textSpacing
            named = every ? nil : try category.map { text throws(DynamicTypeError) in try ContentSizeCategory(parsing: text) }
        } catch {
            throw .invalidValue(error)
        }
        let categories: WebDocuments.Categories
        if every {
            if format == .tailwind { throw .conflict(.tailwindWithEveryCategory) }
            if weight != nil { throw .conflict(.everyCategoryWithLegibility) }
            categories = .all(default: defaults.category, defaults.legibility)
        } else {
            categories = .one(named ?? defaults.category, weight ?? defaults.legibility)
        }
        self.init(
            categories: categories, prefix: cssPrefix, format: format, textSpacing: spacing, range: range, unit: unit, trim: cssTrim,
            fallbackFor: fallbackFor)
    }
}

extension CSSTrim {
    /// The trim `text` names (nil: the standard one), as `/css`, `/tokens` and the commands take it.
    public static func parsed(_ text: String?) throws(WebDocuments.Stylesheet.OptionError) -> CSSTrim {
        guard let text else { return .standard }
        guard let trim = CSSTrim(rawValue: text.lowercased()) else { throw .unknownTrim(text) }
        return trim
    }
}

extension WebDocuments {
    /// Design tokens as asked for: one category (clamped into `range`), legibility weight, text
    /// spacing and trim, read by the rules `GET /tokens` and `fontd tokens` share.
    public struct Tokens: Hashable, Sendable {
        public var category: ContentSizeCategory
        public var legibility: LegibilityWeight
        public var textSpacing: TextSpacing
        public var range: CategoryRange
        /// The reading font every style is resolved with (docs/DESIGN.md §33 (The reading font)); nil for the table's families.
        public var readingFont: String?
        /// With a trim, each token's `$extensions` carry Capsize's trims (§32 (Capsize and metrics-exact web)).
        public var trim: CSSTrim

        /// The tokens that options as given ask for (nil: left out, `defaults`' value): a
        /// category (not `all`: tokens hold one), a legibility weight, a text spacing and a trim,
        /// refused in that order.
        public init(
            category: String?, legibility: String?, textSpacing: String?, trim: String?, range: CategoryRange,
            defaults: Stylesheet.Defaults
        ) throws(Stylesheet.OptionError) {
            do {
                self.category =
                    try category.map { text throws(DynamicTypeError) in try ContentSizeCategory(parsing: text) } ?? defaults.category
                self.legibility =
                    try legibility.map { text throws(DynamicTypeError) in try LegibilityWeight(parsing: text) } ?? defaults.legibility
                self.textSpacing =
                    try textSpacing.map { text throws(DynamicTypeError) in try TextSpacing(parsing: text) } ?? defaults.textSpacing
            } catch {
                throw .invalidValue(error)
            }
            self.trim = try CSSTrim.parsed(trim)
            self.range = range
            self.readingFont = nil
        }
    }

    /// The design tokens `request` asks for.
    public func tokens(_ request: Tokens) throws -> [UInt8] {
        try tokens(
            category: request.category, legibility: request.legibility, textSpacing: request.textSpacing, range: request.range,
            readingFont: request.readingFont, trim: request.trim)
    }
}
