import Dispatch
import DynamicType
import Foundation
import Logging
import ScopedPreferences
import Synchronization

/// Keeps the font sizes of KDE Plasma's `kdeglobals` and one scope's category in step, both ways
/// (docs/DESIGN.md §30 (KDE Plasma, X11, and per-target limits)), by the rules of the desktop bridge (§26 (The desktop bridge)).
///
/// - Category → file: a `DesktopTarget` (`KDEBridge+Target.swift`) its `TargetRunner` calls with the
///   effective category of `desktop/kde` below the desktop scope, clamped by that scope's bounds.
/// - File → category: when someone else changes `[General] font`'s size, size ÷ base gives the
///   category of the nearest ratio, set on the desktop scope through the service's normal change
///   path; not written back.
/// - No echo: the font size this bridge wrote and reads back is not taken as the reader's.
/// - Immutable (`[$i]`) keys are never written; each is reported in the log and the status.
/// - Excluded, the bridge neither writes the file nor follows it.
///
/// Everything the bridge decides, it decides on `queue`, in the order the file's changes and the
/// runner's calls arrive there; `bases`, `fontSize`, `started`, `excluded` and `immutable` are touched only there.
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

        /// The paths of `environment` (`XDG_CONFIG_HOME`, `XDG_STATE_HOME`, else under `HOME`). A
        /// relative XDG path is ignored, as the XDG Base Directory specification says (and KConfig does).
        public init(environment: [String: String]) throws(KDEBridgeError) {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
            let absolute = { (name: String) in environment[name].flatMap { $0.hasPrefix("/") ? $0 : nil } }
            guard let config = absolute("XDG_CONFIG_HOME") ?? home.map({ $0 + "/.config" }),
                let state = absolute("XDG_STATE_HOME") ?? home.map({ $0 + "/.local/state" })
            else { throw .noConfigFolder }
            self.init(globals: config + "/kdeglobals", bases: state + "/fontd/kde-base.json")
        }

        var folder: String { globals.lastIndex(of: "/").map { String(globals[..<$0]) } ?? "." }
    }

    /// The scope whose category follows the desktop.
    public let scope: PreferenceScope
    public let paths: Paths
    let ratios: TextScalingRatios
    let logger: Logger
    let fontsChanged: @Sendable () -> Void
    let queue = DispatchQueue(label: "fontd.desktop.kde")
    private let links = Mutex<(watch: ScopeWatch, folder: FolderWatch)?>(nil)
    var bases = KDEFontBases(sizes: [:])
    /// `[General] font`'s size as last read or written by this bridge: a file whose size is this one
    /// is no change of the reader's (fontd's own write read back, or another key changed).
    var fontSize: Double?
    var started = false
    /// Whether the reader excluded KDE: the file is neither written nor followed.
    var excluded = false
    /// The keys marked immutable when the file was last read, as the status tells them.
    var immutable: [KDEFontKey] = []

    private init(
        scope: PreferenceScope, paths: Paths, ratios: TextScalingRatios, logger: Logger, fontsChanged: @escaping @Sendable () -> Void
    ) {
        self.scope = scope
        self.paths = paths
        self.ratios = ratios
        self.logger = logger
        self.fontsChanged = fontsChanged
    }

    /// Joins KDE Plasma: records the base sizes the first time, watches `kdeglobals`' folder, and
    /// sets `scope`'s category from `[General] font`'s size (the desktop wins at start) — unless KDE
    /// is `excluded`, or the size is exactly what fontd writes for `targetScope`'s category (its own
    /// earlier write of a clamped value, not the reader's choice); returns once that change is made and announced.
    ///
    /// - Parameter fontsChanged: tells running KDE programs that the fonts changed; after each write.
    public static func start(
        scope: PreferenceScope, targetScope: PreferenceScope, hub: ScopeHub, ratios: TextScalingRatios, paths: Paths, excluded: Bool,
        logger: Logger, fontsChanged: @escaping @Sendable () -> Void
    ) throws(KDEBridgeError) -> KDEBridge {
        let bridge = KDEBridge(scope: scope, paths: paths, ratios: ratios, logger: logger, fontsChanged: fontsChanged)
        do {
            try FileManager.default.createDirectory(atPath: paths.folder, withIntermediateDirectories: true)
        } catch {
            throw .notWatched(folder: paths.folder, reason: "\(error)")
        }
        let folder = try FolderWatch(folder: paths.folder, name: "kdeglobals", queue: bridge.queue) { [weak bridge] in bridge?.fileChanged()
        }
        // Only to set the desktop scope's category: writing is the runner's, on `desktop/kde`.
        let watch = ScopeWatch(scope: scope, hub: hub) { _ in }
        bridge.links.withLock { $0 = (watch, folder) }

        let takenOver: Result<ContentSizeCategory?, KDEBridgeError> = bridge.queue.sync {
            bridge.started = true
            bridge.excluded = excluded
            do throws(KDEBridgeError) {
                return .success(
                    try bridge.takeOver(
                        current: hub.preferences(of: scope).category, target: hub.preferences(of: targetScope).clampedCategory))
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
            logger.notice(
                "following KDE Plasma's font sizes; kdeglobals has no [General] font size of the reader's to follow at start",
                metadata: bridge.metadata)
            return bridge
        }
        let done = DispatchSemaphore(value: 0)
        let outcome = Mutex<Result<ContentSizeCategory, ScopeWatch.SetFailure>?>(nil)
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
        guard
            let (watch, folder) = links.withLock({ links in
                defer { links = nil }
                return links
            })
        else { return }
        watch.cancel()
        folder.cancel()
    }

    var metadata: Logger.Metadata {
        ["file": "\(paths.globals)", "bases": "\(paths.bases)", "scope": "\(scope.isRoot ? "(root)" : scope.path)"]
    }

    /// At start, on the queue: records the bases of the keys that have none and reports the
    /// immutable keys; the category `[General] font`'s size stands for, or nil when it has none,
    /// KDE is excluded, or the size is fontd's own write for the target's category `target`.
    private func takeOver(current: ContentSizeCategory, target: ContentSizeCategory) throws(KDEBridgeError) -> ContentSizeCategory? {
        bases = KDEFontBases.read(paths.bases)
        let file = KConfigFile((try? globals.read()) ?? [])
        fontSize = pointSize(of: .general, in: file)
        // The first take-over: every size present is the size at `l`. Later, a key that has appeared
        // since gets its size ÷ the ratio of the category its `font` stands for.
        let category: ContentSizeCategory? =
            if let fontSize, let base = bases[.general] { ratios.category(nearest: fontSize / base) } else if fontSize != nil {
                .large
            } else { nil }
        var recorded = bases
        for key in KDEFontKey.all where recorded[key] == nil {
            guard let size = pointSize(of: key, in: file) else { continue }
            recorded[key] = size / ratios.ratio(of: category ?? current)
        }
        if recorded != bases {
            do { try recorded.write(to: paths.bases) } catch { throw .basesNotRecorded(path: paths.bases, reason: "\(error)") }
            bases = recorded
        }
        immutable = KDEFontKey.all.filter { file.entry($0.key, in: [$0.group])?.isImmutable == true }
        for key in immutable {
            logger.warning("kdeglobals: \(key) is immutable ([$i]); fontd leaves it as it is", metadata: metadata)
        }
        if excluded { return nil }
        if let fontSize, let base = bases[.general], QFontSize.roundedToHalfPoint(base * ratios.ratio(of: target)) == fontSize,
            ratios.category(nearest: fontSize / base) != current
        {
            return nil
        }
        return category
    }

    /// The point size of `key` in `file`; nil when absent or not in points.
    func pointSize(of key: KDEFontKey, in file: KConfigFile) -> Double? {
        file.entry(key.key, in: [key.group]).flatMap { QFontSize.points(in: $0.value) }
    }

    /// The file changed, or another of its folder: on the queue.
    private func fileChanged() {
        guard started, !excluded else { return }
        guard let bytes = try? globals.read(), let size = pointSize(of: .general, in: KConfigFile(bytes)), size != fontSize else {
            return
        }
        fontSize = size
        guard let base = bases[.general] else { return }
        follow(ratios.category(nearest: size / base), size: size)
    }

    /// Sets the scope's category; a failure is logged (the next change of either side tries again).
    private func follow(_ category: ContentSizeCategory, size: Double) {
        guard let watch = links.withLock({ $0?.watch }) else { return }
        watch.set(category) { [logger] result in
            guard case .failure(let failure) = result else { return }
            logger.warning(
                "could not follow KDE Plasma's font size",
                metadata: [
                    "fontSize": "\(QFontSize.written(size))", "category": "\(category.rawValue)", "reason": "\(failure)",
                ])
        }
    }
}
