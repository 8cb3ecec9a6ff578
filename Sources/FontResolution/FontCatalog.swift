import DynamicType
import Synchronization

/// The installed faces fontd can resolve to, as fontconfig lists them (`fontd list`, `GET /faces`).
///
/// Needs no style table. A `FontResolver` carries one over its own fontconfig configuration.
public final class FontCatalog: Sendable {
    private let fontconfig: Fontconfig
    private let measurer: FaceMeasurer
    /// Full names already asked for, by file and index (nil: fontconfig has none).
    private let fullNames = Mutex<[FaceLocation: String?]>([:])
    /// The family names, listed once: a catalog belongs to one font set (docs/DESIGN.md §25 (Font set
    /// changes) makes a new one), and listing them costs milliseconds a request must not spend.
    private let families = Mutex<KnownFamilies?>(nil)

    /// The installed families as `installedFamily(named:)` looks them up.
    private struct KnownFamilies: Sendable {
        /// As `familyNames()` answers them.
        var names: [String]
        /// Each by its folded form (`NearestNames.folded`).
        var byFoldedName: [String: String]
        /// The most characters a folded name has.
        var longestCharacters: Int
    }

    private struct FaceLocation: Hashable {
        var file: String
        var index: Int
    }

    /// Initializes fontconfig; call before starting threads.
    ///
    /// - Parameter fontconfigFile: a fontconfig configuration to use instead of `FONTCONFIG_FILE` or the system's.
    public convenience init(fontconfigFile: String? = nil) throws(FontResolutionError) {
        self.init(fontconfig: try Fontconfig(configurationFile: fontconfigFile), measurer: FaceMeasurer())
    }

    /// What the fontconfig configuration was built from (docs/DESIGN.md §25 (Font set changes)).
    public var fontconfigInputs: FontconfigInputs { fontconfig.inputs }

    init(fontconfig: Fontconfig, measurer: FaceMeasurer) {
        self.fontconfig = fontconfig
        self.measurer = measurer
    }

    /// Installed faces, all of them or those of one family (exact family name, not a fallback),
    /// sorted by family, face, file and index. Faces of variable fonts carry their axes.
    public func faces(family: String? = nil) -> [InstalledFace] {
        fontconfig.list(family: family).map(installedFace).sorted {
            ($0.family, $0.face, $0.file, $0.index) < ($1.family, $1.face, $1.file, $1.index)
        }
    }

    /// Every installed family name, as `fc-list : family` lists them (a face with names in several
    /// languages gives each), once each without regard to case and white space, sorted without case.
    public func familyNames() -> [String] { knownFamilies().names }

    private func knownFamilies() -> KnownFamilies {
        if let known = families.withLock({ $0 }) { return known }
        var seen: Set<String> = []
        let names = fontconfig.listedFamilies()
            .filter { seen.insert(NearestNames.folded($0)).inserted }
            .sorted { ($0.lowercased(), $0) < ($1.lowercased(), $1) }
        let folded = names.map { (NearestNames.folded($0), $0) }
        let known = KnownFamilies(
            names: names, byFoldedName: Dictionary(folded, uniquingKeysWith: { first, _ in first }),
            longestCharacters: folded.map(\.0.count).max() ?? 0)
        families.withLock { $0 = known }
        return known
    }

    /// The installed family `name` names, in fontconfig's spelling: the check a reading font passes
    /// before it is kept (docs/DESIGN.md §33 (The reading font)). Names compare as fontconfig compares families,
    /// without case and white space, so `opendyslexic` is `OpenDyslexic`; a generic alias such
    /// as `sans-serif` is not an installed family.
    ///
    /// - Throws: `DynamicTypeError.unknownFamily`, with up to five installed families whose names
    ///   are closest to `name`; `familyNameTooLong` for a name longer than any family's by more than
    ///   `NearestNames.lengthSlack` characters, which no family is compared with.
    public func installedFamily(named name: String) throws(DynamicTypeError) -> String {
        let known = knownFamilies()
        // No family is that long, and a name of 100,000 characters costs one pass over it, no more.
        if NearestNames.isLonger(name, than: known.longestCharacters + NearestNames.lengthSlack) {
            throw .familyNameTooLong(name, longestCharacters: known.longestCharacters)
        }
        let asked = NearestNames.folded(name)
        if !asked.isEmpty, let family = known.byFoldedName[asked] { return family }
        throw .unknownFamily(name, allowed: NearestNames.closest(to: name, among: known.names))
    }

    /// The full name of face `index` of `file` as fontconfig lists it (`DejaVu Sans Bold`), for
    /// CSS `local()`; nil when fontconfig does not list the face or knows no full name.
    public func fullName(file: String, index: Int) -> String? {
        let location = FaceLocation(file: file, index: index)
        if let known = fullNames.withLock({ $0[location] }) { return known }
        let name = fontconfig.fullName(file: file, index: index)
        fullNames.withLock { $0[location] = .some(name) }
        return name
    }

    /// The full name of `face` for CSS `local()` and Capsize's `fullName`: fontconfig's, else its
    /// family and style, as most full names read (`DejaVu Sans Bold`; the family alone for `Regular`).
    public func fullName(of face: MatchedFace) -> String {
        fullName(file: face.file, index: face.index)
            ?? (face.face.isEmpty || face.face == "Regular" ? face.family : face.family + " " + face.face)
    }

    private func installedFace(_ listed: ListedFace) -> InstalledFace {
        let match = listed.match
        var face = InstalledFace(
            family: match.families.first ?? "", face: match.style, postscriptName: match.postscriptName,
            file: match.file, index: match.index, weight: match.weight, width: match.width, slant: match.slant,
            spacing: listed.spacing)
        // A face FreeType cannot open is listed as fontconfig has it.
        guard let variation = try? measurer.face(file: match.file, index: match.index).variation else { return face }
        face.axes = variation.axes
        // fontconfig lists the variable face itself with ranges and no style name: report it at its defaults.
        if listed.isVariableFace {
            if let weight = variation.coordinate("wght") { face.weight = FontWeight(weight) }
            if let width = variation.coordinate("wdth") { face.width = FontWidth(width) }
        }
        if face.face.isEmpty { face.face = "Variable" }
        return face
    }
}
