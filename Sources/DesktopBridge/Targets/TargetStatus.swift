/// One target's state as `fontd serve` last recorded it, serves it (`GET /desktop`) and `fontd
/// desktop status` tells it (docs/DESIGN.md §30 (KDE Plasma, X11, and per-target limits), §36 (The target board)).
public struct TargetStatus: Sendable, Hashable, Codable {
    /// `applied`, `restart`, `excluded`, `failed`, `absent` or `read-only`.
    public enum State: String, Sendable, Hashable, Codable {
        case applied, restart, excluded, failed, absent
        /// The reader's file has no write bit: fontd leaves it alone (docs/DESIGN.md §35 (Editing a reader's file)).
        case readOnly = "read-only"
    }

    public var state: State
    /// The category the target carries (applied, restart).
    public var category: String?
    /// What was written, in the target's terms ("Xft.dpi 119"); why, for failed and absent; for
    /// excluded, what that means when it is not the files left as the reader had them.
    public var detail: String?
    /// When the state began, ISO 8601 in UTC.
    public var time: String
    /// What else the reader should know, one line each (an immutable key left alone).
    public var notes: [String]?
    /// The reader's own values the target scales, in its terms ("Xft.dpi 192"; docs/DESIGN.md §34
    /// (The reader's own sizes)); nil for a target without one, or excluded.
    public var base: String?
    /// The values in place after the last change, in the target's terms ("Xft.dpi 265").
    public var value: String?

    public init(
        state: State, category: String? = nil, detail: String? = nil, time: String, notes: [String]? = nil, base: String? = nil,
        value: String? = nil
    ) {
        self.state = state
        self.category = category
        self.detail = detail
        self.time = time
        self.notes = notes
        self.base = base
        self.value = value
    }

    /// The one line `fontd desktop status` prints after the target's name.
    public var line: String {
        var line: String
        switch state {
        case .applied: line = "applied \(category ?? "?")" + (detail.map { " (\($0))" } ?? "") + " at \(time)"
        case .restart: line = "applies at the next start: \(category ?? "?")" + (detail.map { " (\($0))" } ?? "") + ", written at \(time)"
        case .excluded: line = "excluded (" + (detail ?? "fontd leaves its files as you had them") + ")"
        case .failed: line = "failed at \(time): \(detail ?? "no reason given")"
        case .absent: line = "absent" + (detail.map { ": \($0)" } ?? "")
        case .readOnly: line = "read-only: " + (detail ?? "the reader's file has no write bit") + " (at \(time))"
        }
        if let base { line += "; your own: \(base)" }
        for note in notes ?? [] { line += "; \(note)" }
        return line
    }
}
