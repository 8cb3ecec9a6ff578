import Dispatch
import DynamicType
import Logging
import ScopedPreferences
import Synchronization

/// Keeps GNOME's `org.gnome.desktop.interface text-scaling-factor` and one scope's category in
/// step, both ways (docs/DESIGN.md §26 (The desktop bridge)). The desktop is where the reader chose: at start the key
/// sets the category.
///
/// - Key → category: the category of the nearest ratio, set through the service's normal change
///   path; the key itself is left as it is (1.25 stays 1.25).
/// - Category → key: any other change of the scope's effective category (a PUT, a client, its
///   parent's change it inherits, another replica's) sets the key to the category's ratio,
///   rounded and clamped (`TextScalingRatios`).
/// - No loops: a change this bridge made from the key is not written back, and the value it
///   wrote and reads back is not taken as the desktop's.
///
/// Everything the bridge decides, it decides on the settings thread, in the order the key's and
/// the category's changes arrive there; `written` is touched only there.
public final class DesktopBridge: @unchecked Sendable {
    /// The schema and key GNOME Settings' Large Text writes.
    public static let schema = "org.gnome.desktop.interface"
    public static let key = "text-scaling-factor"

    /// The scope whose category follows the desktop.
    public let scope: PreferenceScope
    private let ratios: TextScalingRatios
    private let logger: Logger
    /// The key and the watch of the scope's category; nil until both exist, and again once stopped.
    private let links = Mutex<(key: DesktopSettingsKey, watch: CategoryWatch)?>(nil)
    /// The value this bridge last wrote to the key, until the key holds another: its own change
    /// read back. Settings thread only.
    private var written: Double?
    /// Whether the start has read the key; changes of either side before are passed over (the
    /// start reads the key after them and sets the category from it). Settings thread only.
    private var started = false

    private init(scope: PreferenceScope, ratios: TextScalingRatios, logger: Logger) {
        self.scope = scope
        self.ratios = ratios
        self.logger = logger
    }

    /// Joins the GNOME desktop: loads the settings library, watches the key on its thread, and sets
    /// `scope`'s category from the key's value; returns once that change is made and announced.
    ///
    /// - Throws: `DesktopBridgeError`, saying what is missing (the library, the schema, the session
    ///   bus dconf needs) or why the category could not be set.
    public static func start(
        scope: PreferenceScope, hub: ScopeHub, ratios: TextScalingRatios, logger: Logger
    ) throws(DesktopBridgeError) -> DesktopBridge {
        let library = try DesktopSettingsLibrary.load()
        let bridge = DesktopBridge(scope: scope, ratios: ratios, logger: logger)
        let key = try DesktopSettingsKey(
            schema: schema, key: key, library: library,
            changed: { [weak bridge] value, access in bridge?.keyChanged(to: value, access) },
            log: { level, message in logger.log(level: level, "GLib: \(message)") })
        let watch = CategoryWatch(scope: scope, hub: hub) { [weak bridge] change in bridge?.categoryChanged(change) }
        bridge.links.withLock { $0 = (key, watch) }

        let done = DispatchSemaphore(value: 0)
        let outcome = Mutex<(factor: Double, result: Result<ContentSizeCategory, CategoryWatch.SetFailure>)?>(nil)
        key.perform { access in
            bridge.started = true
            let factor = access.read()
            watch.set(ratios.category(nearest: factor)) { result in
                outcome.withLock { $0 = (factor, result) }
                done.signal()
            }
        }
        done.wait()
        guard let (factor, result) = outcome.withLock({ $0 }) else { preconditionFailure("the start's change completed without an outcome") }
        switch result {
        case .failure(let failure):
            bridge.stop()
            throw .categoryNotSet(scope: scope.isRoot ? "the root scope" : scope.path, reason: failure.description)
        case .success(let category):
            logger.notice("following the desktop's text size", metadata: [
                "key": "\(Self.schema) \(Self.key)", "backend": "\(key.backend)", "library": "\(library.path)",
                "scope": "\(scope.isRoot ? "(root)" : scope.path)", "textScalingFactor": "\(factor)", "category": "\(category.rawValue)",
            ])
        }
        return bridge
    }

    /// Leaves the desktop: no change is followed either way after it returns.
    public func stop() {
        guard let (key, watch) = links.withLock({ links in defer { links = nil }; return links }) else { return }
        watch.cancel()
        key.close()
    }

    /// The key changed: the desktop's new value, or this bridge's own write read back. Settings thread.
    private func keyChanged(to factor: Double, _ access: DesktopSettingsKey.Access) {
        guard started else { return }
        if factor == written { return }
        written = nil
        follow(factor)
    }

    /// Sets the scope's category to the one nearest `factor`; a failure is logged (the next change
    /// of either side tries again).
    private func follow(_ factor: Double) {
        guard let watch = links.withLock({ $0?.watch }) else { return }
        let category = ratios.category(nearest: factor)
        watch.set(category) { [logger] result in
            guard case .failure(let failure) = result else { return }
            logger.warning("could not follow the desktop's text size", metadata: [
                "textScalingFactor": "\(factor)", "category": "\(category.rawValue)", "reason": "\(failure)",
            ])
        }
    }

    /// The scope's effective category changed (reported on the preferences store's queue); handled
    /// on the settings thread, in the order of the changes.
    private func categoryChanged(_ change: CategoryWatch.Change) {
        links.withLock { links in
            links?.key.perform { [self] access in categoryChanged(change, access) }
        }
    }

    private func categoryChanged(_ change: CategoryWatch.Change, _ access: DesktopSettingsKey.Access) {
        // Before the start has read the key (another replica's change caught up meanwhile), the key wins.
        guard started else { return }
        let factor = access.read()
        if change.isOwn {
            // Made from the key: never written back. Unless the key moved on meanwhile — fontd's own
            // write of a change made in between, say — in which case the key wins again.
            if ratios.category(nearest: factor) != change.category { follow(factor) }
            return
        }
        let target = ratios.factor(for: change.category)
        guard target != factor else { return }
        written = target
        if !access.write(target) {
            written = nil
            logger.warning("could not set the desktop's text size: the key is not writable", metadata: [
                "key": "\(Self.schema) \(Self.key)", "textScalingFactor": "\(target)", "category": "\(change.category.rawValue)",
            ])
        }
    }
}
