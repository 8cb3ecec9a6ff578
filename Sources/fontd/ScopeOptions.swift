import ArgumentParser
import DynamicType
import FontdCommandLine

/// `--scope` for the commands that read, change or follow the preferences on a server
/// (docs/DESIGN.md §23 (Reader scopes and scoped tokens)): whose preferences, such as `alice` or `alice/phone`.
struct ScopeOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Whose preferences: a scope such as alice or alice/phone (default: the root scope, the server's own).", valueName: "scope"))
    var scope: Checked<PreferenceScope>?

    /// Refuses a `--scope` that is no scope before the command runs, in the model's words.
    mutating func validate() throws {
        _ = try parsed()
    }

    /// `--scope` as a scope; the root scope when it is not given.
    ///
    /// - Throws: `DynamicTypeError.invalidScope`, saying what is wrong with the text (which
    ///   `validate()` has already thrown).
    func parsed() throws(DynamicTypeError) -> PreferenceScope {
        try scope?.value() ?? .root
    }

    /// `--scope` for a `clear` command, which the root scope cannot take.
    func clearable() throws -> PreferenceScope {
        let scope = try parsed()
        guard !scope.isRoot else {
            throw ValidationError("Clearing needs --scope SCOPE: the root scope has nothing to inherit from; use set to change its value.")
        }
        return scope
    }
}
