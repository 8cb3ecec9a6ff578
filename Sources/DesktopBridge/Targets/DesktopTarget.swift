import DynamicType

/// One place fontd writes the reader's size to (docs/DESIGN.md §30 (KDE Plasma, X11, and per-target
/// limits)): KDE's `kdeglobals`, X11's resources, later a terminal's configuration. A `TargetRunner`
/// calls it, one call at a time, on the runner's own serial queue; it need not lock anything the
/// runner alone calls.
public protocol DesktopTarget: AnyObject, Sendable {
    /// The target's name, the last segment of its scope (`desktop/kde`): "kde", "x11"; later "kitty".
    var name: String { get }

    /// Writes `category`'s size. Idempotent (the same category twice writes nothing the second
    /// time) and atomic (a failure leaves the old file whole).
    func apply(_ category: ContentSizeCategory) -> TargetOutcome

    /// Puts the reader's files back as they were before fontd first wrote them; nothing is written
    /// after it until the next `apply`.
    func exclude() throws

    /// What the status should say beside the outcome, one line each ("[General] font is immutable
    /// ([$i]); left alone"); none by default.
    var notes: [String] { get }

    /// The reader's own values the target scales (docs/DESIGN.md §34 (The reader's own sizes)), in
    /// its terms ("Xft.dpi 192"), as of the last `apply`; nil by default (a target with no base of its own).
    var base: String? { get }

    /// The values in place after the last `apply`, in the target's terms ("Xft.dpi 158"), written
    /// or found so; nil by default (the outcome's detail says what was written).
    var value: String? { get }

    /// What the status says the target is while excluded, when not "fontd leaves its files as you
    /// had them" (the portal, which has no files); nil by default.
    var excludedState: String? { get }
}

extension DesktopTarget {
    public var notes: [String] { [] }
    public var excludedState: String? { nil }
    public var base: String? { nil }
    public var value: String? { nil }
}

/// What one `DesktopTarget.apply` did.
public enum TargetOutcome: Sendable, Hashable {
    /// Written: what, in the target's terms ("Xft.dpi 119").
    case applied(String)
    /// Already so: nothing written, nobody signalled.
    case unchanged
    /// Written, but its running programs read it only when they start: what was written.
    case restart(String)
    /// Not written, in one line; the old files are whole.
    case failed(String)
    /// The program or its configuration is not on this machine: why, in one line.
    case absent(String)
    /// The reader's file has no write bit, so fontd left it alone (docs/DESIGN.md §35 (Editing a
    /// reader's file)): which file, in one line.
    case readOnly(String)
}
