/// Every terminal and editor fontd can tell the reader's size, by name: the table `--bridge`
/// parses against and `auto` goes through (docs/DESIGN.md §31 (Terminals and editors)).
public enum TerminalPrograms {
    /// Each program's type, in the order `--bridge` lists them.
    public static let all: [any TerminalProgram.Type] = [
        Kitty.self, Alacritty.self, Foot.self, WezTerm.self, Ghostty.self, VisualStudioCode.self,
    ]

    /// The names `--bridge` takes.
    public static var names: [String] { all.map { $0.name } }

    /// The program named `name`; nil for a name not in `names`.
    public static func named(_ name: String) -> (any TerminalProgram.Type)? {
        all.first { $0.name == name }
    }
}
