import ArgumentParser
import FontdCommandLine
import FontResolution

/// `fontd list`: the installed faces fontd can resolve to.
struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List installed font faces, all or one family's.")

    @Option(help: "Only faces of this family (its exact name, compared without case).")
    var family: String?

    @Flag(help: "Print JSON, exactly as GET /faces answers.")
    var json = false

    func run() throws {
        let faces = try FontCatalog().faces(family: family)
        if json { return try Output.printJSON(faces) }
        Output.printTable(
            header: ["family", "face", "weight", "width", "slant", "spacing", "file"],
            rows: faces.map { face in
                [face.family, face.face, Output.points(face.weight.rawValue), Output.points(face.width.rawValue),
                 face.slant.rawValue, face.spacing.rawValue, face.index == 0 ? face.file : "\(face.file)#\(face.index)"]
            })
    }
}
