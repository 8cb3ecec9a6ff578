import Foundation

/// What `fontd desktop install` did, kept in `$XDG_STATE_HOME/fontd/desktop/record.json` so that
/// `uninstall` can undo exactly that: each file it created or changed, with a copy of the
/// original and of what it wrote, and the folders it made (docs/DESIGN.md §28 (The Settings portal backend), "Registration").
struct DesktopRecord: Codable, Sendable {
    /// One file fontd wrote.
    struct File: Codable, Sendable {
        /// Where it is.
        var path: String
        /// Its bytes before the first install; nil when fontd created it.
        var original: Data?
        /// Its permission bits before the first install.
        var originalMode: UInt16?
        /// The bytes fontd last wrote there; a file that no longer holds them was edited since.
        var installed: Data
    }

    var files: [File] = []
    /// Folders fontd made, outermost first; `uninstall` removes them when they are empty again.
    var createdFolders: [String] = []
    /// Whether fontd added its GNOME Shell extension to `org.gnome.shell enabled-extensions` (nil: it did not, or the
    /// record is older than the extension), so that `uninstall` removes it only then.
    var enabledShellExtension: Bool?

    /// The record's path in `paths`.
    static func path(_ paths: DesktopPaths) -> String { paths.recordDir + "/record.json" }

    /// The record in `paths`; nil when nothing is installed.
    static func read(_ paths: DesktopPaths) throws(DesktopInstallError) -> DesktopRecord? {
        let path = path(paths)
        guard let data = try UserFiles.read(path) else { return nil }
        do { return try JSONDecoder().decode(DesktopRecord.self, from: data) } catch {
            throw .unreadableRecord(path: path, reason: "\(error)")
        }
    }

    /// Writes the record (making its folder if needed).
    func write(_ paths: DesktopPaths) throws(DesktopInstallError) {
        _ = try UserFiles.makeFolders(paths.recordDir)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard let data = try? encoder.encode(self) else { return }
        try UserFiles.write(data, to: Self.path(paths), mode: 0o600)
    }

    /// Removes fontd's state folders when nothing else is in them (they are fontd's own, whoever made them).
    static func removeFolders(_ paths: DesktopPaths) {
        UserFiles.removeIfEmpty(paths.recordDir)
        UserFiles.removeIfEmpty((paths.recordDir as NSString).deletingLastPathComponent)
    }

    /// The entry for `path`, if fontd wrote that file.
    func file(at path: String) -> File? { files.first { $0.path == path } }
}
