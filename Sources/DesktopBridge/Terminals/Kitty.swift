import Glibc

/// kitty (docs/DESIGN.md §31 (Terminals and editors)): `font_size` in `fontd.conf`, which
/// `kitty.conf` includes at its end; each running kitty that reads this configuration is sent
/// `SIGUSR1`, on which it reloads its configuration and resizes every window's font. kitty reads
/// top to bottom, the last `font_size` winning: the reader's own line above the include is the
/// base (docs/DESIGN.md §34 (The reader's own sizes)), and one below it moves the include to the end.
public struct Kitty: TerminalProgram {
    public static let name = "kitty"
    /// kitty.conf(5): `font_size 11.0`, in points.
    static let fontSize = TerminalSize("font_size", programDefault: 11)
    public static let sizes = [fontSize]
    let folder: ConfigurationFolder
    let environment: [String: String]

    public init(environment: [String: String]) throws(TerminalTargetError) {
        self.environment = environment
        if let own = environment["KITTY_CONFIG_DIRECTORY"], own.hasPrefix("/") {
            folder = ConfigurationFolder(path: own, environment: environment)
        } else {
            folder = try ConfigurationFolder("kitty", environment: environment)
        }
    }

    /// fontd's file.
    public var fontdFile: String { folder.file("fontd.conf") }
    /// The reader's file, which includes fontd's.
    public var readerFile: String { folder.file("kitty.conf") }

    static let include = IncludeBlock(
        comment: "# The reader's text size, from fontd (fontd desktop exclude kitty removes these lines)", line: "include fontd.conf")

    public var isPresent: Bool { ConfigurationFolder.isOnPath("kitty", environment: environment) || folder.exists }
    public var isConfigured: Bool { folder.exists }

    public func found() throws(TerminalTargetError) -> [String: TerminalSize.Found] {
        let lines = try ConfigurationFolder.read(readerFile).map(Self.include.readerLines) ?? []
        return [Self.fontSize.name: TerminalSize.Found(value: ConfigurationLine.lastNumber(of: "font_size", in: lines, equals: false))]
    }

    public func apply(_ sizes: TerminalSizes) throws(TerminalTargetError) -> TerminalOutcome {
        let size = sizes[Self.fontSize]
        let wrote = try folder.write("# Written by fontd: the reader's text size.\nfont_size \(size.decimal)\n", to: fontdFile)
        let included = try Self.include.include(in: readerFile, of: folder) { after in
            ConfigurationLine.lastNumber(of: "font_size", in: after.map { FileBytes.text($0) }, equals: false) != nil
        }
        guard wrote || included else { return .unchanged }
        let told = RunningProgram.all(named: "kitty", handling: SIGUSR1).filter(readsThisFolder).filter { kill($0.pid, SIGUSR1) == 0 }
        return .applied("font_size \(size.decimal); \(told.count) running kitty told to reload (SIGUSR1)")
    }

    public func exclude() throws(TerminalTargetError) {
        try Self.include.exclude(from: readerFile, of: folder)
        try folder.remove(fontdFile)
    }

    /// Whether `kitty` reads its configuration from this folder (its own environment says where).
    private func readsThisFolder(_ kitty: RunningProgram) -> Bool {
        (try? Kitty(environment: kitty.environment))?.folder.path == folder.path
    }
}
