import ArgumentParser
import CommandLineCache
import DynamicType
import FontResolution
import FontdCommandLine

/// `fontd list`: the installed faces fontd can resolve to.
struct List: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List installed font faces, all or one family's.")

    @Option(help: "Only faces of this family, as fontconfig names it (case and spaces are ignored: dejavusans finds DejaVu Sans).")
    var family: String?

    @Flag(help: "Print JSON, exactly as GET /faces answers.")
    var json = false

    func run() throws {
        let catalog = try FontCatalog()
        AnswerInputs.record(catalog.fontconfigInputs)
        let faces = catalog.faces(family: family)
        if let family, faces.isEmpty {
            // fontconfig's listing decides (it ignores case and spaces); the empty answer stays on stdout.
            Output.writeNote("there is no installed family named '\(family)'; run `fontd list` to see them all.")
        }
        if json { return try Output.printJSON(faces) }
        // The axes column appears only when a listed face is variable, so static listings read as before.
        let showsAxes = faces.contains { $0.axes != nil }
        Output.printTable(
            header: ["family", "face", "weight", "width", "slant", "spacing", "file"] + (showsAxes ? ["axes"] : []),
            rows: faces.map { face in
                [
                    face.family, face.face, Output.points(face.weight.rawValue), Output.points(face.width.rawValue),
                    face.slant.rawValue, face.spacing.rawValue, face.index == 0 ? face.file : "\(face.file)#\(face.index)",
                ]
                    + (showsAxes ? [Self.axesText(face.axes ?? [])] : [])
            })
    }

    /// `wght 100…900 (400), slnt -10…0 (0)`: each axis's range, and its default in parentheses.
    static func axesText(_ axes: [VariationAxis]) -> String {
        axes.map { "\($0.tag) \(Output.points($0.minimum))…\(Output.points($0.maximum)) (\(Output.points($0.defaultValue)))" }
            .joined(separator: ", ")
    }
}
