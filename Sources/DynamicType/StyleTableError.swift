/// Why a style table could not be loaded: the file, where in it, and what is wrong.
public enum StyleTableError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(file: String, reason: String)
    /// The file is not JSON, or a value at `path` (`styles[5].sizes.ax5.size`) is wrong.
    case invalid(file: String, path: String, reason: String)
    /// No table was found at any of the places searched, in search order.
    case notFound(searched: [String])
    /// A name (`materail3`) that is neither a file nor a bundled table; `bundled` are the names there are.
    case unknownName(String, bundled: [String])

    /// The bundled table the asker most likely meant (`material3` for `materail3`), when one is near enough.
    public var suggestion: String? {
        guard case .unknownName(let name, let bundled) = self else { return nil }
        return NearestNames.suggestion(for: name, among: bundled)
    }

    public var description: String {
        switch self {
        case .unreadable(let file, let reason):
            "Cannot read the style table \(file): \(reason)."
        case .invalid(let file, let path, let reason):
            path.isEmpty ? "Invalid style table \(file): \(reason)." : "Invalid style table \(file): \(path): \(reason)."
        case .notFound(let searched):
            "No style table found; looked in: \(searched.joined(separator: ", ")). Pass --styles FILE or set FONTD_STYLES."
        case .unknownName(let name, let bundled):
            "No style table '\(name)': no such file, nor a bundled table of that name."
                + NearestNames.didYouMean(suggestion)
                + (bundled.isEmpty ? " No bundled table was found." : " The bundled tables: \(bundled.joined(separator: ", ")).")
        }
    }
}
