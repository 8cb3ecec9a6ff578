import CommandLineCache
import DynamicType
import FontResolution
import Foundation

/// What the local commands' answers are made from, named for the command line's answer cache
/// (docs/DESIGN.md §18 (The command line)).
extension AnswerInputs {
    /// The places `StyleTable.locate(explicit:)` looks, named before it reads them: the file it
    /// reads and those before it (one that appears takes its place).
    static func recordStyleTable(explicit: String?) {
        record(StyleTable.searchPath(explicit: explicit).map(\.path))
    }

    /// What fontconfig built its configuration from (files, configuration directories, font
    /// directories with those below, cache directories) and the places whose appearing would
    /// change it (`FontconfigInputs.conditionalPlaces`: the user's configuration places that the
    /// system's rules include only when they exist, `local.conf` beside `fonts.conf`).
    static func record(_ inputs: FontconfigInputs) {
        record(inputs.allPaths)
    }
}
