import CFontconfig
import Glibc

/// What a fontconfig configuration was built from (docs/DESIGN.md §25 (Font set changes)): the files and
/// directories whose change can change its answers. The server stamps them to notice fonts
/// installed while it runs; the command line's answer cache is valid while none changed.
public struct FontconfigInputs: Hashable, Sendable {
    /// Every configuration file fontconfig read (`fonts.conf` and what it included).
    public var configurationFiles: [String]
    /// The configuration directories (`conf.d`): a file added to one changes the directory.
    public var configurationDirectories: [String]
    /// The font directories, with every directory below them that fontconfig scanned.
    public var fontDirectories: [String]
    /// Where fontconfig keeps its caches.
    public var cacheDirectories: [String]
    /// Places whose appearing changes the configuration though fontconfig did not read them: the
    /// directories holding its configuration files (`local.conf` beside `fonts.conf`), and the
    /// user configuration places Debian's `50-user.conf` and `51-local.conf` include only when
    /// they exist.
    public var conditionalPlaces: [String]

    public init(
        configurationFiles: [String], configurationDirectories: [String], fontDirectories: [String], cacheDirectories: [String],
        conditionalPlaces: [String] = []
    ) {
        self.configurationFiles = configurationFiles
        self.configurationDirectories = configurationDirectories
        self.fontDirectories = fontDirectories
        self.cacheDirectories = cacheDirectories
        self.conditionalPlaces = conditionalPlaces
    }

    /// Every path, each once, in the order above.
    public var allPaths: [String] {
        var seen = Set<String>()
        return (configurationFiles + configurationDirectories + fontDirectories + cacheDirectories + conditionalPlaces)
            .filter { seen.insert($0).inserted }
    }

    /// The places of `conditionalPlaces` for `configurationFiles`: their directories, then
    /// `$XDG_CONFIG_HOME/fontconfig/conf.d` and `fonts.conf` (else under `~/.config`),
    /// `/etc/fonts/local.conf`, `~/.fonts.conf.d` and `~/.fonts.conf`.
    static func conditionalPlaces(for configurationFiles: [String]) -> [String] {
        let directories = configurationFiles.map { file in file.lastIndex(of: "/").map { String(file[..<$0]) } ?? file }
        let home = getenv("HOME").map { String(cString: $0) } ?? ""
        let configuration =
            getenv("XDG_CONFIG_HOME").map { String(cString: $0) }.flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        var places = [configuration + "/fontconfig/conf.d", configuration + "/fontconfig/fonts.conf", "/etc/fonts/local.conf"]
        if !home.isEmpty { places += [home + "/.fonts.conf.d", home + "/.fonts.conf"] }
        return directories + places
    }
}

extension Fontconfig {
    /// The inputs of this configuration, as fontconfig reports them.
    var inputs: FontconfigInputs {
        let files = Self.strings(FcConfigGetConfigFiles(config))
        return FontconfigInputs(
            configurationFiles: files,
            configurationDirectories: Self.strings(FcConfigGetConfigDirs(config)),
            fontDirectories: Self.strings(FcConfigGetFontDirs(config)),
            cacheDirectories: Self.strings(FcConfigGetCacheDirs(config)),
            conditionalPlaces: FontconfigInputs.conditionalPlaces(for: files))
    }

    /// The strings of `list`, which this call frees.
    private static func strings(_ list: OpaquePointer?) -> [String] {
        guard let list else { return [] }
        defer { FcStrListDone(list) }
        var strings: [String] = []
        while let next = FcStrListNext(list) { strings.append(String(cString: next)) }
        return strings
    }
}
