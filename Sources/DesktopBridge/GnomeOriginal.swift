import Foundation

/// The text-scaling-factor the reader had before fontd first wrote the key,
/// `$XDG_STATE_HOME/fontd/gnome-base.json` (docs/DESIGN.md §30 (KDE Plasma, X11, and per-target
/// limits)): what excluding GNOME puts back. Recorded once, before the first write, and kept across restarts.
struct GnomeOriginal: Sendable, Hashable, Codable {
    /// The reader's own value; nil when the key held the schema's default (excluding resets it then).
    var textScalingFactor: Double?

    /// The record at `path`; nil when there is none (fontd never wrote the key) or it does not decode.
    static func read(_ path: String) -> GnomeOriginal? {
        AtomicFile.read(path).flatMap { try? JSONDecoder().decode(GnomeOriginal.self, from: Data($0.utf8)) }
    }

    /// Writes the record to `path`, creating its folder.
    func write(to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try AtomicFile.write(String(decoding: try encoder.encode(self), as: UTF8.self) + "\n", to: path)
    }

    // Encoded with the key present even when nil (`{"textScalingFactor": null}`), so the file says
    // "the default" rather than nothing.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(textScalingFactor, forKey: .textScalingFactor)
    }
}
