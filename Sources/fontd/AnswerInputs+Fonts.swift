import CommandLineCache
import DynamicType
import FontResolution
import Foundation

/// What the local commands' answers are made from, named for the command line's answer cache
/// (docs/DESIGN.md §18).
extension AnswerInputs {
    /// The places `StyleTable.locate(explicit:)` looks, named before it reads them: the file it
    /// reads and those before it (one that appears takes its place).
    static func recordStyleTable(explicit: String?) {
        record(StyleTable.searchPath(explicit: explicit).map(\.path))
    }

    /// What fontconfig built its configuration from (files, configuration directories, font
    /// directories with those below, cache directories), the directories of its configuration
    /// files (where `local.conf` appears beside `fonts.conf`), and the user's configuration
    /// places that the system's rules (`50-user.conf`) include only when they exist, so that
    /// creating one is seen.
    static func record(_ inputs: FontconfigInputs) {
        let directoriesOfFiles = inputs.configurationFiles.map { file in
            file.lastIndex(of: "/").map { String(file[..<$0]) } ?? file
        }
        record(inputs.allPaths + directoriesOfFiles + userConfigurationPlaces())
    }

    /// `$XDG_CONFIG_HOME/fontconfig/{conf.d,fonts.conf}` (else under `~/.config`), `~/.fonts.conf.d`,
    /// `~/.fonts.conf`, and `/etc/fonts/local.conf` (which `51-local.conf` includes).
    private static func userConfigurationPlaces() -> [String] {
        let environment = ProcessInfo.processInfo.environment
        let home = environment["HOME"] ?? ""
        let configuration = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        var places = [configuration + "/fontconfig/conf.d", configuration + "/fontconfig/fonts.conf", "/etc/fonts/local.conf"]
        if !home.isEmpty { places += [home + "/.fonts.conf.d", home + "/.fonts.conf"] }
        return places
    }
}
