import DesktopBridge
import Foundation

extension DesktopInstallation {
    /// One file `install` means to write: where, what it holds now, what it will hold.
    struct PlannedFile {
        var path: String
        var current: Data?
        var wanted: Data
        var changes: Bool { current != wanted }
    }

    /// The files `install` writes, with their new contents worked out from the current ones (the
    /// launcher among them; with `qt`, fontd's environment.d file, unless `qtChosenElsewhere`); throws, before anything is
    /// written, when a file cannot be read or parsed.
    func plan(textScalingFactor: Bool, qt: Bool = false, qtChosenElsewhere: String? = nil) throws(DesktopInstallError) -> [PlannedFile] {
        var files: [PlannedFile] = []
        for path in portalFilePaths {
            files.append(PlannedFile(path: path, current: try UserFiles.read(path), wanted: Data(Self.portalFileText.utf8)))
        }
        let target = try portalsConfiguration()
        let current = try UserFiles.read(target.path)
        if let current { _ = try Self.text(current, path: target.path) }
        var configuration = try PortalsConfiguration(bytes: current.map { Array($0) } ?? Array((target.seed ?? "").utf8), path: target.path)
        configuration.putFontdFirst(fallback: try desktopSettingsBackends())
        files.append(PlannedFile(path: target.path, current: current, wanted: Data(configuration.bytes)))
        let choices = paths.portalChoicesFile
        files.append(
            PlannedFile(
                path: choices, current: try UserFiles.read(choices),
                wanted: Data(Self.portalChoicesText(textScalingFactor: textScalingFactor).utf8)))
        let launcher = SettingsLauncher.path(paths)
        files.append(
            PlannedFile(
                path: launcher, current: try UserFiles.read(launcher),
                wanted: Data(SettingsLauncher.text(running: BundledLibrary.runningExecutable).utf8)))
        if qt, qtChosenElsewhere == nil {
            let path = QtThemeChoice.path(paths)
            files.append(PlannedFile(path: path, current: try UserFiles.read(path), wanted: Data(QtThemeChoice.fileText.utf8)))
        }
        files += try plannedShellExtensionFiles()
        // A file the reader made read-only is left alone: refused before anything is written.
        if let readOnly = files.first(where: { $0.changes && ReaderFile(path: $0.path).isReadOnly }) {
            throw .file(.readOnly(file: readOnly.path))
        }
        return files
    }

    /// Writes what `plan` found to change, recording first each file's original (only the first
    /// time: a second install keeps the first one's copy) and the folders it makes; returns what it did.
    /// With `qt`, `QT_QPA_PLATFORMTHEME` for the next login, unless a Qt theme is chosen already.
    func install(textScalingFactor: Bool, qt: Bool = false, environment: [String: String] = [:]) throws(DesktopInstallError) -> [String] {
        let chosen = qt ? QtThemeChoice.chosenElsewhere(environment: environment, paths: paths) : nil
        let files = try plan(textScalingFactor: textScalingFactor, qt: qt, qtChosenElsewhere: chosen)
        var record = try DesktopRecord.read(paths) ?? DesktopRecord()
        var report: [String] = []
        if let chosen { report.append("left \(QtThemeChoice.variable) alone: \(chosen) (a Qt theme is chosen already)") }
        if files.contains(where: \.changes), record.files.isEmpty {
            record.createdFolders += try UserFiles.makeFolders(paths.recordDir)
        }
        for file in files where file.changes {
            record.createdFolders += try UserFiles.makeFolders((file.path as NSString).deletingLastPathComponent)
            if let index = record.files.firstIndex(where: { $0.path == file.path }) {
                record.files[index].installed = file.wanted
            } else {
                record.files.append(
                    .init(path: file.path, original: file.current, originalMode: UserFiles.mode(file.path), installed: file.wanted))
            }
        }
        if files.contains(where: \.changes) { try record.write(paths) }
        for file in files {
            guard file.changes else {
                report.append("unchanged \(file.path)")
                continue
            }
            let mode = UserFiles.mode(file.path) ?? (file.path == paths.portalChoicesFile ? 0o600 : 0o644)
            try UserFiles.replace(file.current, with: file.wanted, at: file.path, mode: mode)
            report.append("\(file.current == nil ? "created" : "changed") \(file.path)")
        }
        if let line = try enableShellExtension(&record) { report.append(line) }
        return report
    }

    /// What `uninstall` did with one file.
    enum Undone {
        case restored(String)
        case removed(String)
        case keptEdited(String, originalCopy: String?)
        case alreadyGone(String)
        case keptLink(String)
        /// fontd's extension taken out of `org.gnome.shell enabled-extensions`.
        case disabled(String)
        /// fontd's extension left in `org.gnome.shell enabled-extensions`, for the reason given.
        case keptEnabled(String, reason: String)

        var line: String {
            switch self {
            case .restored(let path): "restored \(path) as it was before fontd desktop install"
            case .removed(let path): "removed \(path)"
            case .alreadyGone(let path): "\(path) is gone already; left so"
            case .keptLink(let path): "kept \(path): it is a symbolic link of yours, and fontd removes no link"
            case .disabled(let uuid): "removed \(uuid) from \(EnabledExtensions.schema) \(EnabledExtensions.key)"
            case .keptEnabled(let uuid, let reason):
                "left \(uuid) in \(EnabledExtensions.schema) \(EnabledExtensions.key): \(reason) (disable it with gnome-extensions disable \(uuid))"
            case .keptEdited(let path, let copy):
                "kept \(path): it was edited since fontd desktop install, so your version stays"
                    + (copy.map { "; the file as it was before install is in \($0)" } ?? " (fontd had created it)")
            }
        }
    }

    /// Puts back every file `install` changed, byte for byte and with its mode, and removes those
    /// it created and the folders it made; a file edited since is kept as the user left it (their
    /// edit is newer than fontd's), and its pre-install copy is left beside the record. Nil when
    /// nothing is installed.
    func uninstall() throws(DesktopInstallError) -> [Undone]? {
        guard let record = try DesktopRecord.read(paths) else { return nil }
        var undone: [Undone] = disableShellExtension(record).map { [$0] } ?? []
        var keepsCopies = false
        for file in record.files.reversed() {
            let current = try UserFiles.read(file.path)
            if current == nil {
                undone.append(.alreadyGone(file.path))
            } else if current != file.installed {
                var copy: String?
                if let original = file.original {
                    let path = paths.recordDir + "/" + (file.path as NSString).lastPathComponent + ".before-install"
                    try UserFiles.write(original, to: path, mode: file.originalMode ?? 0o644)
                    copy = path
                    keepsCopies = true
                }
                undone.append(.keptEdited(file.path, originalCopy: copy))
            } else if let original = file.original {
                try UserFiles.replace(current, with: original, at: file.path, mode: file.originalMode ?? 0o644)
                undone.append(.restored(file.path))
            } else if UserFiles.isLink(file.path) {
                undone.append(.keptLink(file.path))
            } else {
                try UserFiles.remove(file.path)
                undone.append(.removed(file.path))
            }
        }
        try UserFiles.remove(DesktopRecord.path(paths))
        for folder in record.createdFolders.reversed() { UserFiles.removeIfEmpty(folder) }
        if !keepsCopies { DesktopRecord.removeFolders(paths) }
        return undone
    }
}
