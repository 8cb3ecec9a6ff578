import ArgumentParser
import DesktopBridge
import FontdCommandLine
import Foundation

/// `fontd desktop install | uninstall | status`: fontd as the user's Settings portal backend,
/// so that GTK and Flutter apps read the reader's text size through xdg-desktop-portal; no root
/// (docs/DESIGN.md §28 (The Settings portal backend), "Registration").
struct DesktopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "desktop",
        abstract: "Make fontd the user's Settings portal backend, undo it, or say whether it is; exclude or include a desktop target.",
        subcommands: [Install.self, Uninstall.self, Status.self, Exclude.self, Include.self])

    /// Where install and uninstall find the browser extension's files.
    struct BrowserExtensionFolderOption: ParsableArguments {
        @Option(
            help: ArgumentHelp(
                "The folder holding fontd.crx and browser@fontd.org.xpi (default: share/fontd/browser beside fontd's bin folder, where scripts/install and the package put them).",
                valueName: "path"))
        var browserExtensionFolder: String?

        func installation() throws -> BrowserExtensionInstallation {
            try BrowserExtensionInstallation(environment: ProcessInfo.processInfo.environment, extensionFolder: browserExtensionFolder)
        }
    }

    /// The options every subcommand takes: which xdg-desktop-portal and which GNOME Shell to install for.
    struct PortalOptions: ParsableArguments {
        @Option(
            help: ArgumentHelp(
                "The xdg-desktop-portal whose version decides where files go (default: the first of \(XDGDesktopPortal.knownExecutables.joined(separator: ", "))).",
                valueName: "path"))
        var portalExecutable: String?

        @Option(
            help: ArgumentHelp(
                "The gnome-shell whose version decides which flavour of fontd's extension to install (default: gnome-shell in PATH).",
                valueName: "path"))
        var gnomeShell: String?

        func installation() throws -> DesktopInstallation {
            try DesktopInstallation(
                environment: ProcessInfo.processInfo.environment, portalExecutable: portalExecutable, gnomeShellExecutable: gnomeShell)
        }
    }

    struct Install: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "install",
            abstract:
                "Install fontd.portal where xdg-desktop-portal reads it, put fontd first for Settings in your portals.conf, add the Text Size launcher and GNOME keybindings.",
            discussion: """
                Every file it changes is copied first (under $XDG_STATE_HOME/fontd/desktop), so that fontd desktop \
                uninstall puts it back byte for byte. Running it again changes nothing. xdg-desktop-portal reads its \
                configuration when it starts: restart it (systemctl --user restart xdg-desktop-portal) or log in again.
                """)

        @Flag(
            help:
                "Let the portal backend also answer org.gnome.desktop.interface text-scaling-factor (the default of fontd serve --portal-text-scaling-factor)."
        )
        var textScalingFactor = false
        @Flag(
            help: ArgumentHelp(
                "Also set QT_QPA_PLATFORMTHEME=qt5ct for your next login (in $XDG_CONFIG_HOME/environment.d/\(QtThemeChoice.fileName)), so "
                    + "that Qt 5 and Qt 6 applications take their fonts from qt5ct and qt6ct, which fontd serve --desktop qt5ct,qt6ct "
                    + "scales; it changes which theme every Qt application uses, and is left out where a Qt theme is chosen already."))
        var qt = false
        @Flag(
            help: ArgumentHelp(
                "Only offer fontd's browser extension to Chromium (an External Extensions file) and to each Firefox profile (the add-on in its extensions folder, and unsigned add-ons allowed in its user.js, which Firefox ESR honours); nothing else is installed."
            ))
        var browsers = false
        @OptionGroup var extensionFolder: BrowserExtensionFolderOption
        @Flag(
            inversion: .prefixedNo,
            help: ArgumentHelp("Add GNOME custom keybindings \(GnomeKeybindings.described), after your own."))
        var keys = true
        @OptionGroup var portal: PortalOptions

        func run() throws {
            if browsers {
                let lines = try extensionFolder.installation().install()
                lines.forEach(Output.printLine)
                return Output.printLine(
                    "Each browser offers fontd's extension when it next starts; it follows the fontd serve at http://127.0.0.1:8686 (its options page changes that)."
                )
            }
            let installation = try portal.installation()
            let environment = ProcessInfo.processInfo.environment
            var report = try installation.install(textScalingFactor: textScalingFactor, qt: qt, environment: environment)
            if keys { report.append(DesktopCommand.keybindings(environment: environment).install()) }
            report.forEach(Output.printLine)
            let changed = report.contains { !$0.hasPrefix("unchanged") && !$0.hasPrefix("left ") }
            if report.contains(where: { $0.hasSuffix(QtThemeChoice.fileName) && !$0.hasPrefix("unchanged") }) {
                Output.printLine(
                    "Qt applications started after your next login take their fonts from qt5ct and qt6ct; run fontd serve --desktop qt5ct,qt6ct (or auto) to scale them."
                )
            }
            // Installed only where the portal can see it: 1.16 to 1.20.0 read no user's folder.
            if let portal = installation.portal, installation.portalFileSeenIn == nil {
                installation.visibilityAdvice.forEach(Output.printLine)
                Output.writeLine(
                    "fontd: error: xdg-desktop-portal \(portal.version) cannot see fontd.portal, so it will not ask fontd; "
                        + "install the fontd package (sudo apt install ./fontd.deb), or run: \(installation.systemInstallCommand)",
                    to: STDERR_FILENO)
                throw ExitCode.failure
            }
            Output.printLine(
                changed ? "fontd is installed as your Settings portal backend." : "Nothing to change: fontd was installed so already.")
            installation.visibilityAdvice.forEach(Output.printLine)
            if changed {
                Output.printLine(
                    "xdg-desktop-portal reads its configuration when it starts: run systemctl --user restart xdg-desktop-portal, or log in again."
                )
            }
        }
    }

    /// fontd's GNOME keybindings, written with `gsettings` in `environment`, running this fontd.
    static func keybindings(environment: [String: String]) -> GnomeKeybindings {
        GnomeKeybindings(settings: GSettings(environment: environment), executable: BundledLibrary.runningExecutable ?? "fontd")
    }

    struct Uninstall: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "uninstall",
            abstract:
                "Put back every file fontd desktop install changed, byte for byte, and remove those it created; put back your own X11, terminal and VS Code text sizes.",
            discussion:
                "A file you edited since install keeps your version; the copy from before install stays under $XDG_STATE_HOME/fontd/desktop."
        )

        @OptionGroup var extensionFolder: BrowserExtensionFolderOption
        @OptionGroup var portal: PortalOptions

        func run() throws {
            let installation = try portal.installation()
            DesktopCommand.putBackBases().forEach(Output.printLine)
            try extensionFolder.installation().uninstall().forEach(Output.printLine)
            if let line = DesktopCommand.keybindings(environment: ProcessInfo.processInfo.environment).uninstall() {
                Output.printLine(line)
            }
            guard let undone = try installation.uninstall() else {
                return Output.printLine(
                    "Nothing to undo: fontd desktop install has not run for this user (no \(DesktopRecord.path(installation.paths))).")
            }
            undone.forEach { Output.printLine($0.line) }
            Output.printLine(
                "xdg-desktop-portal reads its configuration when it starts: run systemctl --user restart xdg-desktop-portal, or log in again."
            )
        }
    }

    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status",
            abstract:
                "Say what fontd desktop install put in place, whether xdg-desktop-portal can see it, whether fontd's bus names have an owner, and each desktop target's state.",
            discussion:
                "The targets' states come from the bridging fontd serve this user runs (its state file names it), else, or when --server or FONTD_SERVER names one, from the server's GET /desktop. Exit status 0 when everything is installed as it was written and this xdg-desktop-portal reads fontd.portal; 1 otherwise. Bus names and targets are reported, not counted: fontd serve may simply not be running."
        )

        @OptionGroup var portal: PortalOptions
        @OptionGroup var options: ServerOptions

        @Flag(help: "Print one JSON document: the portal lines, the server, and each target.")
        var json = false

        @MainActor
        func run() async throws {
            let installation = try portal.installation()
            let environment = ProcessInfo.processInfo.environment
            var portalLines: [String] = []
            let complete =
                json
                ? try installation.printStatus(environment: environment, printLine: { portalLines.append($0) })
                : try installation.printStatus(environment: environment)
            let stateFolder = TargetExclusions.stateFolder(environment: environment)
            let url = try options.baseURL()
            // This user's bridging server, alive, is the one to report, unless a server is named: the
            // default address may be another's (a plain fontd serve of the quick start, say).
            let recorded = TargetReport.recordedBoard(stateFolder: stateFolder)
            let named = options.server != nil || environment["FONTD_SERVER"].map { !$0.isEmpty } == true
            var served: TargetStatusRecord?
            var answered = true
            if recorded == nil || named {
                do {
                    served = try await DesktopFollowers.board(of: try options.client(timeout: .seconds(3)))
                } catch {
                    answered = false
                }
            }
            let board = served ?? recorded
            // The browsers are the ones connected to the server at the address, whichever server the targets came from.
            var browsers = served?.clients
            if served == nil, answered {
                browsers = try? await DesktopFollowers.board(of: try options.client(timeout: .seconds(3)))?.clients
            }
            let targets = TargetReport.all(board: board?.bridges == true ? board : nil, stateFolder: stateFolder)
            if json {
                try Output.printJSON(
                    StatusDocument(
                        portal: .init(complete: complete, lines: portalLines),
                        server: .init(
                            running: board != nil, pid: board?.pid, bridges: board?.bridges, url: served == nil ? nil : url.absoluteString,
                            browsers: browsers),
                        targets: Dictionary(uniqueKeysWithValues: targets.map { ($0.name, $0.report) })))
            } else {
                Output.printLine(Self.serverLine(board: board, served: served != nil, answered: answered, url: url.absoluteString))
                for (name, report) in targets { Output.printLine("  \(name): \(report.line)") }
                if let browsers { Output.printLine(DesktopFollowers.browsersLine(browsers, url: url.absoluteString)) }
            }
            if !complete { throw ExitCode.failure }
        }

        /// The line before the targets': which server, and whether it bridges anything.
        static func serverLine(board: TargetStatusRecord?, served: Bool, answered: Bool, url: String) -> String {
            guard let board else {
                return answered
                    ? "desktop targets (the server at \(url) keeps no desktop board; no bridging fontd serve is running):"
                    : "desktop targets (fontd serve is not running: nothing answers at \(url); start it with \(DesktopFollowers.bridgingServe)):"
            }
            let place = served ? " at \(url)" : ""
            guard board.bridges else {
                return
                    "desktop targets (fontd serve, pid \(board.pid)\(place), is running but bridges nothing: start it with \(DesktopFollowers.bridgingServe)):"
            }
            return "desktop targets (fontd serve, pid \(board.pid)\(place)):"
        }

        /// `--json`'s document.
        struct StatusDocument: Encodable {
            struct Portal: Encodable {
                var complete: Bool
                var lines: [String]
            }
            struct Server: Encodable {
                var running: Bool
                var pid: Int32?
                /// Whether it runs any desktop target; nil when none runs.
                var bridges: Bool?
                /// Where it answered; nil when it was found by its state file only.
                var url: String?
                /// The browsers with fontd's extension connected to the server at the address; nil when
                /// nothing there answered with a board.
                var browsers: [String]?
            }
            var portal: Portal
            var server: Server
            var targets: [String: TargetReport]
        }
    }
}
