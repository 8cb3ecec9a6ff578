import DynamicType

/// One `@font-face` rule: a face a stylesheet names, found on the reader's device by its names
/// or fetched from fontd by the hash of its file (docs/DESIGN.md §22 (The web)).
struct FontFaceRule {
    /// What makes two resolved fonts one face to a browser: the same face of the same file,
    /// under the same family and descriptors.
    struct Identity: Hashable {
        let file: String
        let index: Int
        let family: String
        let weight: FontWeight
        let slant: FontSlant
        let width: FontWidth
    }

    let identity: Identity
    let fullName: String
    let postscriptName: String
    let fileHash: String?

    init(_ style: WebStyle) {
        let face = style.font.matchedFace
        identity = Identity(
            file: face.file, index: face.index, family: face.family, weight: face.weight, slant: face.slant, width: face.width)
        fullName = style.fullName
        postscriptName = face.postscriptName
        fileHash = style.fileHash
    }

    /// One rule per distinct face of `styles`, in the order they are first named; a face keeps
    /// the names and hash of its first style.
    static func distinct(in styles: some Sequence<WebStyle>) -> [FontFaceRule] {
        var seen: Set<Identity> = []
        return styles.map(FontFaceRule.init).filter { seen.insert($0.identity).inserted }
    }

    /// `local("<full name>")`, then `local("<PostScript name>")` when it differs: the face found on the reader's device.
    var localSources: [String] {
        [fullName, postscriptName].reduce(into: [String]()) { names, name in
            if !names.contains(name) { names.append(name) }
        }.map { "local(\(CSSEscaping.string($0)))" }
    }

    /// The rule on one line. `url()` comes last and only with both a base and a hash: a
    /// browser tries the sources in order, so a face installed on the device is never fetched.
    /// `font-display: swap` shows the text in a fallback face while a fetched file arrives,
    /// rather than hiding it.
    func css(fontFileBase: String?) -> String {
        var sources = localSources
        if let fontFileBase, let fileHash {
            var base = Substring(fontFileBase)
            while base.last == "/" { base = base.dropLast() }
            sources.append("url(\(CSSEscaping.string("\(base)/font-files/\(fileHash)")))")
        }
        return "@font-face { font-family: \(CSSEscaping.string(identity.family)); src: \(sources.joined(separator: ", ")); "
            + "font-weight: \(RoundedNumber(identity.weight.rawValue)); font-style: \(StyleValues.keyword(for: identity.slant)); "
            + "font-stretch: \(RoundedNumber(identity.width.rawValue))%; font-display: swap; }"
    }
}
