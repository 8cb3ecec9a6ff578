/// One terminal or editor that fontd tells the reader's text size (docs/DESIGN.md §31 (Terminals
/// and editors)), through a file of fontd's own that the reader's configuration includes once, or
/// (VS Code) the two values of its settings, edited in place.
///
/// `apply` and `exclude` are called from one thread at a time (the runner's queue).
public protocol TerminalProgram: Sendable {
    /// The name `--bridge` takes and the target's scope ends with: `kitty`, `alacritty`, …
    static var name: String { get }
    /// The program as `environment` (XDG_CONFIG_HOME, HOME, PATH) places it.
    init(environment: [String: String]) throws(TerminalTargetError)
    /// Whether `--bridge auto` chooses it: the program is on PATH or its configuration folder exists.
    var isPresent: Bool { get }
    /// Writes `size` to fontd's file (and the include line, the first time), then tells running
    /// instances. The same size again writes nothing and tells nobody.
    func apply(_ size: TerminalFontSize) throws(TerminalTargetError) -> TerminalOutcome
    /// Removes fontd's include line and fontd's file: the reader's configuration is byte for byte
    /// what it was before fontd.
    func exclude() throws(TerminalTargetError)
}
