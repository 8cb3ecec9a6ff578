/// Why the font system could not answer, in terms a person can act on.
public enum FontResolutionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// fontconfig could not load its configuration (`FONTCONFIG_FILE`, `/etc/fonts`).
    case fontconfigUnavailable
    /// A fontconfig configuration file given by name could not be loaded.
    case unreadableConfiguration(file: String)
    /// A `FontconfigConfiguration` could not be written.
    case unwritableConfiguration(file: String, reason: String)
    /// fontconfig matched nothing at all: no fonts are installed.
    case noFontInstalled
    /// FreeType could not open or measure the matched face.
    case unreadableFace(file: String, index: Int, freeTypeError: Int32)
    /// The matched face has no outlines to measure (a bitmap-only font).
    case notScalable(file: String)

    public var description: String {
        switch self {
        case .fontconfigUnavailable:
            "fontconfig could not load its configuration; check FONTCONFIG_FILE and /etc/fonts."
        case .unreadableConfiguration(let file):
            "fontconfig could not load the configuration file \(file); check that it exists and is valid fonts.conf XML."
        case .unwritableConfiguration(let file, let reason):
            "Could not write the fontconfig configuration file \(file): \(reason)"
        case .noFontInstalled:
            "fontconfig found no fonts at all; install a font package such as fonts-dejavu-core."
        case .unreadableFace(let file, let index, let code):
            "FreeType could not read face \(index) of \(file) (FreeType error \(code))."
        case .notScalable(let file):
            "The matched font \(file) has no scalable outlines to measure."
        }
    }
}
