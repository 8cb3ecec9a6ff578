/// Which of a font's vertical metrics a renderer lays its lines out with.
public enum CapsizeMetricsSource: String, Hashable, Sendable, Codable {
    /// The `hhea` table's ascender, descender and line gap: what browsers and FreeType use unless told otherwise.
    case hhea
    /// OS/2's `sTypoAscender`, `sTypoDescender` and `sTypoLineGap`: used when `fsSelection` bit 7
    /// (`USE_TYPO_METRICS`) is set.
    case typo
}
