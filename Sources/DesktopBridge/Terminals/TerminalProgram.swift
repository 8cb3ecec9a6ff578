/// One terminal or editor that fontd tells the reader's text size (docs/DESIGN.md §31 (Terminals
/// and editors)), through a file of fontd's own that the reader's configuration includes once, or
/// (VS Code, Alacritty's own `font.size`) the reader's values, edited in place. Each size is the
/// reader's own × the category's ratio (docs/DESIGN.md §34 (The reader's own sizes)): the program
/// says what the reader's configuration holds, `TerminalTarget` keeps the bases and scales them.
///
/// `sizes`, `apply` and `exclude` are called from one thread at a time (the runner's queue).
public protocol TerminalProgram: Sendable {
    /// The name `--bridge` takes and the target's scope ends with: `kitty`, `alacritty`, …
    static var name: String { get }
    /// The sizes the program takes, each with its default.
    static var sizes: [TerminalSize] { get }
    /// The program as `environment` (XDG_CONFIG_HOME, HOME, PATH) places it.
    init(environment: [String: String]) throws(TerminalTargetError)
    /// Whether a named program is there to tell: it is on PATH or its configuration folder exists.
    var isPresent: Bool { get }
    /// Whether `--bridge auto` chooses it: the reader configured it (its configuration folder
    /// exists). A program only on PATH, never configured, is not auto's to give a configuration.
    var isConfigured: Bool { get }
    /// What the reader's own configuration says of each of `sizes` now, by name (fontd's own file
    /// not read).
    func found() throws(TerminalTargetError) -> [String: TerminalSize.Found]
    /// Writes `sizes` to fontd's file (and the include line, the first time) or in place, then
    /// tells running instances. The same sizes again write nothing and tell nobody.
    func apply(_ sizes: TerminalSizes) throws(TerminalTargetError) -> TerminalOutcome
    /// Removes fontd's include line and fontd's file, and puts back what it edited in place: the
    /// reader's configuration is byte for byte what it was before fontd.
    func exclude() throws(TerminalTargetError)
}

extension TerminalProgram {
    /// Writes `size` as every one of the program's sizes.
    @discardableResult
    public func apply(_ size: TerminalFontSize) throws(TerminalTargetError) -> TerminalOutcome {
        try apply(TerminalSizes(points: Dictionary(uniqueKeysWithValues: Self.sizes.map { ($0.name, size.points) }), family: size.family))
    }
}
