/// The launcher `org.fontd.Settings.desktop`, "Text Size", which runs `fontd settings`
/// (docs/DESIGN.md §37 (The reader's control)): the desktop's application menus and search find the
/// control page by it.
enum SettingsLauncher {
    /// The file's name: the desktop-entry specification's reverse-DNS application id.
    static let fileName = "org.fontd.Settings.desktop"

    /// The file, byte for byte the repository's `data/org.fontd.Settings.desktop` (a test compares
    /// them), which the package installs as it is: `fontd` found on `PATH`.
    static let text = """
        [Desktop Entry]
        Type=Application
        Name=Text Size
        GenericName=Text Size Settings
        Comment=Choose how large text is on this desktop, Bold Text, text spacing and a reading font
        Keywords=font;text;size;zoom;accessibility;
        Exec=fontd settings
        Icon=preferences-desktop-font
        Terminal=false
        StartupNotify=false
        Categories=Settings;DesktopSettings;Accessibility;

        """

    /// The file running `executable` by its absolute path (a user's fontd may be where the
    /// session's `PATH` does not look); `text` itself when nil.
    static func text(running executable: String?) -> String {
        guard let executable else { return text }
        // The specification's Exec quoting: a path with a space or a reserved character is double-quoted.
        guard !executable.allSatisfy({ $0.isLetter || $0.isNumber || "/._+-".contains($0) }) else {
            return text.replacingOccurrences(of: "\nExec=fontd ", with: "\nExec=\(executable) ")
        }
        // Inside the quotes `"`, `` ` ``, `$` and `\` take a backslash, and each backslash is then
        // written twice, as every string value's is.
        var quoted = executable.replacingOccurrences(of: "\\", with: "\\\\\\\\")
        for reserved in ["\"", "`", "$"] { quoted = quoted.replacingOccurrences(of: reserved, with: "\\\\" + reserved) }
        return text.replacingOccurrences(of: "\nExec=fontd ", with: "\nExec=\"\(quoted)\" ")
    }

    /// `$XDG_DATA_HOME/applications/org.fontd.Settings.desktop`: a user's launcher.
    static func path(_ paths: DesktopPaths) -> String { paths.dataHome + "/applications/" + fileName }
}
