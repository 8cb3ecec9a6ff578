import Dispatch
import Foundation
import DynamicType
import Logging
import ScopedPreferences
import Synchronization

/// Keeps the font sizes of KDE Plasma's `kdeglobals` and one scope's category in step, both ways
/// (docs/DESIGN.md §30 (KDE Plasma, X11, and per-target limits)), by the rules of the desktop bridge (§26 (The desktop bridge)).
///
/// - Category → file: any change of the scope's effective category not made from the file sets each
///   of `KDEFontKey.all` that is present and writable to its base × the category's ratio, rounded to
///   half a point, changing only that field of its QFont string and no other byte of the file;
///   atomically, and only when a size changes; then `fontsChanged` (the two KDE signals) runs once.
/// - File → category: when someone else changes `[General] font`'s size, size ÷ base gives the
///   category of the nearest ratio, set through the service's normal change path; not written back.
/// - No echo: the font size this bridge wrote and reads back is not taken as the reader's.
/// - Immutable (`[$i]`) keys are never written; each is reported in the log.
///
/// Everything the bridge decides, it decides on `queue`, in the order the file's and the
/// category's changes arrive there; `bases`, `fontSize` and `started` are touched only there.
public final class KDEBridge: @unchecked Sendable {
    /// Where the bridge reads and writes.
    public struct Paths: Sendable, Hashable {
        /// `$XDG_CONFIG_HOME/kdeglobals`.
        public var globals: String
        /// `$XDG_STATE_HOME/fontd/kde-base.json`.
        public var bases: String

        public init(globals: String, bases: String) {
            self.globals = globals
            self.bases = bases
        }

        /// The paths of `environment` (`XDG_CONFIG_HOME`, `XDG_STATE_HOME`, else under `HOME`).
        public init(environment: [String: String]) throws(KDEBridgeError) {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
            guard let config = environment["XDG_CONFIG_HOME"].flatMap({ $0.isEmpty ? nil : $0 }) ?? home.map({ $0 + "/.config" }),
                  let state = environment["XDG_STATE_HOME"].flatMap({ $0.isEmpty ? nil : $0 }) ?? home.map({ $0 + "/.local/state" })
            else { throw .noConfigFolder }
            self.init(globals: config + "/kdeglobals", bases: state + "/fontd/kde-base.json")
        }

        var folder: String { globals.lastIndex(of: "/").map { String(globals[..<$0]) } ?? "." }
    }

    /// The scope whose category follows the desktop.
    public let scope: PreferenceScope
    public let paths: Paths
    private let ratios: TextScalingRatios
    private let logger: Logger
    private let fontsChanged: @Sendable () -> Void
    private let queue = DispatchQueue(label: "fontd.desktop.kde")
    private let links = Mutex<(watch: CategoryWatch, folder: FolderWatch)?>(nil)
    private var bases = KDEFontBases(sizes: [:])
    /// `[General] font`'s size as last read or written by this bridge: a file whose size is this one
    /// is no change of the reader's (fontd's own write read back, or another key changed).
    private var fontSize: Double?
    private var started = false

    private init(scope: PreferenceScope, paths: Paths, ratios: TextScalingRatios, logger: Logger, fontsChanged: @escaping @Sendable () -> Void) {
        self.scope = scope
        self.paths = paths
        self.ratios = ratios
        self.logger = logger
        self.fontsChanged = fontsChanged
    }

    /// Joins KDE Plasma: records the base sizes the first time, watches `kdeglobals`' folder, and
    /// sets `scope`'s category from `[General] font`'s size (the desktop wins at start); returns once
    /// that change is made and announced.
    ///
    /// - Parameter fontsChanged: tells running KDE programs that the fonts changed; after each write.
    public static func start(
        scope: PreferenceScope, hub: ScopeHub, ratios: TextScalingRatios, paths: Paths, logger: Logger,
        fontsChanged: @escaping @Sendable () -> Void
    ) throws(KDEBridgeError) -> KDEBridge {
        let bridge = KDEBridge(scope: scope, paths: paths, ratios: ratios, logger: logger, fontsChanged: fontsChanged)
        do {
            try FileManager.default.createDirectory(atPath: paths.folder, withIntermediateDirectories: true)
        } catch {
            throw .notWatched(folder: paths.folder, reason: "\(error)")
        }
        let folder = try FolderWatch(folder: paths.folder, name: "kdeglobals", queue: bridge.queue) { [weak bridge] in bridge?.fileChanged() }
        let watch = CategoryWatch(scope: scope, hub: hub) { [weak bridge] change in
            guard let bridge else { return }
            bridge.queue.async { bridge.categoryChanged(change) }
        }
        bridge.links.withLock { $0 = (watch, folder) }

        let takenOver: Result<ContentSizeCategory?, KDEBridgeError> = bridge.queue.sync {
            bridge.started = true
            do throws(KDEBridgeError) {
                return .success(try bridge.takeOver(current: watch.category))
            } catch {
                return .failure(error)
            }
        }
        let startCategory: ContentSizeCategory?
        switch takenOver {
        case .success(let category): startCategory = category
        case .failure(let error):
            bridge.stop()
            throw error
        }
        guard let startCategory else {
            logger.notice("following KDE Plasma's font sizes; kdeglobals has no [General] font size yet", metadata: bridge.metadata)
            return bridge
        }
        let done = DispatchSemaphore(value: 0)
        let outcome = Mutex<Result<ContentSizeCategory, CategoryWatch.SetFailure>?>(nil)
        watch.set(startCategory) { result in
            outcome.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        guard let result = outcome.withLock({ $0 }) else { preconditionFailure("the start's change completed without an outcome") }
        switch result {
        case .failure(let failure):
            bridge.stop()
            throw .categoryNotSet(scope: scope.isRoot ? "the root scope" : scope.path, reason: failure.description)
        case .success(let category):
            let fontSize = bridge.queue.sync { bridge.fontSize }.map(QFontSize.written) ?? "none"
            var metadata = bridge.metadata
            metadata["fontSize"] = "\(fontSize)"
            metadata["category"] = "\(category.rawValue)"
            logger.notice("following KDE Plasma's font sizes", metadata: metadata)
        }
        return bridge
    }

    /// Leaves the desktop: no change is followed either way after it returns.
    public func stop() {
        guard let (watch, folder) = links.withLock({ links in defer { links = nil }; return links }) else { return }
        watch.cancel()
        folder.cancel()
    }

    private var metadata: Logger.Metadata {
        ["file": "\(paths.globals)", "bases": "\(paths.bases)", "scope": "\(scope.isRoot ? "(root)" : scope.path)"]
    }

    /// At start, on the queue: records the bases of the keys that have none and reports the
    /// immutable keys; the category `[General] font`'s size stands for, or nil when it has none.
    private func takeOver(current: ContentSizeCategory) throws(KDEBridgeError) -> ContentSizeCategory? {
        bases = KDEFontBases.read(paths.bases)
        let file = KConfigFile(AtomicFile.read(paths.globals) ?? "")
        fontSize = pointSize(of: .general, in: file)
        // The first take-over: every size present is the size at `l`. Later, a key that has appeared
        // since gets its size ÷ the ratio of the category its `font` stands for.
        let category: ContentSizeCategory? =
            if let fontSize, let base = bases[.general] { ratios.category(nearest: fontSize / base) } else if fontSize != nil { .large } else { nil }
        var recorded = bases
        for key in KDEFontKey.all where recorded[key] == nil {
            guard let size = pointSize(of: key, in: file) else { continue }
            recorded[key] = size / ratios.ratio(of: category ?? current)
        }
        if recorded != bases {
            do { try recorded.write(to: paths.bases) } catch { throw .basesNotRecorded(path: paths.bases, reason: "\(error)") }
            bases = recorded
        }
        for key in KDEFontKey.all where file.entry(key.key, in: [key.group])?.isImmutable == true {
            logger.warning("kdeglobals: \(key) is immutable ([$i]); fontd leaves it as it is", metadata: metadata)
        }
        return category
    }

    /// The point size of `key` in `file`; nil when absent or not in points.
    private func pointSize(of key: KDEFontKey, in file: KConfigFile) -> Double? {
        file.entry(key.key, in: [key.group]).flatMap { QFontSize.points(in: $0.value) }
    }

    /// The file changed, or another of its folder: on the queue.
    private func fileChanged() {
        guard started else { return }
        guard let text = AtomicFile.read(paths.globals), let size = pointSize(of: .general, in: KConfigFile(text)), size != fontSize else { return }
        fontSize = size
        guard let base = bases[.general] else { return }
        follow(ratios.category(nearest: size / base), size: size)
    }

    /// Sets the scope's category; a failure is logged (the next change of either side tries again).
    private func follow(_ category: ContentSizeCategory, size: Double) {
        guard let watch = links.withLock({ $0?.watch }) else { return }
        watch.set(category) { [logger] result in
            guard case .failure(let failure) = result else { return }
            logger.warning("could not follow KDE Plasma's font size", metadata: [
                "fontSize": "\(QFontSize.written(size))", "category": "\(category.rawValue)", "reason": "\(failure)",
            ])
        }
    }

    /// The scope's effective category changed: on the queue, in the order of the changes.
    private func categoryChanged(_ change: CategoryWatch.Change) {
        guard started else { return }
        let text = AtomicFile.read(paths.globals)
        if change.isOwn {
            // Made from the file: never written back, unless the file moved on meanwhile.
            if let text, let size = pointSize(of: .general, in: KConfigFile(text)), let base = bases[.general],
               ratios.category(nearest: size / base) != change.category {
                fontSize = size
                follow(ratios.category(nearest: size / base), size: size)
            }
            return
        }
        guard let text else { return }
        write(change, over: text)
    }

    /// Sets each present, writable key to its size at `change.category`; writes only when one changed.
    private func write(_ change: CategoryWatch.Change, over text: String) {
        var file = KConfigFile(text)
        var recorded = bases
        for key in KDEFontKey.all {
            guard let entry = file.entry(key.key, in: [key.group]), let size = QFontSize.points(in: entry.value) else { continue }
            let base = recorded[key] ?? size / ratios.ratio(of: change.previous)
            recorded[key] = base
            let target = QFontSize.roundedToHalfPoint(base * ratios.ratio(of: change.category))
            guard target != size else { continue }
            guard !entry.isImmutable else {
                logger.warning("kdeglobals: \(key) is immutable ([$i]); not set", metadata: metadata.merging([
                    "category": "\(change.category.rawValue)", "fontSize": "\(QFontSize.written(target))",
                ]) { $1 })
                continue
            }
            file.replaceValue(of: entry, with: QFontSize.replacing(pointsIn: entry.value, with: target))
        }
        if recorded != bases {
            do { try recorded.write(to: paths.bases); bases = recorded } catch {
                logger.warning("could not record the base font sizes", metadata: ["bases": "\(paths.bases)", "reason": "\(error)"])
            }
        }
        guard file.text != text else { return }
        do {
            try AtomicFile.write(file.text, to: paths.globals)
        } catch {
            logger.warning("could not set KDE Plasma's font sizes; kdeglobals is left as it was", metadata: metadata.merging([
                "category": "\(change.category.rawValue)", "reason": "\(error)",
            ]) { $1 })
            return
        }
        fontSize = pointSize(of: .general, in: file)
        logger.info("set KDE Plasma's font sizes", metadata: ["category": "\(change.category.rawValue)", "file": "\(paths.globals)"])
        fontsChanged()
    }
}
