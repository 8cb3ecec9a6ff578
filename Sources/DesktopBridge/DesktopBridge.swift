import Dispatch
import DynamicType
import Logging
import ScopedPreferences
import Synchronization

/// Keeps GNOME's `org.gnome.desktop.interface text-scaling-factor` and the desktop scope's category
/// in step, both ways (docs/DESIGN.md §26 (The desktop bridge), §30 (KDE Plasma, X11, and per-target
/// limits)). The desktop is where the reader chose: at start the key sets the category.
///
/// - Key → category: the category of the nearest ratio, set on the desktop scope through the
///   service's normal change path; the key itself is left as it is (1.25 stays 1.25).
/// - Category → key: a `DesktopTarget` named `gnome` (`DesktopBridge+Target.swift`) that its
///   `TargetRunner` calls with the effective category of `desktop/gnome` below the desktop scope,
///   clamped by that scope's bounds: the key gets the category's ratio, rounded and clamped
///   (`TextScalingRatios`), unless it already stands for that category.
/// - No echo: the value this bridge wrote and reads back is not taken as the desktop's.
/// - Excluded, the bridge neither writes the key nor follows it.
///
/// Everything the bridge decides, it decides on the settings thread, in the order the key's
/// changes and the runner's calls arrive there; `written`, `started` and `excluded` are touched only there.
public final class DesktopBridge: @unchecked Sendable {
    /// The schema and key GNOME Settings' Large Text writes.
    public static let schema = "org.gnome.desktop.interface"
    public static let key = "text-scaling-factor"

    /// The scope whose category follows the desktop.
    public let scope: PreferenceScope
    let ratios: TextScalingRatios
    let logger: Logger
    /// `$XDG_STATE_HOME/fontd/gnome-base.json`; nil when there is no state folder (nothing is put back then).
    let originalPath: String?
    /// The key and the watch of the scope's category; nil until both exist, and again once stopped.
    let links = Mutex<(key: DesktopSettingsKey, watch: ScopeWatch)?>(nil)
    /// The value this bridge last wrote to the key, until the key holds another: its own change
    /// read back. Settings thread only.
    var written: Double?
    /// Whether the start has read the key; changes before are passed over (the start reads the key
    /// after them and sets the category from it). Settings thread only.
    private var started = false
    /// Whether the reader excluded GNOME: the key is neither written nor followed. Settings thread only.
    var excluded = false

    private init(scope: PreferenceScope, ratios: TextScalingRatios, originalPath: String?, logger: Logger) {
        self.scope = scope
        self.ratios = ratios
        self.originalPath = originalPath
        self.logger = logger
    }

    /// Joins the GNOME desktop: loads the settings library, watches the key on its thread, and sets
    /// `scope`'s category from the key's value — unless GNOME is `excluded`, or the value is exactly
    /// what fontd writes for `targetScope`'s clamped category and stands for another than `scope`'s
    /// (fontd's own earlier write of a limit, not the reader's choice); returns once that change is
    /// made and announced.
    ///
    /// - Parameter originalPath: where the value the reader had before fontd's first write is kept.
    /// - Throws: `DesktopBridgeError`, saying what is missing (the library, the schema, the session
    ///   bus dconf needs) or why the category could not be set.
    public static func start(
        scope: PreferenceScope, targetScope: PreferenceScope, hub: ScopeHub, ratios: TextScalingRatios, originalPath: String?,
        excluded: Bool, logger: Logger
    ) throws(DesktopBridgeError) -> DesktopBridge {
        let library = try DesktopSettingsLibrary.load()
        let bridge = DesktopBridge(scope: scope, ratios: ratios, originalPath: originalPath, logger: logger)
        let key = try DesktopSettingsKey(
            schema: schema, key: key, library: library,
            changed: { [weak bridge] value, _ in bridge?.keyChanged(to: value) },
            log: { level, message in logger.log(level: level, "GLib: \(message)") })
        // Only to set the desktop scope's category: writing is the runner's, on `desktop/gnome`.
        let watch = ScopeWatch(scope: scope, hub: hub) { _ in }
        bridge.links.withLock { $0 = (key, watch) }

        let done = DispatchSemaphore(value: 0)
        let outcome = Mutex<(factor: Double, result: Result<ContentSizeCategory, ScopeWatch.SetFailure>?)?>(nil)
        key.perform { access in
            bridge.started = true
            bridge.excluded = excluded
            let factor = access.read()
            let current = hub.preferences(of: scope).category
            let ownLimit =
                factor == ratios.factor(for: hub.preferences(of: targetScope).clampedCategory)
                && ratios.category(nearest: factor) != current
            guard !excluded, !ownLimit else {
                outcome.withLock { $0 = (factor, nil) }
                done.signal()
                return
            }
            watch.set(ratios.category(nearest: factor)) { result in
                outcome.withLock { $0 = (factor, result) }
                done.signal()
            }
        }
        done.wait()
        guard let (factor, result) = outcome.withLock({ $0 }) else {
            preconditionFailure("the start's change completed without an outcome")
        }
        var metadata: Logger.Metadata = [
            "key": "\(Self.schema) \(Self.key)", "backend": "\(key.backend)", "library": "\(library.path)",
            "scope": "\(scope.isRoot ? "(root)" : scope.path)", "textScalingFactor": "\(factor)",
        ]
        switch result {
        case .failure(let failure):
            bridge.stop()
            throw .categoryNotSet(scope: scope.isRoot ? "the root scope" : scope.path, reason: failure.description)
        case .success(let category):
            metadata["category"] = "\(category.rawValue)"
            logger.notice("following the desktop's text size", metadata: metadata)
        case nil:
            logger.notice(
                excluded
                    ? "GNOME is excluded: its text size is neither followed nor set"
                    : "following the desktop's text size; at start it is fontd's own write of desktop/gnome's limit, not the reader's choice",
                metadata: metadata)
        }
        return bridge
    }

    /// Leaves the desktop: no change is followed either way after it returns.
    public func stop() {
        guard
            let (key, watch) = links.withLock({ links in
                defer { links = nil }
                return links
            })
        else { return }
        watch.cancel()
        key.close()
    }

    /// The key changed: the desktop's new value, or this bridge's own write read back. Settings thread.
    private func keyChanged(to factor: Double) {
        guard started, !excluded else { return }
        if factor == written { return }
        written = nil
        follow(factor)
    }

    /// Sets the scope's category to the one nearest `factor`; a failure is logged (the next change
    /// of the key tries again).
    private func follow(_ factor: Double) {
        guard let watch = links.withLock({ $0?.watch }) else { return }
        let category = ratios.category(nearest: factor)
        watch.set(category) { [logger] result in
            guard case .failure(let failure) = result else { return }
            logger.warning(
                "could not follow the desktop's text size",
                metadata: [
                    "textScalingFactor": "\(factor)", "category": "\(category.rawValue)", "reason": "\(failure)",
                ])
        }
    }
}
