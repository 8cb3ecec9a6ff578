import ArgumentParser

/// `serve --desktop`: whose text size the reader's category keeps in step with (docs/DESIGN.md §26 (The desktop bridge)).
enum DesktopChoice: String, CaseIterable, ExpressibleByArgument {
    /// GNOME's `text-scaling-factor`; `fontd serve` stops at start when it cannot be reached.
    case gnome
    /// GNOME's when it can be reached; otherwise no desktop, said once in the log.
    case auto
}
