/// Independent expectations for fontd's metrics, straight from a font's tables.
extension OpenTypeTables {
    /// The metrics docs/DESIGN.md §5 (Resolution) step 10 should report at `pointSize`, in points, by `FontMetrics` key:
    /// typo metrics when the font sets USE_TYPO_METRICS (else hhea), OS/2 cap and x height when
    /// present and non-zero (else the tops of `H` and `x`), and the `post` underline.
    public func expectedMetrics(pointSize: Double, lineHeight: Double) throws -> [String: Double] {
        let scale = pointSize / Double(unitsPerEm)
        let typo = os2?.usesTypoMetrics == true ? os2 : nil
        let ascender = Double(typo?.typoAscender ?? hhea.ascender) * scale
        let descender = Double(typo?.typoDescender ?? hhea.descender) * scale
        let tableCapHeight = os2?.capHeight.flatMap { $0 > 0 ? $0 : nil }
        let tableXHeight = os2?.xHeight.flatMap { $0 > 0 ? $0 : nil }
        guard let post else { throw OpenTypeTablesError.missingTable(file: "the measured face", tag: "post") }
        return [
            "ascender": ascender,
            "descender": descender,
            "lineGap": Double(typo?.typoLineGap ?? hhea.lineGap) * scale,
            "capHeight": Double(try tableCapHeight ?? glyphTop(of: "H")) * scale,
            "xHeight": Double(try tableXHeight ?? glyphTop(of: "x")) * scale,
            "underlinePosition": Double(post.underlinePosition) * scale,
            "underlineThickness": Double(post.underlineThickness) * scale,
            "leading": lineHeight - (ascender - descender),
        ]
    }
}
