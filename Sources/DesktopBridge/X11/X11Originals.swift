import Foundation

/// The X11 values fontd found before it first wrote its own, `$XDG_STATE_HOME/fontd/x11-base.json`
/// (docs/DESIGN.md §30 (KDE Plasma, X11, and per-target limits)): what excluding X11 puts back.
/// Recorded once each, before the first write, and kept across restarts.
struct X11Originals: Sendable, Hashable, Codable {
    /// A value found: `value` nil when there was none (the line or resource absent).
    struct Found: Sendable, Hashable, Codable {
        var value: Int?
    }

    /// `Xft.dpi` in the resource database; nil until recorded.
    var xftDPI: Found?
    /// Each xsettingsd file's `Xft/DPI` (× 1024), by path.
    var xsettings: [String: Found] = [:]

    /// The record at `path`; empty when there is none or it does not decode.
    static func read(_ path: String) -> X11Originals {
        AtomicFile.read(path).flatMap { try? JSONDecoder().decode(X11Originals.self, from: Data($0.utf8)) } ?? X11Originals()
    }

    /// Writes the record to `path`, creating its folder.
    func write(to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try AtomicFile.write(String(decoding: try encoder.encode(self), as: UTF8.self) + "\n", to: path)
    }
}
