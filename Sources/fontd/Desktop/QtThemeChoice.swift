import Foundation

/// `fontd desktop install --qt`: `QT_QPA_PLATFORMTHEME=qt5ct` for the reader's next login, in a file
/// of fontd's own in `$XDG_CONFIG_HOME/environment.d`, which systemd's user manager reads at login
/// (docs/DESIGN.md §34 (The reader's own sizes)). One value serves both Qt versions: Debian's qt6ct
/// plugin answers to `qt5ct` as well as `qt6ct` (a Qt 6 application then reads `qt6ct.conf`), while
/// qt5ct's answers to `qt5ct` only. Written only where no Qt theme is chosen already.
enum QtThemeChoice {
    /// The variable Qt reads its platform theme from.
    static let variable = "QT_QPA_PLATFORMTHEME"
    /// The theme install chooses.
    static let theme = "qt5ct"
    /// fontd's own file's name: after the system's and most users' own, which are read first.
    static let fileName = "60-fontd-qt.conf"
    /// The file's text.
    static let fileText =
        "# Written by fontd desktop install --qt (fontd desktop uninstall removes it): Qt applications take their\n"
        + "# fonts from qt5ct and qt6ct, whose sizes fontd serve --desktop qt5ct,qt6ct sets.\n\(variable)=\(theme)\n"

    /// The system's folders systemd reads `*.conf` environment files from, besides the user's.
    static let systemFolders = ["/etc/environment.d", "/run/environment.d", "/usr/local/lib/environment.d", "/usr/lib/environment.d"]

    /// Where fontd's file goes.
    static func path(_ paths: DesktopPaths) -> String { paths.configHome + "/environment.d/" + fileName }

    /// Who chose a Qt theme already, as a sentence; nil when no one has (fontd's own file does not count).
    static func chosenElsewhere(environment: [String: String], paths: DesktopPaths) -> String? {
        let own = path(paths)
        let ownText = (try? UserFiles.read(own)).flatMap { $0 }.map { String(decoding: $0, as: UTF8.self) }
        for folder in [paths.configHome + "/environment.d"] + systemFolders {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in names.sorted() where name.hasSuffix(".conf") && folder + "/" + name != own {
                guard let data = try? UserFiles.read(folder + "/" + name), let value = value(in: String(decoding: data, as: UTF8.self))
                else { continue }
                return "\(folder)/\(name) sets \(variable)=\(value)"
            }
        }
        // A session started with fontd's file has the variable from it.
        if let value = environment[variable], !value.isEmpty, ownText.flatMap(Self.value(in:)) != value {
            return "the environment sets \(variable)=\(value)"
        }
        return nil
    }

    /// The value an environment.d file gives the variable; nil when it gives none.
    static func value(in text: String) -> String? {
        var found: String?
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingWhitespace
            guard !trimmed.hasPrefix("#"), let equals = trimmed.firstIndex(of: "="),
                trimmed[..<equals].trimmingWhitespace == variable
            else { continue }
            found = String(trimmed[trimmed.index(after: equals)...].trimmingWhitespace)
        }
        return found
    }
}
