import DynamicType
import Foundation

/// The X11 values an older fontd found before it first wrote its own, `$XDG_STATE_HOME/fontd/x11-base.json`:
/// read once, into `TargetBases`, and removed (docs/DESIGN.md §34 (The reader's own sizes)).
struct X11Originals: Sendable, Hashable, Codable {
    /// A value found: `value` nil when there was none (the line or resource absent).
    struct Found: Sendable, Hashable, Codable {
        var value: Int?
    }

    /// `Xft.dpi` in the resource database; nil until recorded.
    var xftDPI: Found?
    /// Each xsettingsd file's `Xft/DPI` (× 1024), by path.
    var xsettings: [String: Found] = [:]

    /// The record at `path`; nil when there is none or it does not decode.
    static func read(_ path: String) -> X11Originals? {
        AtomicFile.read(path).flatMap { try? JSONDecoder().decode(X11Originals.self, from: Data($0.utf8)) }
    }

    /// Its values as bases, each with every value the older fontd wrote (96 × a category's ratio,
    /// and × 1024 for xsettingsd), so that what it left in place is known for fontd's.
    func bases(ratios: TextScalingRatios) -> [String: TargetBases.Entry] {
        let dpis = Set(ContentSizeCategory.allCases.map { Double(XftDPI(ratio: ratios.ratio(of: $0)).dotsPerInch) }).sorted()
        var entries: [String: TargetBases.Entry] = [:]
        if let xftDPI {
            entries[X11Target.resourceValue] = .init(base: xftDPI.value.map(Double.init), written: dpis)
        }
        for (path, found) in xsettings {
            entries[X11Target.xsettingsValue(path)] = .init(
                base: found.value.map(Double.init), written: dpis.map { $0 * XftDPI.xsettingsUnit })
        }
        return entries
    }
}
