import ArgumentParser

/// `serve --dbus`: whether fontd joins the session bus (docs/DESIGN.md §27 (The session bus)).
enum BusChoice: String, CaseIterable, ExpressibleByArgument {
    /// Never.
    case off
    /// When DBUS_SESSION_BUS_ADDRESS names a bus that can be reached; otherwise not, said once in the log.
    case auto
    /// Always; `fontd serve` stops at start with one line when it cannot (or cannot own its names).
    case on
}
