import ArgumentParser
import DesktopBridge

/// `serve --desktop`: one `DesktopChoice` or several, comma-separated (`gnome,x11`), each once
/// (docs/DESIGN.md §30 (KDE Plasma, X11, and per-target limits)).
struct DesktopChoices: ExpressibleByArgument, Equatable {
    let choices: Set<DesktopChoice>

    init?(argument: String) {
        var choices: Set<DesktopChoice> = []
        for name in argument.split(separator: ",", omittingEmptySubsequences: false) {
            guard let choice = DesktopChoice(rawValue: String(name)), choices.insert(choice).inserted else { return nil }
        }
        self.choices = choices
    }

    static var allValueStrings: [String] { DesktopChoice.allValueStrings }

    /// The desktop kept in step both ways, whose text size also sets the category: GNOME's or KDE's
    /// (never both: `Serve.validate()` refuses that), `.required` when named, `.optional` by `auto`
    /// alone — KDE's when `XDG_CURRENT_DESKTOP` names KDE, else GNOME's; nil for neither.
    func bothWays(environment: [String: String]) -> (desktop: DesktopChoice, need: Need)? {
        if choices.contains(.gnome) { return (.gnome, .required) }
        if choices.contains(.kde) { return (.kde, .required) }
        guard choices.contains(.auto) else { return nil }
        let desktops = (environment["XDG_CURRENT_DESKTOP"] ?? "").split(separator: ":")
        return (desktops.contains { $0.uppercased() == "KDE" } ? .kde : .gnome, .optional)
    }

    /// Whether X11 is asked for: `.required` by `x11`, `.optional` by `auto` alone.
    var x11: Need { need(.x11) }

    /// Whether qt5ct's or qt6ct's target is asked for: `.required` when named, `.optional` by `auto` alone.
    func qt(_ tool: QtConfigurationTool) -> Need { need(tool == .qt5ct ? .qt5ct : .qt6ct) }

    enum Need {
        case required, optional, no
    }

    private func need(_ choice: DesktopChoice) -> Need {
        if choices.contains(choice) { return .required }
        return choices.contains(.auto) ? .optional : .no
    }
}
