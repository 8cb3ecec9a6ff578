import DynamicType

/// The installed faces fontd can resolve to, as fontconfig lists them (`fontd list`, `GET /faces`).
///
/// Needs no style table. A `FontResolver` carries one over its own fontconfig configuration.
public final class FontCatalog: Sendable {
    private let fontconfig: Fontconfig

    /// Initializes fontconfig; call before starting threads.
    public convenience init() throws(FontResolutionError) {
        self.init(fontconfig: try Fontconfig())
    }

    init(fontconfig: Fontconfig) {
        self.fontconfig = fontconfig
    }

    /// Installed faces, all of them or those of one family (exact family name, not a fallback),
    /// sorted by family, face, file and index.
    public func faces(family: String? = nil) -> [InstalledFace] {
        fontconfig.list(family: family).sorted {
            ($0.family, $0.face, $0.file, $0.index) < ($1.family, $1.face, $1.file, $1.index)
        }
    }
}
