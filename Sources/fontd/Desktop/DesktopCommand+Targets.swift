import ArgumentParser
import DesktopBridge
import DynamicType
import FontdCommandLine
import Foundation

extension DesktopCommand {
    /// The state folder, or why there is none.
    static func stateFolder() throws -> String {
        guard let folder = TargetExclusions.stateFolder(environment: ProcessInfo.processInfo.environment) else {
            throw ValidationError(
                "No state folder: set XDG_STATE_HOME or HOME (the exclusions are kept in $XDG_STATE_HOME/fontd/\(TargetExclusions.fileName))."
            )
        }
        return folder
    }

    /// Parses `text` as a known target, or says which are known and which was likely meant.
    static func target(_ text: String) throws -> String {
        guard TargetExclusions.knownTargets.contains(text) else {
            let suggestion = NearestNames.suggestion(for: text, among: TargetExclusions.knownTargets)
            throw ValidationError(
                "Unknown desktop target '\(text)': expected one of \(TargetExclusions.knownTargets.joined(separator: ", ")).\(NearestNames.didYouMean(suggestion))"
            )
        }
        return text
    }

    /// Adds `name` to the exclusions (or removes it), then says what the running server did.
    static func setExcluded(_ text: String, _ exclude: Bool) throws {
        let name = try target(text)
        let folder = try stateFolder()
        let path = folder + "/" + TargetExclusions.fileName
        let verb = exclude ? "excluded" : "included"
        guard let exclusions = TargetExclusions.read(path).setting(name, excluded: exclude) else {
            return Output.printLine("\(name) was already \(verb); nothing to change.")
        }
        do { try exclusions.write(to: path) } catch {
            throw ValidationError("Could not write \(path): \(error)")
        }
        let statusPath = TargetStatusRecord.path(stateFolder: folder)
        guard let record = TargetStatusRecord.read(statusPath), record.isServerRunning, record.targets[name] != nil else {
            return Output.printLine(
                exclude
                    ? "\(name) excluded. No running fontd serve writes it: one that starts with --desktop or --bridge naming it puts its files back as you had them."
                    : "\(name) included. No running fontd serve writes it: one that starts with --desktop or --bridge naming it writes it.")
        }
        // The server notices the file at once (inotify); its status says when it has acted.
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            let state = TargetStatusRecord.read(statusPath)?.targets[name]?.state
            if exclude ? state == .excluded : (state != nil && state != .excluded) { break }
            usleep(20_000)
        }
        let status = TargetStatusRecord.read(statusPath)?.targets[name]
        Output.printLine("\(name) \(verb): fontd serve (pid \(record.pid)) says \(status?.line ?? "nothing yet").")
    }

    /// Puts back the reader's own values of the targets the command line can reach (the terminals
    /// and VS Code; X11, on `DISPLAY`), as recorded in `desktop-bases.json` (docs/DESIGN.md §34
    /// (The reader's own sizes)); one line for each it put back or could not.
    static func putBackBases() -> [String] {
        let environment = ProcessInfo.processInfo.environment
        guard let folder = TargetExclusions.stateFolder(environment: environment) else { return [] }
        let recorded = TargetBases.read(TargetBases.path(stateFolder: folder))
        var lines: [String] = []
        for tool in QtConfigurationTool.allCases where recorded.targets[tool.name] != nil {
            do {
                try QtTarget.putBack(tool, environment: environment, stateFolder: folder)
                lines.append("\(tool.name): put back your own [Fonts] sizes")
            } catch {
                lines.append("\(tool.name): not put back: \(error)")
            }
        }
        return lines + TerminalTarget.putBack(environment: environment, stateFolder: folder)
            + putBackX11(recorded: recorded, folder: folder, environment: environment)
    }

    /// X11's part of `putBackBases`.
    private static func putBackX11(recorded: TargetBases, folder: String, environment: [String: String]) -> [String] {
        guard recorded.targets["x11"] != nil else { return [] }
        guard let display = environment["DISPLAY"], !display.isEmpty else {
            return ["x11: not put back: DISPLAY is not set (run fontd desktop uninstall in the X session)"]
        }
        do {
            try X11Target.putBack(display: display, stateFolder: folder)
            return ["x11: put back your own Xft.dpi and xsettingsd Xft/DPI"]
        } catch {
            return ["x11: not put back: \(error)"]
        }
    }

    struct Exclude: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "exclude",
            abstract: "Stop fontd writing one desktop target, and put its files back as you had them.",
            discussion:
                "Targets: \(TargetExclusions.knownTargets.joined(separator: ", ")). Kept in $XDG_STATE_HOME/fontd/\(TargetExclusions.fileName); a running fontd serve acts at once, else the next one that starts."
        )

        @Argument(
            help: "The target: \(TargetExclusions.knownTargets.joined(separator: ", ")).", completion: .list(TargetExclusions.knownTargets))
        var target: String

        func run() throws { try DesktopCommand.setExcluded(target, true) }
    }

    struct Include: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "include",
            abstract: "Let fontd write a desktop target again (undoes fontd desktop exclude).",
            discussion: "A running fontd serve writes it at once.")

        @Argument(
            help: "The target: \(TargetExclusions.knownTargets.joined(separator: ", ")).", completion: .list(TargetExclusions.knownTargets))
        var target: String

        func run() throws { try DesktopCommand.setExcluded(target, false) }
    }
}
