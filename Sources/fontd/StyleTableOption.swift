/// What every command that takes `--styles` says of it, declared once (docs/DESIGN.md §4 (The style table)).
enum StyleTableOption {
    /// `--styles`'s help: a file, or a bundled table by name.
    static let help = "A style table instead of the default: a file, or the name of a bundled table, such as material3."
}
