import ArgumentParser
import CommandLineCache
import DynamicType
import FontdCommandLine

/// `fontd styles`: shows the loaded style table.
struct StylesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "styles",
        abstract: "Show the style table: every style's size and line height per category.")

    @Option(help: "Show one category in detail (size, line height, tracking, weights).")
    var category: Checked<ContentSizeCategory>?

    @Option(help: ArgumentHelp(StyleTableOption.help))
    var styles: String?

    @Flag(help: "Print JSON: the table in its file format, or with --category that category's cells.")
    var json = false

    /// One style at one category, for `--category --json`.
    struct Cell: Encodable {
        var name: TextStyle
        var family: [String]
        var weight: FontWeight
        var emphasizedWeight: FontWeight
        var size: Double
        var lineHeight: Double
        var tracking: Double
        /// Present only when the style turns optical sizing off, as in the table file.
        var opticalSizing: Bool?
        /// The cell's explicit axis values, when it has any.
        var variations: [String: Double]?
    }

    struct CategoryCells: Encodable {
        var category: ContentSizeCategory
        var styles: [Cell]
    }

    /// An unknown `--category` is refused in the model's words before the table is read.
    func validate() throws {
        _ = try category?.value()
    }

    func run() throws {
        let category = try category?.value()
        AnswerInputs.recordStyleTable(explicit: styles)
        let table = try StyleTable.locate(explicit: styles)
        guard let category else {
            if json { return try Output.printJSON(table) }
            Output.printLine("Style table \"\(table.name)\" — size/line height in points")
            Output.printTable(
                header: ["style", "weight", "emph."] + ContentSizeCategory.allCases.map(\.rawValue),
                rows: table.styles.map { definition in
                    [
                        definition.style.rawValue, Output.points(definition.weight.rawValue),
                        Output.points(definition.emphasizedWeight.rawValue),
                    ]
                        + ContentSizeCategory.allCases.map { category in
                            let cell = definition.size(at: category)
                            return "\(Output.points(cell.size))/\(Output.points(cell.lineHeight))"
                        }
                })
            printVariableFontSettings(of: table.styles, at: ContentSizeCategory.allCases)
            printScaling(of: table.styles)
            return
        }
        let cells = table.styles.map { definition in
            let cell = definition.size(at: category)
            return Cell(
                name: definition.style, family: definition.families, weight: definition.weight,
                emphasizedWeight: definition.emphasizedWeight, size: cell.size, lineHeight: cell.lineHeight, tracking: cell.tracking,
                opticalSizing: definition.opticalSizing ? nil : false, variations: cell.variations.isEmpty ? nil : cell.variations)
        }
        if json { return try Output.printJSON(CategoryCells(category: category, styles: cells)) }
        Output.printLine("Style table \"\(table.name)\" at \(category.rawValue) (\(category.appleName)) — points")
        Output.printTable(
            header: ["style", "family", "weight", "emph.", "size", "line height", "tracking"],
            rows: cells.map { cell in
                [
                    cell.name.rawValue, cell.family.joined(separator: ", "), Output.points(cell.weight.rawValue),
                    Output.points(cell.emphasizedWeight.rawValue), Output.points(cell.size), Output.points(cell.lineHeight),
                    Output.points(cell.tracking),
                ]
            })
        printVariableFontSettings(of: table.styles, at: [category])
        printScaling(of: table.styles)
    }

    /// The styles whose cells are derived from `l`, one line per kind of scaling (none for most tables).
    private func printScaling(of definitions: [TextStyleDefinition]) {
        for scaling in TypeScaling.allCases {
            let scaled = definitions.filter { $0.scaling == scaling }.map(\.style.rawValue)
            guard !scaled.isEmpty else { continue }
            Output.printLine("scaled from l by \(scaling.rawValue): \(scaled.joined(separator: ", "))")
        }
    }

    /// The variable-font settings the table makes, one line each, after the table (none for most tables).
    private func printVariableFontSettings(of definitions: [TextStyleDefinition], at categories: [ContentSizeCategory]) {
        for definition in definitions {
            if !definition.opticalSizing { Output.printLine("\(definition.style): optical sizing off") }
            for category in categories {
                let variations = definition.size(at: category).variations
                guard !variations.isEmpty else { continue }
                Output.printLine("\(definition.style) at \(category.rawValue): \(Output.variationsText(variations))")
            }
        }
    }
}
