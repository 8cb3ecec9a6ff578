import CFontconfig
import DynamicType
import Synchronization

/// fontconfig, initialized once, with one configuration that every call passes explicitly.
///
/// `FcFontMatch` on one shared `FcConfig` is safe from many threads (docs/DESIGN.md §20 (Platform facts)); listing is
/// serialized because `FcFontList` may rescan font directories.
final class Fontconfig: @unchecked Sendable {
    let config: OpaquePointer
    private let listLock = Mutex(())

    /// Runs `body` holding the lock every `FcFontList` call takes.
    fileprivate func withListLock<Result>(_ body: () -> Result) -> Result {
        listLock.withLock { _ in body() }
    }

    /// The configuration file given at start; nil: `FONTCONFIG_FILE` or the system's.
    let configurationFile: String?

    /// Loads the configuration: `file`, or else `FONTCONFIG_FILE` or the system's. Call before starting threads.
    init(configurationFile file: String? = nil) throws(FontResolutionError) {
        guard FcInit() != 0 else { throw .fontconfigUnavailable }
        configurationFile = file
        if let file {
            config = try Self.load(file)
        } else if let current = FcConfigReference(nil) {
            // The process's own configuration, which FcInit has just built.
            config = current
        } else {
            throw .fontconfigUnavailable
        }
    }

    /// A configuration built anew from the same file (or `FONTCONFIG_FILE`, or the system's),
    /// reading the font directories again where their caches are out of date; this one is left
    /// as it is for the threads still using it.
    private init(rebuilding file: String?) throws(FontResolutionError) {
        configurationFile = file
        if let file {
            config = try Self.load(file)
        } else if let fresh = FcInitLoadConfigAndFonts() {
            config = fresh
        } else {
            throw .fontconfigUnavailable
        }
    }

    /// A new configuration with `file` parsed and its fonts built.
    private static func load(_ file: String) throws(FontResolutionError) -> OpaquePointer {
        guard let config = FcConfigCreate() else { throw .fontconfigUnavailable }
        guard withFcString(file, { FcConfigParseAndLoad(config, $0, FcTrue) }) != 0, FcConfigBuildFonts(config) != 0 else {
            FcConfigDestroy(config)
            throw .unreadableConfiguration(file: file)
        }
        return config
    }

    /// A new configuration from the same source (docs/DESIGN.md §25 (Font set changes)).
    func rebuilt() throws(FontResolutionError) -> Fontconfig {
        try Fontconfig(rebuilding: configurationFile)
    }

    deinit { FcConfigDestroy(config) }

    /// fontconfig's own check that no configuration file or font directory is newer than its
    /// last check (whole seconds; `FontSet.isOutdated` adds the nanoseconds).
    var isUpToDate: Bool { FcConfigUptoDate(config) != 0 }

    /// The file of every face fontconfig lists.
    func listedFiles() -> [String] { listedValues(FC_FILE) }

    /// Every family name of every face fontconfig lists (a face may have several, as
    /// `fc-list : family` shows them), repeats included.
    func listedFamilies() -> [String] { listedValues(FC_FAMILY) }

    /// Every value of `object` of every face fontconfig lists, in listing order.
    private func listedValues(_ object: String) -> [String] {
        guard let pattern = FcPatternCreate(), let objectSet = FcObjectSetCreate() else { return [] }
        defer {
            FcPatternDestroy(pattern)
            FcObjectSetDestroy(objectSet)
        }
        FcObjectSetAdd(objectSet, object)
        return listLock.withLock { _ in
            guard let fontSet = FcFontList(config, pattern, objectSet) else { return [] }
            defer { FcFontSetDestroy(fontSet) }
            return (0..<Int(fontSet.pointee.nfont)).flatMap { fontSet.pointee.fonts[$0]?.fcStrings(object) ?? [] }
        }
    }

    /// The best face for `descriptor`, with fontconfig's synthesized styling applied.
    func match(_ descriptor: FontDescriptor) throws(FontResolutionError) -> FontconfigMatch {
        guard let pattern = FcPatternCreate() else { throw .noFontInstalled }
        defer { FcPatternDestroy(pattern) }
        // Built with FcPatternAdd* — never FcNameParse — so a family named "Sans:weight=bold" stays a name.
        for family in descriptor.families {
            _ = withFcString(family) { FcPatternAddString(pattern, FC_FAMILY, $0) }
        }
        FcPatternAddDouble(pattern, FC_SIZE, descriptor.size)
        if let weight = descriptor.weight {
            FcPatternAddDouble(pattern, FC_WEIGHT, FcWeightFromOpenTypeDouble(weight.rawValue))
        }
        if let width = descriptor.width { FcPatternAddDouble(pattern, FC_WIDTH, width.rawValue) }
        if let slant = descriptor.slant { FcPatternAddInteger(pattern, FC_SLANT, slant.fontconfigValue) }
        if descriptor.spacing == .monospace { FcPatternAddInteger(pattern, FC_SPACING, FC_MONO) }
        // FcDefaultSubstitute would add variable=false and hide variable faces; with "don't care"
        // an exact named instance still wins, and otherwise the variable face is the answer (step 11).
        FcPatternAddBool(pattern, FC_VARIABLE, FcBool(FcDontCare))

        guard FcConfigSubstitute(config, pattern, FcMatchPattern) != 0 else { throw .noFontInstalled }
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let matched = FcFontMatch(config, pattern, &result) else { throw .noFontInstalled }
        defer { FcPatternDestroy(matched) }
        return FontconfigMatch(matched)
    }

    /// Every installed face, or the faces of one family (fontconfig compares names without case and spaces).
    func list(family: String?) -> [ListedFace] {
        guard let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        if let family { _ = withFcString(family) { FcPatternAddString(pattern, FC_FAMILY, $0) } }
        let objects: [String] = [
            FC_FAMILY, FC_STYLE, FC_POSTSCRIPT_NAME, FC_FILE, FC_INDEX, FC_WEIGHT, FC_WIDTH, FC_SLANT, FC_SPACING, FC_VARIABLE,
        ]
        guard let objectSet = FcObjectSetCreate() else { return [] }
        defer { FcObjectSetDestroy(objectSet) }
        for object in objects { FcObjectSetAdd(objectSet, object) }

        return listLock.withLock { _ in
            guard let fontSet = FcFontList(config, pattern, objectSet) else { return [] }
            defer { FcFontSetDestroy(fontSet) }
            let count = Int(fontSet.pointee.nfont)
            return (0..<count).compactMap { index in fontSet.pointee.fonts[index].map(ListedFace.init) }
        }
    }
}

extension Fontconfig {
    /// The full name of face `index` of `file` (its first `FC_FULLNAME`), when fontconfig lists
    /// that face and knows one.
    func fullName(file: String, index: Int) -> String? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        _ = withFcString(file) { FcPatternAddString(pattern, FC_FILE, $0) }
        FcPatternAddInteger(pattern, FC_INDEX, Int32(truncatingIfNeeded: index))
        guard let objectSet = FcObjectSetCreate() else { return nil }
        defer { FcObjectSetDestroy(objectSet) }
        FcObjectSetAdd(objectSet, FC_FULLNAME)
        return withListLock {
            guard let fontSet = FcFontList(config, pattern, objectSet) else { return nil }
            defer { FcFontSetDestroy(fontSet) }
            guard fontSet.pointee.nfont > 0, let face = fontSet.pointee.fonts[0] else { return nil }
            return face.fcString(FC_FULLNAME)
        }
    }
}

/// A face as `FcFontList` reports it: the match fields, and what only a listing needs.
struct ListedFace: Sendable {
    var match: FontconfigMatch
    /// A listing has no face open; fontconfig records FC_SPACING from the face when it scans.
    var spacing: FontSpacing
    /// The variable face itself, which fontconfig lists with weight and width ranges and no style name.
    var isVariableFace: Bool

    init(_ pattern: OpaquePointer) {
        match = FontconfigMatch(pattern)
        spacing = pattern.fcInteger(FC_SPACING).map { $0 >= FC_MONO ? .monospace : .proportional } ?? .proportional
        isVariableFace = pattern.fcBool(FC_VARIABLE) ?? false
    }
}

/// What fontconfig reports about a matched or listed face, copied out of its pattern.
struct FontconfigMatch: Sendable {
    var file: String
    var index: Int
    var families: [String]
    var style: String
    var postscriptName: String
    var weight: FontWeight
    var width: FontWidth
    var slant: FontSlant
    var syntheticBold: Bool
    var syntheticOblique: Bool

    init(_ pattern: OpaquePointer) {
        file = pattern.fcString(FC_FILE) ?? ""
        index = Int(pattern.fcInteger(FC_INDEX) ?? 0)
        families = pattern.fcStrings(FC_FAMILY)
        style = pattern.fcString(FC_STYLE) ?? ""
        postscriptName = pattern.fcString(FC_POSTSCRIPT_NAME) ?? ""
        weight = FontWeight(pattern.fcDouble(FC_WEIGHT).map { FcWeightToOpenTypeDouble($0) } ?? 400)
        width = FontWidth(pattern.fcDouble(FC_WIDTH) ?? 100)
        slant = FontSlant(fontconfigValue: pattern.fcInteger(FC_SLANT) ?? FC_SLANT_ROMAN)
        syntheticBold = pattern.fcBool(FC_EMBOLDEN) ?? false
        var matrix: UnsafeMutablePointer<FcMatrix>?
        if FcPatternGetMatrix(pattern, FC_MATRIX, 0, &matrix) == FcResultMatch, let matrix {
            syntheticOblique = matrix.pointee.xy != 0
        } else {
            syntheticOblique = false
        }
    }
}

extension FontSlant {
    /// fontconfig's `FC_SLANT` value.
    var fontconfigValue: Int32 {
        switch self {
        case .roman: FC_SLANT_ROMAN
        case .italic: FC_SLANT_ITALIC
        case .oblique: FC_SLANT_OBLIQUE
        }
    }

    init(fontconfigValue value: Int32) {
        self = value >= FC_SLANT_OBLIQUE ? .oblique : value >= FC_SLANT_ITALIC ? .italic : .roman
    }
}
