#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The reader's Firefox profiles, as `profiles.ini` lists them: in `$XDG_CONFIG_HOME/mozilla/firefox`,
/// where Firefox (ESR 153 among them) makes new ones, and in `~/.mozilla/firefox`, where older installs
/// keep theirs (docs/DESIGN.md §26 (The desktop bridge), "Browsers").
struct FirefoxProfiles {
    /// The folders that may hold a `profiles.ini`.
    let roots: [String]

    init(paths: DesktopPaths, home: String?) {
        roots = [paths.configHome + "/mozilla/firefox"] + (home.map { [$0 + "/.mozilla/firefox"] } ?? [])
    }

    /// Every profile folder named by a `profiles.ini` that exists, each once, in the order listed.
    var folders: [String] {
        var found: [String] = []
        for root in roots {
            guard let text = try? String(contentsOfFile: root + "/profiles.ini", encoding: .utf8) else { continue }
            for folder in Self.profileFolders(in: text, root: root) where !found.contains(folder) && Self.isFolder(folder) {
                found.append(folder)
            }
        }
        return found
    }

    /// The `Path=` of each `[ProfileN]` group, relative to `root` when its `IsRelative=1`.
    static func profileFolders(in text: String, root: String) -> [String] {
        var folders: [String] = []
        var group: (path: String?, relative: Bool)?
        func close() {
            if let group, let path = group.path { folders.append(group.relative ? root + "/" + path : path) }
        }
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("[") {
                close()
                group = line.hasPrefix("[Profile") ? (nil, true) : nil
            } else if group != nil, let equals = line.firstIndex(of: "=") {
                let (key, value) = (line[..<equals], String(line[line.index(after: equals)...]))
                if key == "Path" { group?.path = value }
                if key == "IsRelative" { group?.relative = value == "1" }
            }
        }
        close()
        return folders
    }

    private static func isFolder(_ path: String) -> Bool {
        (try? FileManager.default.contentsOfDirectory(atPath: path)) != nil
    }
}
