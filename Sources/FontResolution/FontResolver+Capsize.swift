import DynamicType

extension FontResolver {
    /// The face `font` was resolved to, measured as Capsize measures a font, and which vertical
    /// metrics those are (docs/DESIGN.md §32 (Capsize and metrics-exact web)): the renderer's
    /// ascent, descent and line gap (`hhea`, or OS/2 typo with `USE_TYPO_METRICS`, as FreeType chose
    /// them), cap height and x-height as §5 (Resolution) step 10 measures them, at the variable instance.
    public func capsizeMetrics(of font: ResolvedFont) throws(FontResolutionError) -> (metrics: CapsizeMetrics, source: CapsizeMetricsSource)
    {
        let fonts = fontSet
        let face = font.matchedFace
        let measured = try fonts.measurer.layoutMetrics(file: face.file, index: face.index, variations: font.variations)
        let design = measured.metrics
        let fullName = fonts.catalog.fullName(of: face)
        let metrics = CapsizeMetrics(
            familyName: face.family, fullName: fullName, postscriptName: face.postscriptName, category: measured.category,
            capHeight: design.capHeight, ascent: design.ascender, descent: design.descender, lineGap: design.lineGap,
            unitsPerEm: design.unitsPerEm, xHeight: design.xHeight, xWidthAvg: measured.xWidthAvg)
        return (metrics, measured.usesTypoMetrics ? .typo : .hhea)
    }
}
