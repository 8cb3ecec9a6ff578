import DynamicType
import Logging

/// KDE's write side as a `DesktopTarget` (docs/DESIGN.md §30 (KDE Plasma, X11, and per-target
/// limits)): its runner calls it on the runner's queue; each call does its work on the bridge's
/// queue, so the file's changes and the writes stay in one order.
extension KDEBridge: DesktopTarget {
    public var name: String { "kde" }

    /// Sets each present, writable key to its size at `category` (base × ratio, to half a point);
    /// nothing when `[General] font` already stands for `category` (the reader's own size, or fontd's
    /// write read back) or no size changes. Then the two KDE signals, once.
    public func apply(_ category: ContentSizeCategory) -> TargetOutcome {
        queue.sync {
            excluded = false
            guard let text = AtomicFile.read(paths.globals) else { return .absent("no \(paths.globals)") }
            var file = KConfigFile(text)
            immutable = KDEFontKey.all.filter { file.entry($0.key, in: [$0.group])?.isImmutable == true }
            let general = pointSize(of: .general, in: file)
            let standsFor = general.flatMap { size in bases[.general].map { ratios.category(nearest: size / $0) } }
            if standsFor == category { return .unchanged }
            var recorded = bases
            for key in KDEFontKey.all {
                guard let entry = file.entry(key.key, in: [key.group]), let size = QFontSize.points(in: entry.value) else { continue }
                let base = recorded[key] ?? size / ratios.ratio(of: standsFor ?? category)
                recorded[key] = base
                let target = QFontSize.roundedToHalfPoint(base * ratios.ratio(of: category))
                guard target != size else { continue }
                guard !entry.isImmutable else {
                    logger.warning(
                        "kdeglobals: \(key) is immutable ([$i]); not set",
                        metadata: metadata.merging([
                            "category": "\(category.rawValue)", "fontSize": "\(QFontSize.written(target))",
                        ]) { $1 })
                    continue
                }
                file.replaceValue(of: entry, with: QFontSize.replacing(pointsIn: entry.value, with: target))
            }
            if recorded != bases {
                do {
                    try recorded.write(to: paths.bases)
                    bases = recorded
                } catch {
                    logger.warning("could not record the base font sizes", metadata: ["bases": "\(paths.bases)", "reason": "\(error)"])
                }
            }
            guard file.text != text else { return .unchanged }
            do {
                try AtomicFile.write(file.text, to: paths.globals)
            } catch {
                logger.warning(
                    "could not set KDE Plasma's font sizes; kdeglobals is left as it was",
                    metadata: metadata.merging([
                        "category": "\(category.rawValue)", "reason": "\(error)",
                    ]) { $1 })
                return .failed("kdeglobals is left as it was: \(error)")
            }
            fontSize = pointSize(of: .general, in: file)
            logger.info("set KDE Plasma's font sizes", metadata: ["category": "\(category.rawValue)", "file": "\(paths.globals)"])
            fontsChanged()
            return .applied("[General] font " + (fontSize.map { "\(QFontSize.written($0)) pt" } ?? "not in points"))
        }
    }

    /// Writes each key's recorded base back — its size as the reader had it before fontd — and
    /// stops writing and following the file until the next `apply`.
    public func exclude() throws {
        try queue.sync {
            excluded = true
            guard let text = AtomicFile.read(paths.globals) else { return }
            var file = KConfigFile(text)
            for key in KDEFontKey.all {
                guard let base = bases[key], let entry = file.entry(key.key, in: [key.group]), !entry.isImmutable,
                    QFontSize.points(in: entry.value) != base
                else { continue }
                file.replaceValue(of: entry, with: QFontSize.replacing(pointsIn: entry.value, with: base))
            }
            guard file.text != text else { return }
            try AtomicFile.write(file.text, to: paths.globals)
            fontSize = pointSize(of: .general, in: file)
            logger.info("put KDE Plasma's font sizes back as the reader had them", metadata: ["file": "\(paths.globals)"])
            fontsChanged()
        }
    }

    /// Each immutable font key, as `fontd desktop status` tells it.
    public var notes: [String] {
        queue.sync { immutable.map { "[\($0.group)] \($0.key) is immutable ([$i]); left alone" } }
    }
}
