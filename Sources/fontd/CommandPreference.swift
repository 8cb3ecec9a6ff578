import DynamicType

/// The reader preference a `fontd <command> get | set | clear` command reads and changes
/// through `PUT /preferences` (docs/DESIGN.md §10 (Reader preferences)): its names and help follow from the
/// preference's declaration, so each command is one line here.
protocol CommandPreference {
    static var preference: ReaderPreference { get }
}

extension CommandPreference {
    static var declaration: ReaderPreference.Declaration { preference.declaration }

    /// The command's name (`legibility`, `text-spacing`).
    static var commandName: String { declaration.commandName }

    /// The command's abstract.
    static var abstract: String {
        "Show or set the reader's \(declaration.description) on a fontd server."
    }

    /// A value as the commands print it: its raw value, `none` for none (no reading font).
    static func shown(_ value: String) -> String { value.isEmpty ? "none" : value }

    /// The values `set` takes, for its help: `regular or bold.`
    static var values: String {
        declaration.valuesHelp ?? declaration.allowedValues.dropLast().joined(separator: ", ") + " or "
            + (declaration.allowedValues.last ?? "") + "."
    }
}

/// `fontd category clear` (its `get` and `set` speak `/category`).
enum CategoryCommandPreference: CommandPreference { static let preference = ReaderPreference.category }
/// `fontd legibility`: the accessibility "Bold Text" setting.
enum LegibilityCommandPreference: CommandPreference { static let preference = ReaderPreference.legibilityWeight }
/// `fontd text-spacing`: WCAG 1.4.12's text spacing (docs/DESIGN.md §5 (Resolution) step 6b).
enum TextSpacingCommandPreference: CommandPreference { static let preference = ReaderPreference.textSpacing }
/// `fontd reading-font`: the family every style is read in first (docs/DESIGN.md §33 (The reading font)).
enum ReadingFontCommandPreference: CommandPreference { static let preference = ReaderPreference.readingFont }
/// `fontd minimum-category`: the smallest category a scope answers at (docs/DESIGN.md §23 (Reader scopes and scoped tokens)).
enum MinimumCategoryCommandPreference: CommandPreference { static let preference = ReaderPreference.minimumCategory }
/// `fontd maximum-category`: the largest category a scope answers at.
enum MaximumCategoryCommandPreference: CommandPreference { static let preference = ReaderPreference.maximumCategory }
