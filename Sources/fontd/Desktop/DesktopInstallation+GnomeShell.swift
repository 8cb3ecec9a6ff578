import Foundation

extension DesktopInstallation {
    /// What `install` does about fontd's GNOME Shell extension (docs/DESIGN.md §37 (The reader's control)).
    enum ShellExtensionPlan {
        /// Install `flavour`, the one `shell` loads, from `extension`'s source tree.
        case install(shell: GnomeShell, flavour: GnomeShellExtension.Flavour, extension: GnomeShellExtension)
        /// Leave it out, for the reason the line gives.
        case skip(String)
    }

    /// `$XDG_DATA_HOME/gnome-shell/extensions/fontd@fontd.org`, where GNOME Shell finds a user's extension.
    var shellExtensionFolder: String { paths.dataHome + "/gnome-shell/extensions/" + GnomeShellExtension.uuid }

    /// The extension for the GNOME Shell installed here, or why there is none to install.
    var shellExtensionPlan: ShellExtensionPlan {
        let out = "left the GNOME Shell extension \(GnomeShellExtension.uuid) out:"
        guard let shell = gnomeShell else { return .skip("\(out) gnome-shell is not installed") }
        guard let flavour = GnomeShellExtension.Flavour(shellMajor: shell.major) else {
            return .skip("\(out) GNOME Shell \(shell.version) has no Quick Settings (43 and later have)")
        }
        guard let source = GnomeShellExtension.located() else {
            return .skip("\(out) its files are in none of \(GnomeShellExtension.sourceFolders.joined(separator: ", "))")
        }
        return .install(shell: shell, flavour: flavour, extension: source)
    }

    /// The extension's files `install` writes (none when it is left out).
    func plannedShellExtensionFiles() throws(DesktopInstallError) -> [PlannedFile] {
        guard case .install(_, let flavour, let source) = shellExtensionPlan else { return [] }
        var files: [PlannedFile] = []
        for file in try source.files(flavour) {
            let path = shellExtensionFolder + "/" + file.name
            files.append(PlannedFile(path: path, current: try UserFiles.read(path), wanted: file.bytes))
        }
        return files
    }

    /// Adds fontd's extension to `org.gnome.shell enabled-extensions`, keeping the reader's other entries, and records
    /// that fontd added it (so that `uninstall` removes it, and only then); returns the report's line.
    func enableShellExtension(_ record: inout DesktopRecord) throws(DesktopInstallError) -> String? {
        guard case .install(let shell, _, _) = shellExtensionPlan else {
            if case .skip(let line) = shellExtensionPlan { return line }
            return nil
        }
        let uuid = GnomeShellExtension.uuid
        let setting = "\(EnabledExtensions.schema) \(EnabledExtensions.key)"
        let left = { (failure: EnabledExtensions.Failure) in
            "left \(uuid) out of \(setting): \(failure) (enable it later with gnome-extensions enable \(uuid))"
        }
        var list: EnabledExtensions
        do throws(EnabledExtensions.Failure) { list = try EnabledExtensions.read(environment: environment) } catch { return left(error) }
        if list.uuids.contains(uuid) { return "unchanged \(setting): \(uuid) is in it" }
        list.uuids.append(uuid)
        // Recorded before it is written: a crash between the two leaves uninstall knowing what to remove.
        record.enabledShellExtension = true
        try record.write(paths)
        do throws(EnabledExtensions.Failure) { try list.write(environment: environment) } catch {
            record.enabledShellExtension = nil
            try record.write(paths)
            return left(error)
        }
        return "enabled \(uuid) in \(setting); GNOME Shell \(shell.version) loads a new extension when it starts: log out and in again"
    }

    /// Removes fontd's extension from `org.gnome.shell enabled-extensions` if fontd added it, keeping every other entry
    /// as it is now.
    func disableShellExtension(_ record: DesktopRecord) -> Undone? {
        guard record.enabledShellExtension == true else { return nil }
        let uuid = GnomeShellExtension.uuid
        do throws(EnabledExtensions.Failure) {
            var list = try EnabledExtensions.read(environment: environment)
            guard list.uuids.contains(uuid) else { return .alreadyGone("\(uuid) in \(EnabledExtensions.schema) \(EnabledExtensions.key)") }
            list.uuids.removeAll { $0 == uuid }
            try list.write(environment: environment)
            return .disabled(uuid)
        } catch {
            return .keptEnabled(uuid, reason: error.description)
        }
    }
}

extension DesktopInstallation {
    /// `status`'s line on the extension: whether it is in place for the Shell installed here, and enabled.
    var shellExtensionStatus: String {
        let uuid = GnomeShellExtension.uuid
        guard let gnomeShell else { return "GNOME Shell extension \(uuid): gnome-shell is not installed" }
        let shell = "GNOME Shell \(gnomeShell.version)"
        guard FileManager.default.fileExists(atPath: shellExtensionFolder + "/metadata.json") else {
            return "\(shell): \(uuid) is not in \(shellExtensionFolder) (run fontd desktop install)"
        }
        let setting = "\(EnabledExtensions.schema) \(EnabledExtensions.key)"
        do throws(EnabledExtensions.Failure) {
            let enabled = try EnabledExtensions.read(environment: environment).uuids.contains(uuid)
            return "\(shell): \(uuid) is in \(shellExtensionFolder), \(enabled ? "and" : "but not") in \(setting)"
        } catch {
            return "\(shell): \(uuid) is in \(shellExtensionFolder); cannot say whether it is in \(setting): \(error)"
        }
    }
}
