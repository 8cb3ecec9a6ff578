import Caching
import DynamicType
import Synchronization

/// Resolves text-style requests into measured fonts: the style table's values (docs/DESIGN.md
/// §5 (Resolution) steps 1–6), a fontconfig match (7–9), FreeType metrics (10), and for a variable face the
/// design coordinates they are measured at (11).
///
/// Create it once, before starting threads (it initializes fontconfig); afterwards any
/// thread may call it. Answers are kept in a bounded LRU cache keyed by the request.
///
/// The installed fonts may change while it runs (docs/DESIGN.md §25 (Font set changes)): `refreshFonts(force:)`
/// builds a new fontconfig configuration when they did and swaps it in. Each call works on the
/// font set that was current when it began, which stays alive until the call ends.
public final class FontResolver: Sendable {
    /// The style table requests are resolved against.
    public let table: StyleTable
    /// The font files stylesheets name, by hash (docs/DESIGN.md §22 (The web)).
    public let files = FontFileRegistry()
    private let current: Mutex<FontSet>
    /// Held while a new font set is built, so two refreshes never build at once.
    private let refreshing = Mutex(())
    private let cacheEntries: Int

    /// Generic families: asking for one of these never makes an answer a fallback.
    static let genericFamilies: Set<String> = ["sans-serif", "serif", "monospace", "system-ui", "cursive", "fantasy", "emoji", "math"]

    /// - Parameters:
    ///   - table: the style table.
    ///   - cacheEntries: how many resolved answers to keep (least recently used go first).
    ///   - fontconfigFile: a fontconfig configuration to use instead of `FONTCONFIG_FILE` or the
    ///     system's, for a process that needs more than one font setup (tests, benchmarks).
    public init(table: StyleTable, cacheEntries: Int = 10_000, fontconfigFile: String? = nil) throws(FontResolutionError) {
        self.table = table
        self.cacheEntries = cacheEntries
        let fontconfig = try Fontconfig(configurationFile: fontconfigFile)
        current = Mutex(FontSet(fontconfig: fontconfig, cacheEntries: cacheEntries, stamps: StampedPath.stamps(of: fontconfig.inputs)))
    }

    /// The font set in use now.
    var fontSet: FontSet { current.withLock { $0 } }

    /// The installed faces, listed through the current fontconfig configuration.
    public var catalog: FontCatalog { fontSet.catalog }

    /// What the fontconfig configuration was built from (docs/DESIGN.md §25 (Font set changes)).
    public var fontconfigInputs: FontconfigInputs { fontSet.fontconfig.inputs }

    /// An opaque name for the installed fonts: a hash of the files of the faces fontconfig lists,
    /// with their sizes and modification times, so servers with the same fonts agree.
    public var fontGeneration: String { fontSet.generation }

    /// A new font set swapped in: the generations before and after (equal when the faces are the
    /// same files, though the configuration may match them differently).
    public struct FontRefresh: Hashable, Sendable {
        public var previousGeneration: String
        public var generation: String
    }

    /// How long a changed font directory must have been still before it is read (`FontSet.isOutdated`).
    static let settleSeconds = 1.0

    /// Builds a new fontconfig configuration and swaps it in when anything it is built from
    /// changed — or always, with `force` (SIGHUP) — dropping every resolved answer and open face
    /// with the old one. Answers nil when nothing changed.
    ///
    /// - Throws: when the new configuration cannot be built; the current one stays.
    @discardableResult
    public func refreshFonts(force: Bool = false) throws(FontResolutionError) -> FontRefresh? {
        try refreshing.withLock { _ throws(FontResolutionError) in
            let old = fontSet
            guard force || old.isOutdated(settleSeconds: Self.settleSeconds) else { return nil }
            // Stamped before the build: a change made while it builds is seen by the next check.
            let before = Dictionary(old.stamps.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
                .merging(StampedPath.stamps(of: old.fontconfig.inputs).map { ($0.path, $0) }, uniquingKeysWith: { _, fresh in fresh })
            let fontconfig = try old.fontconfig.rebuilt()
            let stamps = StampedPath.paths(of: fontconfig.inputs).map { before[$0] ?? StampedPath(path: $0) }
            let new = FontSet(fontconfig: fontconfig, cacheEntries: cacheEntries, stamps: stamps)
            current.withLock { $0 = new }
            return FontRefresh(previousGeneration: old.generation, generation: new.generation)
        }
    }

    /// The font for `request`, from the cache when it was resolved before.
    public func resolve(_ request: FontRequest) throws -> ResolvedFont {
        let fonts = fontSet
        if let cached = fonts.answers.withLock({ $0.value(for: request) }) { return cached }
        let resolved = try resolve(request, with: fonts)
        fonts.answers.withLock { $0.insert(resolved, for: request) }
        return resolved
    }

    /// The font for `request`, asking fontconfig and FreeType every time (benchmarks, tests).
    public func resolveUncached(_ request: FontRequest) throws -> ResolvedFont {
        try resolve(request, with: fontSet)
    }

    /// The font for `request`, resolved with `fonts`.
    private func resolve(_ request: FontRequest, with fonts: FontSet) throws -> ResolvedFont {
        let (fontconfig, measurer) = (fonts.fontconfig, fonts.measurer)
        let specification = try table.specification(for: request)
        var descriptor = specification.descriptor
        var match = try fontconfig.match(descriptor)
        var measured = try measurer.face(file: match.file, index: match.index)
        // The families the answer is judged against for `fallback` (step 9).
        var named = specification.descriptor.families

        // Step 8: fontconfig echoes a spacing request, so FreeType's flag decides; a proportional
        // answer means the families have no fixed-width face, so ask the generic family instead.
        if descriptor.spacing == .monospace, !measured.metrics.isFixedWidth {
            descriptor.families = ["monospace"]
            match = try fontconfig.match(descriptor)
            measured = try measurer.face(file: match.file, index: match.index)
        }

        // The reading font (§33 (The reading font)), asked after the table's own match has shown the style is not
        // monospace: a fixed-width face there is a style for code, which keeps its font.
        if let reading = Self.readingFamily(of: request), !measured.metrics.isFixedWidth {
            var asked = descriptor
            asked.families = [reading] + descriptor.families
            let found = try fontconfig.match(asked)
            // Judged by the reading family alone: when fontconfig has none of it (uninstalled since
            // it was chosen), the table's own match stands, and the answer says it is a fallback.
            named = [reading]
            if !Self.isFallback(requested: named, matched: found.families) {
                (descriptor, match) = (asked, found)
                measured = try measurer.face(file: match.file, index: match.index)
            }
        }

        var face = MatchedFace(
            family: match.families.first ?? "",
            face: match.style,
            postscriptName: match.postscriptName,
            file: match.file,
            index: match.index,
            pointSize: descriptor.size,
            weight: match.weight,
            requestedWeight: specification.requestedWeight,
            width: match.width,
            slant: match.slant,
            spacing: measured.metrics.isFixedWidth ? .monospace : .proportional,
            traits: request.traits,
            // Judged against the families the request named, not the generic re-ask of step 8.
            fallback: Self.isFallback(requested: named, matched: match.families),
            synthetic: SyntheticStyling(bold: match.syntheticBold, oblique: match.syntheticOblique))

        // Step 11: a variable face is measured where the request puts it in its design space.
        var design = measured.metrics
        var variations: [String: Double]?
        if let variation = measured.variation {
            let placement = VariablePlacement(
                variation: variation, specification: specification, descriptor: descriptor, matched: face)
            let varied = try measurer.face(file: match.file, index: match.index, at: placement.placed.coordinates)
            design = varied.metrics
            placement.apply(to: &face, varied: varied)
            // Every axis, with the coordinate the metrics were measured at.
            variations = placement.placed.coordinatesByTag
        }

        let size = descriptor.size
        let scale = size / Double(design.unitsPerEm)
        let metrics = FontMetrics(
            unitsPerEm: design.unitsPerEm,
            ascender: Double(design.ascender) * scale,
            descender: Double(design.descender) * scale,
            lineGap: Double(design.lineGap) * scale,
            capHeight: Double(design.capHeight) * scale,
            xHeight: Double(design.xHeight) * scale,
            underlinePosition: Double(design.underlinePosition) * scale,
            underlineThickness: Double(design.underlineThickness) * scale,
            lineHeight: specification.lineHeight,
            tracking: specification.tracking,
            wordSpacing: specification.wordSpacing,
            paragraphSpacing: specification.paragraphSpacing,
            metricsScale: specification.metricsScale)
        return ResolvedFont(
            style: specification.style, category: request.category, requestedCategory: request.requestedCategory, matchedFace: face,
            metrics: metrics, variations: variations)
    }

    /// The reading font `request` is resolved with, or nil: none is set (or it is blank), the
    /// request names its own families, or it asks for the `monospace` trait (docs/DESIGN.md §33 (The reading font)).
    static func readingFamily(of request: FontRequest) -> String? {
        guard let family = request.readingFont, !family.allSatisfy(\.isWhitespace),
            request.families == nil, !request.traits.contains(.monospace)
        else { return nil }
        return family
    }

    /// A request that named concrete families and got a face belonging to none of them.
    static func isFallback(requested: [String], matched: [String]) -> Bool {
        let concrete = requested.map(normalizedFamily).filter { !genericFamilies.contains($0) }
        guard !concrete.isEmpty else { return false }
        return !matched.map(normalizedFamily).contains(where: concrete.contains)
    }

    /// Family names compare without case and spaces, as fontconfig compares them.
    private static func normalizedFamily(_ name: String) -> String {
        name.lowercased().filter { !$0.isWhitespace }
    }
}
