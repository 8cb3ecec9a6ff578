import DynamicType
import FontResolution
import Foundation

/// A fontconfig setup with variable fonts beside DejaVu: Inter (`wght`, and `slnt` in one file;
/// Debian's `fonts-inter-variable`) and Roboto Flex (13 axes with `opsz`, MVAR; committed under
/// `Tests/Fonts` with its licence). In-process tests use `resolver`, which has its own fontconfig
/// configuration; child processes get `environment`.
public enum VariableFonts {
    /// Where `fonts-inter-variable` installs Inter; `scripts/install-dependencies` installs the package.
    public static let interDirectory = "/usr/share/fonts/truetype/inter-vf"
    public static let robotoFlexDirectory = TestPaths.packageRoot.appendingPathComponent("Tests/Fonts/RobotoFlex").path
    public static let robotoFlex = URL(fileURLWithPath: robotoFlexDirectory).appendingPathComponent("RobotoFlex.ttf")

    /// Whether Inter is installed; tests that need it say so instead of failing obscurely.
    public static var interIsInstalled: Bool {
        FileManager.default.fileExists(atPath: interDirectory + "/Inter.var.ttf")
    }

    /// Touching it also points this process's default fontconfig at the pinned fonts (see
    /// `pinDefaultConfiguration`), whichever test makes the first fontconfig call.
    public static let configFile: String = {
        pinDefaultConfiguration()
        return PinnedFonts.writeConfiguration(
            named: "test-fontconfig-variable", directories: [PinnedFonts.fontDirectory, interDirectory, robotoFlexDirectory])
    }()

    /// The process's first fontconfig call loads the default configuration, from `FONTCONFIG_FILE`;
    /// a resolver with a configuration of its own makes that call too. Were it the first, the
    /// default would be the machine's every font, and `Fixtures.resolver` (which uses the default)
    /// would list them all: so `FONTCONFIG_FILE` is set before any of these configurations is used.
    private static func pinDefaultConfiguration() { _ = PinnedFonts.configFile }

    /// The environment for a child process that must see these fonts.
    public static var environment: [String: String] {
        var environment = PinnedFonts.environment
        environment["FONTCONFIG_FILE"] = configFile
        return environment
    }

    /// A fontconfig configuration that sees DejaVu and a copy of Roboto Flex whose MVAR table is hidden
    /// (its directory entry renamed `mvar`): a variable font whose OS/2 x-height is stale away from the
    /// defaults, so only its outlines tell the truth.
    public static let robotoFlexWithoutMVARConfigFile: String = {
        pinDefaultConfiguration()
        let directory = TestPaths.packageRoot.appendingPathComponent(".build/test-fonts-without-mvar")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var bytes = (try? [UInt8](Data(contentsOf: robotoFlex))) ?? []
        // The table directory: a 12-byte header with numTables at 4, then 16-byte records starting with the tag.
        let tableCount = bytes.count > 6 ? Int(bytes[4]) << 8 | Int(bytes[5]) : 0
        for record in stride(from: 12, to: min(12 + 16 * tableCount, bytes.count - 4), by: 16)
        where bytes[record..<record + 4].elementsEqual("MVAR".utf8) {
            bytes.replaceSubrange(record..<record + 4, with: "mvar".utf8)
        }
        try? Data(bytes).write(to: directory.appendingPathComponent("RobotoFlex.ttf"), options: .atomic)
        return PinnedFonts.writeConfiguration(
            named: "test-fontconfig-without-mvar", directories: [PinnedFonts.fontDirectory, directory.path])
    }()

    /// A resolver over the default table that sees these fonts.
    public static let resolver: FontResolver = {
        _ = PinnedFonts.configFile
        do {
            return try FontResolver(table: Fixtures.defaultTable, cacheEntries: 1000, fontconfigFile: configFile)
        } catch {
            fatalError("variable-font resolver: \(error)")
        }
    }()
}
