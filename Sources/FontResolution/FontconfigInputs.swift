import CFontconfig

/// What a fontconfig configuration was built from (docs/DESIGN.md §25): the files and
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

    public init(configurationFiles: [String], configurationDirectories: [String], fontDirectories: [String], cacheDirectories: [String]) {
        self.configurationFiles = configurationFiles
        self.configurationDirectories = configurationDirectories
        self.fontDirectories = fontDirectories
        self.cacheDirectories = cacheDirectories
    }

    /// Every path, each once, in the order above.
    public var allPaths: [String] {
        var seen = Set<String>()
        return (configurationFiles + configurationDirectories + fontDirectories + cacheDirectories).filter { seen.insert($0).inserted }
    }
}

extension Fontconfig {
    /// The inputs of this configuration, as fontconfig reports them.
    var inputs: FontconfigInputs {
        FontconfigInputs(
            configurationFiles: Self.strings(FcConfigGetConfigFiles(config)),
            configurationDirectories: Self.strings(FcConfigGetConfigDirs(config)),
            fontDirectories: Self.strings(FcConfigGetFontDirs(config)),
            cacheDirectories: Self.strings(FcConfigGetCacheDirs(config)))
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
