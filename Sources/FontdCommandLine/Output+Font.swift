import DynamicType

extension Output {
    /// A resolved font for people: a heading line, then one row per field.
    public static func printFont(_ font: ResolvedFont) {
        let face = font.matchedFace
        let metrics = font.metrics
        printLine(
            "\(font.style) at \(font.category.rawValue)\(font.requestedCategory.map { " (requested \($0.rawValue))" } ?? ""): \(face.family) \(face.face), \(points(face.pointSize)) pt"
        )
        let traitsText = face.traits.names.isEmpty ? "none" : face.traits.names.joined(separator: ", ")
        var synthetic = [face.synthetic.bold ? "bold" : nil, face.synthetic.oblique ? "oblique" : nil].compactMap { $0 }
        if synthetic.isEmpty { synthetic = ["none"] }
        var variationRows: [[String]] = []
        if let variations = font.variations { variationRows.append(["variations", variationsText(variations)]) }
        let faceRows: [[String]] = [
            ["file", "\(face.file) (face \(face.index))"],
            ["postscript name", face.postscriptName],
            ["weight", "\(points(face.weight.rawValue)) (asked \(points(face.requestedWeight.rawValue)))"],
            ["width", points(face.width.rawValue)],
            ["slant", face.slant.rawValue],
            ["spacing", face.spacing.rawValue],
            ["traits", traitsText],
            ["fallback", face.fallback ? "yes (no face of the requested family)" : "no"],
            ["synthetic", synthetic.joined(separator: ", ")],
        ]
        // WCAG text spacing's two values, after tracking as in the JSON; absent otherwise.
        let spacingRows = [("word spacing", metrics.wordSpacing), ("paragraph spacing", metrics.paragraphSpacing)]
            .compactMap { name, value in value.map { [name, points($0)] } }
        let metricRows: [[String]] =
            [
                ["line height", points(metrics.lineHeight)],
                ["leading", points(metrics.writtenLeading)],
                ["tracking", points(metrics.tracking)],
            ] + spacingRows + [
                ["ascender", points(metrics.ascender)],
                ["descender", points(metrics.descender)],
                ["line gap", points(metrics.lineGap)],
                ["cap height", points(metrics.capHeight)],
                ["x-height", points(metrics.xHeight)],
                ["underline", "\(points(metrics.underlinePosition)) (thickness \(points(metrics.underlineThickness)))"],
                ["units per em", "\(metrics.unitsPerEm)"],
                ["metrics scale", points(metrics.metricsScale)],
            ]
        printTable(header: ["field", "value"], rows: faceRows + variationRows + metricRows)
    }

    /// `opsz 17, wght 400, GRAD 0`: registered (lower-case) axes first, as font tools list them.
    public static func variationsText(_ variations: [String: Double]) -> String {
        let registeredFirst = variations.keys.sorted { first, second in
            let firstIsCustom = first.first?.isUppercase ?? false
            let secondIsCustom = second.first?.isUppercase ?? false
            return firstIsCustom == secondIsCustom ? first < second : !firstIsCustom
        }
        return registeredFirst.map { "\($0) \(points(variations[$0] ?? 0))" }.joined(separator: ", ")
    }
}
