import ArgumentParser

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

    /// Whether GNOME is asked for: `.required` by `gnome`, `.optional` by `auto` alone.
    var gnome: Need { need(.gnome) }
    /// Whether X11 is asked for: `.required` by `x11`, `.optional` by `auto` alone.
    var x11: Need { need(.x11) }

    enum Need {
        case required, optional, no
    }

    private func need(_ choice: DesktopChoice) -> Need {
        if choices.contains(choice) { return .required }
        return choices.contains(.auto) ? .optional : .no
    }
}
