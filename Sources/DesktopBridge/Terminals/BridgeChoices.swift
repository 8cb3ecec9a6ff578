import DynamicType

/// `serve --bridge`: terminals and editors by name, comma-separated (`kitty,foot`), or `auto`
/// (each whose program is on PATH or whose configuration folder exists) (docs/DESIGN.md §31
/// (Terminals and editors)).
public struct BridgeChoices: Hashable, Sendable {
    /// The programs named, in the order given; empty for `auto`.
    public let names: [String]
    /// Whether `auto` was given: the programs are chosen at start by `isConfigured`.
    public let isAuto: Bool

    /// Why an option string is not a list of programs.
    public struct Invalid: Error, CustomStringConvertible {
        public let description: String
    }

    /// Parses `kitty,alacritty` or `auto`: each name once, `auto` alone.
    public init(parsing argument: String) throws(Invalid) {
        let known = TerminalPrograms.names
        let allowed = (known + ["auto"]).joined(separator: ", ")
        var names: [String] = []
        for item in argument.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            if item == "auto" {
                guard argument == "auto" else {
                    let others = argument.split(separator: ",").filter { $0 != "auto" }.joined(separator: ",")
                    throw Invalid(description: "auto chooses every program found; give it alone, not with \(others).")
                }
                break
            }
            guard known.contains(item) else {
                let guess = NearestNames.didYouMean(NearestNames.suggestion(for: item, among: known + ["auto"]))
                throw Invalid(
                    description: item.isEmpty
                        ? "'\(argument)' has an empty name; expected a comma-separated list of \(allowed)."
                        : "unknown program '\(item)'; expected \(allowed).\(guess)")
            }
            guard !names.contains(item) else { throw Invalid(description: "'\(item)' is named twice in '\(argument)'.") }
            names.append(item)
        }
        self.names = names
        isAuto = argument == "auto"
    }

    /// The programs chosen, as `environment` places them: those named, or with `auto` every one the
    /// reader configured (docs/DESIGN.md §31 (Terminals and editors)).
    public func programs(environment: [String: String]) throws(TerminalTargetError) -> [any TerminalProgram] {
        var programs: [any TerminalProgram] = []
        for programType in TerminalPrograms.all where isAuto || names.contains(programType.name) {
            let program = try programType.init(environment: environment)
            if !isAuto || program.isConfigured { programs.append(program) }
        }
        return isAuto ? programs : names.compactMap { name in programs.first { type(of: $0).name == name } }
    }
}
