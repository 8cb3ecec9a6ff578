import ArgumentParser
import DynamicType
import FontdCommandLine

/// `fontd categories`: lists the content-size categories and their names.
struct Categories: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "categories", abstract: "List the content-size categories, smallest first.")

    @Flag(help: "Print JSON, exactly as GET /categories answers.")
    var json = false

    func run() throws {
        if json { return try Output.printJSON(ContentSizeCategory.listing) }
        Output.printTable(
            header: ["name", "apple name", "raw value", "accessibility"],
            rows: ContentSizeCategory.listing.map { entry in
                [entry.name.rawValue, entry.appleName, entry.rawValue, entry.isAccessibility ? "yes" : "no"]
            })
    }
}
