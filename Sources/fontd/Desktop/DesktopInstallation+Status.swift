import DesktopBridge
import FontdCommandLine

extension DesktopInstallation {
    /// fontd's names on the session bus: its own API (docs/DESIGN.md §27 (The session bus)) and the portal backend's (§28 (The Settings portal backend)).
    static let busNames = ["org.fontd.Fontd1", "org.freedesktop.impl.portal.desktop.fontd"]

    /// Whether this xdg-desktop-portal sees fontd's backend, and what to do when it cannot.
    var visibilityAdvice: [String] {
        guard let portal else {
            return [
                "No xdg-desktop-portal is installed (looked for \(XDGDesktopPortal.knownExecutables.joined(separator: ", "))); xdg-desktop-portal 1.20.1 and later will read fontd.portal from \(paths.userPortalDir)."
            ]
        }
        var advice: [String] = []
        let name = "xdg-desktop-portal \(portal.version)"
        if let folder = portalFileSeenIn {
            advice.append("\(name) reads fontd.portal from \(folder).")
        } else {
            advice.append(
                "\(name) reads .portal files only from \(portal.systemPortalDir) (or, when XDG_DESKTOP_PORTAL_DIR is set in its environment, from that folder alone), "
                    + "and fontd.portal is not there: this version cannot see a backend of the user's without root. "
                    + "To proceed, install the fontd package, which puts fontd.portal there, or run: \(systemInstallCommand) "
                    + "(xdg-desktop-portal 1.20.1 and later read \(paths.userPortalDir), where it is now).")
        }
        if !portal.readsPortalsConf {
            advice.append(
                "\(name) has no portals.conf: it asks every installed Settings backend, first those whose UseIn names the desktop; the portals.conf entry is for 1.17 and later."
            )
        } else if paths.portalDirOverride != nil, portal.version >= PortalVersion(1, 17, 1) {
            advice.append(
                "XDG_DESKTOP_PORTAL_DIR is set: \(name) then reads portals.conf from that folder only, not from \(paths.userPortalConfigDir)."
            )
        }
        return advice
    }

    /// The one command that puts fontd.portal where every xdg-desktop-portal reads it: the system's folder.
    var systemInstallCommand: String {
        let folder = (portal ?? XDGDesktopPortal.assumed).systemPortalDir
        return "sudo install -D -m 644 \(paths.userPortalDir)/\(Self.portalFileName) \(folder)/\(Self.portalFileName)"
    }

    /// Prints what is installed, whether the portal sees it and whether fontd's bus names have an
    /// owner; returns whether everything is installed as written and seen.
    func printStatus(environment: [String: String], printLine: (String) -> Void = Output.printLine) throws -> Bool {
        printLine(portal.map { "xdg-desktop-portal \($0.version) (\($0.executable))" } ?? "xdg-desktop-portal: not installed")
        let record = try DesktopRecord.read(paths)
        var asInstalled = record != nil
        if let record {
            printLine("installed by fontd desktop install (record: \(DesktopRecord.path(paths))):")
            for file in record.files {
                let current = try UserFiles.read(file.path)
                let state = current == nil ? "missing" : current == file.installed ? "as installed" : "edited since install"
                asInstalled = asInstalled && current == file.installed
                printLine("  \(file.path): \(state) (\(file.original == nil ? "created" : "changed") by install)")
            }
        } else {
            printLine("not installed: no \(DesktopRecord.path(paths)) (run fontd desktop install)")
        }
        visibilityAdvice.forEach(printLine)
        let target = try portalsConfiguration()
        if let data = try UserFiles.read(target.path) {
            _ = try Self.text(data, path: target.path)
            let first = try PortalsConfiguration(bytes: Array(data), path: target.path).hasFontdFirst
            let readOnly = ReaderFile(path: target.path).isReadOnly ? " (read-only: fontd leaves it alone)" : ""
            printLine("\(target.path): fontd \(first ? "is" : "is not") first for \(PortalsConfiguration.settingsKey)\(readOnly)")
        }
        printLine(shellExtensionStatus)
        printLine("portal backend answers text-scaling-factor: \(Self.textScalingFactorChosen(environment: environment) ? "yes" : "no")")
        let owners = Self.busNames.map { SessionBusNames.owners(of: [$0], environment: environment)[$0] ?? .unknown("not asked") }
        if case .unknown(let reason) = owners.first, owners.allSatisfy({ $0 == owners.first }) {
            // One reason for every name (no bus, no gdbus): said once.
            printLine("\(Self.busNames.joined(separator: ", ")): cannot say whether owned, \(reason)")
        } else {
            for (name, answer) in zip(Self.busNames, owners) {
                switch answer {
                case .owned: printLine("\(name): owned on the session bus")
                case .notOwned: printLine("\(name): not owned on the session bus (is fontd serve --dbus running?)")
                case .unknown(let reason): printLine("\(name): cannot say whether owned, \(reason)")
                }
            }
        }
        return asInstalled && portalFileSeenIn != nil
    }
}
