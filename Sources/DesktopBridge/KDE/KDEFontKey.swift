/// One of the `kdeglobals` entries holding a font whose size follows the reader's category
/// (docs/DESIGN.md §30 (KDE Plasma, X11, and per-target limits)).
public struct KDEFontKey: Sendable, Hashable, Codable, CustomStringConvertible {
    public var group: String
    public var key: String

    /// `[General] font, fixed, smallestReadableFont, toolBarFont, menuFont` and `[WM] activeFont`.
    public static let all: [KDEFontKey] =
        ["font", "fixed", "smallestReadableFont", "toolBarFont", "menuFont"].map { KDEFontKey(group: "General", key: $0) }
        + [KDEFontKey(group: "WM", key: "activeFont")]

    /// `[General] font`: the one System Settings' font size sets, and the one read back as the reader's choice.
    public static let general = KDEFontKey(group: "General", key: "font")

    /// `General/font`, as the base record and the log name it.
    public var description: String { "\(group)/\(key)" }
}
