import DynamicType
import FontResolution
import Foundation

/// A fontconfig setup with a reading font beside DejaVu (docs/DESIGN.md §33 (The reading font)): Debian's
/// `fonts-opendyslexic`, whose families are `OpenDyslexic`, `OpenDyslexicAlta` and
/// `OpenDyslexicMono` (CFF `.otf` files; the package's `.woff` copies are left out). In-process
/// tests use `resolver`; child processes get `environment`.
public enum ReadingFonts {
    /// Where `fonts-opendyslexic` installs its OpenType files; `scripts/install-dependencies` installs the package.
    public static let directory = "/usr/share/fonts/opentype/opendyslexic"

    /// The family a dyslexic reader chooses, as fontconfig names it.
    public static let openDyslexic = "OpenDyslexic"

    /// Whether OpenDyslexic is installed; tests that need it say so instead of failing obscurely.
    public static var isInstalled: Bool {
        FileManager.default.fileExists(atPath: directory + "/OpenDyslexic-Regular.otf")
    }

    /// The configuration: the pinned DejaVu fonts and OpenDyslexic. Touching it first points this
    /// process's default fontconfig at the pinned fonts, as `VariableFonts.configFile` does.
    public static let configFile: String = {
        _ = PinnedFonts.configFile
        return PinnedFonts.writeConfiguration(named: "test-fontconfig-reading", directories: [PinnedFonts.fontDirectory, directory])
    }()

    /// The environment for a child process that must see these fonts.
    public static var environment: [String: String] {
        var environment = PinnedFonts.environment
        environment["FONTCONFIG_FILE"] = configFile
        return environment
    }

    /// A resolver over the default table that sees these fonts.
    public static let resolver: FontResolver = resolver(table: Fixtures.defaultTable)

    /// A resolver over `table` that sees these fonts.
    public static func resolver(table: StyleTable) -> FontResolver {
        _ = PinnedFonts.configFile
        do {
            return try FontResolver(table: table, cacheEntries: 1000, fontconfigFile: configFile)
        } catch {
            fatalError("reading-font resolver: \(error)")
        }
    }
}
