import Glibc

/// Ghostty (docs/DESIGN.md §31 (Terminals and editors)): `font-size` in `fontd`, which the
/// reader's `config` names with `config-file = fontd`; a running Ghostty is asked to reload through
/// its GTK application's `reload-config` action (`org.gtk.Actions.Activate` on
/// `com.mitchellh.ghostty`), only when that name has an owner, so that the bus never starts one.
public struct Ghostty: TerminalProgram {
    public static let name = "ghostty"
    /// Ghostty's `font-size`, in points: 12 on Linux (13 on macOS).
    static let fontSize = TerminalSize("font-size", programDefault: 12)
    public static let sizes = [fontSize]
    /// The bus name a running Ghostty owns.
    public static let busName = "com.mitchellh.ghostty"
    let folder: ConfigurationFolder
    let environment: [String: String]

    public init(environment: [String: String]) throws(TerminalTargetError) {
        self.environment = environment
        folder = try ConfigurationFolder("ghostty", environment: environment)
    }

    /// fontd's file.
    public var fontdFile: String { folder.file("fontd") }
    /// The reader's file: `config.ghostty` when it exists (Ghostty 1.2), else `config`.
    public var readerFile: String {
        access(folder.file("config.ghostty"), F_OK) == 0 ? folder.file("config.ghostty") : folder.file("config")
    }

    static let include = IncludeBlock(
        comment: "# The reader's text size, from fontd (fontd desktop exclude ghostty removes these lines)", line: "config-file = fontd")

    public var isPresent: Bool { ConfigurationFolder.isOnPath("ghostty", environment: environment) || folder.exists }
    public var isConfigured: Bool { folder.exists }

    /// The reader's own `font-size` in their file. Ghostty loads a `config-file` after the file
    /// that names it, so fontd's wins wherever the line stands.
    public func found() throws(TerminalTargetError) -> [String: TerminalSize.Found] {
        let lines = try ConfigurationFolder.read(readerFile).map(Self.include.readerLines) ?? []
        return [Self.fontSize.name: TerminalSize.Found(value: ConfigurationLine.lastNumber(of: "font-size", in: lines, equals: true))]
    }

    public func apply(_ sizes: TerminalSizes) throws(TerminalTargetError) -> TerminalOutcome {
        let size = sizes[Self.fontSize]
        let wrote = try folder.write(
            "# Written by fontd: the reader's text size.\nfont-size = \(size.shortest)\n", to: fontdFile)
        let included = try Self.include.include(in: readerFile, of: folder)
        guard wrote || included else { return .unchanged }
        return .applied("font-size \(size.shortest); " + (reload() ? "the running Ghostty reloaded it" : "no Ghostty running"))
    }

    public func exclude() throws(TerminalTargetError) {
        try Self.include.exclude(from: readerFile, of: folder)
        try folder.remove(fontdFile)
    }

    /// Asks the running Ghostty to reload its configuration; false when none owns the name (or
    /// `environment` names no session bus, or there is no `gdbus`).
    private func reload() -> Bool {
        guard let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty else { return false }
        let owned = try? ProgramRun(
            [
                "gdbus", "call", "--address", address, "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                "--method", "org.freedesktop.DBus.GetNameOwner", Self.busName,
            ], input: "")
        guard owned?.status == 0 else { return false }
        let activated = try? ProgramRun(
            [
                "gdbus", "call", "--address", address, "--dest", Self.busName, "--object-path", "/com/mitchellh/ghostty",
                "--method", "org.gtk.Actions.Activate", "reload-config", "[]", "{}",
            ], input: "")
        return activated?.status == 0
    }
}
