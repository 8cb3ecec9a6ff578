import ArgumentParser

/// `serve --desktop`: whose text size the reader's category keeps in step with (docs/DESIGN.md §26 (The desktop bridge),
/// §30 (KDE Plasma, X11, and per-target limits)).
enum DesktopChoice: String, CaseIterable, ExpressibleByArgument {
    /// GNOME's `text-scaling-factor`; `fontd serve` stops at start when it cannot be reached.
    case gnome
    /// KDE Plasma's font sizes in `kdeglobals`; `fontd serve` stops at start when they cannot be followed.
    case kde
    /// KDE's when `XDG_CURRENT_DESKTOP` names KDE, else GNOME's, when it can be reached; otherwise
    /// no desktop, said once in the log.
    case auto

    /// The desktop `auto` stands for in `environment`; any other choice itself.
    func resolved(environment: [String: String]) -> DesktopChoice {
        guard self == .auto else { return self }
        let desktops = (environment["XDG_CURRENT_DESKTOP"] ?? "").split(separator: ":")
        return desktops.contains { $0.uppercased() == "KDE" } ? .kde : .gnome
    }
}
