import DynamicType

extension Output {
    /// A `/capsize` answer for people: a heading line, the trims, then the metrics in design units.
    public static func printCapsize(_ answer: CapsizeAnswer) {
        let metrics = answer.metrics
        printLine(
            "\(answer.style) at \(answer.category.rawValue)\(answer.requestedCategory.map { " (requested \($0.rawValue))" } ?? ""): \(metrics.fullName), \(points(answer.fontSize)) px / \(points(answer.lineHeight)) px"
        )
        printTable(
            header: ["field", "value"],
            rows: [
                ["capHeightTrim", "\(formatNumber(answer.capHeightTrim))em"],
                ["baselineTrim", "\(formatNumber(answer.baselineTrim))em"],
                ["metrics", answer.metricsSource == .typo ? "OS/2 typo (USE_TYPO_METRICS)" : "hhea"],
                ["ascent", "\(metrics.ascent)"],
                ["descent", "\(metrics.descent)"],
                ["lineGap", "\(metrics.lineGap)"],
                ["capHeight", "\(metrics.capHeight)"],
                ["xHeight", "\(metrics.xHeight)"],
                ["xWidthAvg", "\(metrics.xWidthAvg)"],
                ["unitsPerEm", "\(metrics.unitsPerEm)"],
                ["category", metrics.category],
                ["postscriptName", metrics.postscriptName],
            ])
    }
}
