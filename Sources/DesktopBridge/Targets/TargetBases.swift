import Foundation

/// The reader's own value of every value fontd scales, `$XDG_STATE_HOME/fontd/desktop-bases.json`
/// (docs/DESIGN.md §34 (The reader's own sizes)): one record for every target, keyed by target and
/// by value (`x11` → `Xft.dpi`), each with the base and what fontd wrote there. A target's value at
/// a category is its base × the category's ratio.
///
/// A base is recorded before fontd first writes the value and is never read back from fontd's own
/// write: every write is recorded first (`willWrite`), so that after a crash the value found is
/// recognised as fontd's. A value found that is neither the base nor fontd's is the reader's own
/// change, and becomes the base. A `StateRecord`: written whole through `AtomicFile`, and `update`
/// holds one lock per process around each read, change and write.
public struct TargetBases: StateRecord {
    /// One value's base and fontd's writes of it.
    public struct Entry: Sendable, Hashable, Codable {
        /// The reader's own value; nil when they had none (the program's default applies, and
        /// putting the base back removes fontd's).
        public var base: Double?
        /// Values fontd wrote that may still be in place: the last two writes (a crash between
        /// recording a write and making it leaves the one before), or, for a record migrated from
        /// an older fontd, every value that fontd wrote.
        public var written: [Double]

        public init(base: Double?, written: [Double] = []) {
            self.base = base
            self.written = written
        }
    }

    /// Each target's values, by target name, then by value name.
    public var targets: [String: [String: Entry]]

    public init() { self.init(targets: [:]) }

    public init(targets: [String: [String: Entry]]) {
        self.targets = targets
    }

    /// The file's name in the state folder.
    public static let fileName = "desktop-bases.json"

    /// The record's path in `stateFolder`.
    public static func path(stateFolder: String) -> String { stateFolder + "/" + fileName }

    /// The entry of `value` of `target`, if recorded.
    public subscript(target: String, value: String) -> Entry? {
        get { targets[target]?[value] }
        set {
            targets[target, default: [:]][value] = newValue
            if targets[target]?.isEmpty == true { targets[target] = nil }
        }
    }

    /// The base of `value` of `target` now that `found` is in place (nil: none): recorded as the
    /// base the first time; afterwards the base changes only when `found` is not one of fontd's
    /// writes — the reader changed their own value, which is then the base.
    public mutating func observe(_ target: String, _ value: String, found: Double?) -> Double? {
        guard var entry = self[target, value] else {
            self[target, value] = Entry(base: found)
            return found
        }
        if let found, entry.written.contains(found) { return entry.base }
        // Neither fontd's write nor (when unchanged) anything new: the reader's own value, or none.
        entry.base = found
        entry.written = []
        self[target, value] = entry
        return entry.base
    }

    /// Records that fontd is about to write `written` to `value` of `target`: before the write, so
    /// that a crash after it still knows the value for fontd's.
    public mutating func willWrite(_ target: String, _ value: String, _ written: Double) {
        guard var entry = self[target, value] else { return }
        entry.written = Array((entry.written.filter { $0 != written }).suffix(1)) + [written]
        self[target, value] = entry
    }
}
