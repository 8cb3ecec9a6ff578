import DynamicType
import Logging

/// KDE's write side as a `DesktopTarget` (docs/DESIGN.md §30 (KDE Plasma, X11, and per-target
/// limits)): its runner calls it on the runner's queue; each call does its work on the bridge's
/// queue, so the file's changes and the writes stay in one order.
extension KDEBridge: DesktopTarget {
    public var name: String { "kde" }

    /// Sets each present, writable key to its size at `category` (base × ratio, to half a point);
    /// nothing when `[General] font` already stands for `category` (the reader's own size, or fontd's
    /// write read back) or no size changes. Then the two KDE signals, once. The file is edited as
    /// docs/DESIGN.md §35 (Editing a reader's file) says, under KConfig's own lock.
    public func apply(_ category: ContentSizeCategory) -> TargetOutcome {
        queue.sync {
            excluded = false
            var absent = false
            var recorded = bases
            var written: KConfigFile?
            do throws(ReaderFileError) {
                let outcome = try globals.edit(
                    { bytes throws(ReaderFileError) in
                        absent = bytes == nil
                        guard let bytes else { return nil }
                        (written, recorded) = edited(KConfigFile(bytes), to: category)
                        return written.map { .write($0.bytes) }
                    },
                    beforeReplacing: { _, _ in recordBases(recorded) })
                recordBases(recorded)
                if absent { return .absent("no \(paths.globals)") }
                guard outcome == .written, let written else { return .unchanged }
                fontSize = pointSize(of: .general, in: written)
            } catch .readOnly(let file) {
                logger.notice("kdeglobals is read-only; fontd leaves it alone", metadata: metadata)
                return .readOnly(ReaderFileError.readOnly(file: file).description)
            } catch {
                logger.warning(
                    "could not set KDE Plasma's font sizes; kdeglobals is left as it was",
                    metadata: metadata.merging([
                        "category": "\(category.rawValue)", "reason": "\(error)",
                    ]) { $1 })
                return .failed("kdeglobals is left as it was: \(error)")
            }
            logger.info("set KDE Plasma's font sizes", metadata: ["category": "\(category.rawValue)", "file": "\(paths.globals)"])
            fontsChanged()
            return .applied("[General] font " + (fontSize.map { "\(QFontSize.written($0)) pt" } ?? "not in points"))
        }
    }

    /// The file with each key at its size for `category` (nil when nothing changes) and the bases
    /// with those of keys that had none. Queue only; it sets `immutable` from the file.
    private func edited(_ original: KConfigFile, to category: ContentSizeCategory) -> (KConfigFile?, KDEFontBases) {
        var file = original
        var recorded = bases
        immutable = KDEFontKey.all.filter { file.entry($0.key, in: [$0.group])?.isImmutable == true }
        let general = pointSize(of: .general, in: file)
        let standsFor = general.flatMap { size in bases[.general].map { ratios.category(nearest: size / $0) } }
        if standsFor == category { return (nil, recorded) }
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
            file.replacePointSize(of: entry, with: target)
        }
        return (file.bytes == original.bytes ? nil : file, recorded)
    }

    /// Records `recorded` as the bases when they differ from those recorded; a failure is logged. Queue only.
    private func recordBases(_ recorded: KDEFontBases) {
        guard recorded != bases else { return }
        do {
            try recorded.write(to: paths.bases)
            bases = recorded
        } catch {
            logger.warning("could not record the base font sizes", metadata: ["bases": "\(paths.bases)", "reason": "\(error)"])
        }
    }

    /// Writes each key's recorded base back — its size as the reader had it before fontd — and
    /// stops writing and following the file until the next `apply`.
    public func exclude() throws {
        try queue.sync {
            excluded = true
            var written: KConfigFile?
            let outcome = try globals.edit { bytes throws(ReaderFileError) in
                guard let bytes else { return nil }
                var file = KConfigFile(bytes)
                for key in KDEFontKey.all {
                    guard let base = bases[key], let entry = file.entry(key.key, in: [key.group]), !entry.isImmutable,
                        QFontSize.points(in: entry.value) != base
                    else { continue }
                    file.replacePointSize(of: entry, with: base)
                }
                written = file
                return .write(file.bytes)
            }
            guard outcome == .written, let written else { return }
            fontSize = pointSize(of: .general, in: written)
            logger.info("put KDE Plasma's font sizes back as the reader had them", metadata: ["file": "\(paths.globals)"])
            fontsChanged()
        }
    }

    /// `kdeglobals` as fontd edits it: through a link, under KConfig's lock.
    var globals: ReaderFile { ReaderFile(path: paths.globals, lock: .kconfig) }

    /// Each immutable font key, as `fontd desktop status` tells it.
    public var notes: [String] {
        queue.sync { immutable.map { "[\($0.group)] \($0.key) is immutable ([$i]); left alone" } }
    }
}
