import ArgumentParser

/// One value of `serve --desktop`: a desktop whose text size the reader's category is kept in step
/// with (docs/DESIGN.md §26 (The desktop bridge), §30 (KDE Plasma, X11, and per-target limits)).
enum DesktopChoice: String, CaseIterable, ExpressibleByArgument {
    /// GNOME's `text-scaling-factor`, both ways; `fontd serve` stops at start when it cannot be reached.
    case gnome
    /// KDE Plasma's font sizes in `kdeglobals`, both ways; `fontd serve` stops at start when they
    /// cannot be followed.
    case kde
    /// X11's `Xft.dpi` (and a running xsettingsd's `Xft/DPI`), one way; `fontd serve` stops at
    /// start when `DISPLAY` is not set.
    case x11
    /// qt5ct's `[Fonts]` sizes (Qt 5 applications themed by qt5ct), one way (docs/DESIGN.md §34 (The
    /// reader's own sizes)).
    case qt5ct
    /// qt6ct's `[Fonts]` sizes (Qt 6 applications themed by qt6ct), one way.
    case qt6ct
    /// KDE's when `XDG_CURRENT_DESKTOP` names KDE, else GNOME's, when it can be reached, and X11's
    /// when `DISPLAY` is set and `xrdb` is installed, and qt5ct's and qt6ct's when installed or named by
    /// `QT_QPA_PLATFORMTHEME`; what is left out is said once in the log.
    case auto
}
