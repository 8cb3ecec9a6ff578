import Foundation

/// Each font key's size at `l`, recorded when fontd first takes `kdeglobals` over, in
/// `$XDG_STATE_HOME/fontd/kde-base.json` (docs/DESIGN.md §30 (KDE Plasma, X11, and per-target limits)): a category's size is
/// its base × the category's ratio. Keyed by `Group/key`.
struct KDEFontBases: Sendable, Hashable {
    /// `General/font` → 10.
    var sizes: [String: Double]

    /// The record at `path`; empty when there is none. A record that does not decode counts as none.
    static func read(_ path: String) -> KDEFontBases {
        guard let text = AtomicFile.read(path),
            let sizes = try? JSONDecoder().decode([String: Double].self, from: Data(text.utf8))
        else { return KDEFontBases(sizes: [:]) }
        return KDEFontBases(sizes: sizes)
    }

    /// Writes the record to `path`, creating its folder.
    func write(to path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try AtomicFile.write(String(decoding: try encoder.encode(sizes), as: UTF8.self) + "\n", to: path)
    }

    subscript(key: KDEFontKey) -> Double? {
        get { sizes[key.description] }
        set { sizes[key.description] = newValue }
    }
}
