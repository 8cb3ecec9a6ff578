import ArgumentParser
import DynamicType
import FontdCommandLine

/// `fontd categories`: lists the content-size categories with what a reader compares them by —
/// how large text is at each (the ratio of body there to body at `l`, and body's size) — and
/// their Apple names (docs/DESIGN.md §18 (The command line)).
struct Categories: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "categories",
        abstract: "List the content-size categories, smallest first, with how large text is at each.",
        discussion: "The ratio and body's size come from the style table fontd loads (--styles, $FONTD_STYLES, the default).")

    @Option(help: ArgumentHelp("A style table: a bundled table's name or a file's path (default: $FONTD_STYLES).", valueName: "table"))
    var styles: String?

    @Flag(help: "Print JSON, exactly as GET /categories answers.")
    var json = false

    func run() throws {
        if json { return try Output.printJSON(ContentSizeCategory.listing) }
        let table = try StyleTable.locate(explicit: styles)
        let body = try table.definition(of: .body)
        let base = body.size(at: .default).size
        Output.printTable(
            header: ["name", "ratio", "body", "apple name", "accessibility"],
            rows: ContentSizeCategory.listing.map { entry in
                let size = body.size(at: entry.name).size
                return [
                    entry.name.rawValue, "\(RoundedNumber(size / base))", "\(RoundedNumber(size)) pt", entry.appleName,
                    entry.isAccessibility ? "yes" : "no",
                ]
            })
    }
}
