import Dispatch
import DynamicType
import Logging
import ScopedPreferences
import Synchronization

/// Carries one target scope's effective category to one `DesktopTarget` (docs/DESIGN.md §30 (KDE
/// Plasma, X11, and per-target limits)): the target's serial queue, the `ScopeWatch` on its
/// scope (`desktop/<name>` below the desktop scope, so a bound there or on an ancestor limits
/// it), the exclusion, and the status record — once for every target.
///
/// Everything runs on `queue`, which alone touches `excluded` and calls the target; the watch's
/// reports, on the store's queue, only hand the category over.
public final class TargetRunner: @unchecked Sendable {
    public let target: any DesktopTarget
    /// `desktop/<name>` below the desktop scope.
    public let scope: PreferenceScope
    private let board: TargetStatusBoard
    private let logger: Logger
    private let queue: DispatchQueue
    private let watch = Mutex<ScopeWatch?>(nil)
    /// Whether the reader excluded the target. Queue only.
    private var excluded = false

    /// The scope of the target `name` below `desktopScope`: `desktop/kde` below the root.
    public static func scope(of name: String, below desktopScope: PreferenceScope) throws(DynamicTypeError) -> PreferenceScope {
        try desktopScope.child("desktop").child(name)
    }

    /// Starts carrying `scope`'s category to `target`, or, when `excluded`, leaves its files as the
    /// reader had them (putting them back when `previous`, the last server's record, did not say
    /// excluded); returns once that is done.
    public init(
        target: any DesktopTarget, scope: PreferenceScope, hub: ScopeHub, board: TargetStatusBoard, excluded: Bool,
        previous: TargetStatus?, logger: Logger
    ) {
        self.target = target
        self.scope = scope
        self.board = board
        self.logger = logger
        queue = DispatchQueue(label: "fontd.desktop.\(target.name)")
        let watch = ScopeWatch(scope: scope, hub: hub) { [weak self] change in
            guard let self, change.movesCategory else { return }
            queue.async { self.apply(change.category) }
        }
        self.watch.withLock { $0 = watch }
        // After the watch exists: a change from now on is applied after this.
        queue.sync {
            if excluded {
                if previous?.state != .excluded {
                    putBack()
                } else {
                    self.excluded = true
                    record(.excluded, nil, target.excludedState)
                }
            } else {
                apply(watch.category)
            }
        }
    }

    /// Excludes the target (its files put back, never written again) or includes it (written at
    /// once); nothing when it already is so. Returns once done.
    public func setExcluded(_ exclude: Bool) {
        queue.sync {
            guard exclude != excluded else { return }
            if exclude {
                putBack()
            } else {
                excluded = false
                logger.notice("desktop target included", metadata: ["target": "\(target.name)"])
                if let category = watch.withLock({ $0?.category }) { apply(category) }
            }
        }
    }

    /// Stops following: nothing is written after it returns.
    public func stop() {
        guard
            let watch = watch.withLock({ watch in
                defer { watch = nil }
                return watch
            })
        else { return }
        watch.cancel()
        queue.sync {}
    }

    /// Writes `category` unless excluded or stopped, and records what happened. Queue only.
    private func apply(_ category: ContentSizeCategory) {
        guard !excluded, watch.withLock({ $0 != nil }) else { return }
        switch target.apply(category) {
        case .applied(let detail): record(.applied, category, detail)
        case .restart(let detail): record(.restart, category, detail)
        case .failed(let reason): record(.failed, category, reason)
        case .absent(let reason): record(.absent, nil, reason)
        case .readOnly(let file): record(.readOnly, category, file)
        case .unchanged:
            // Already so: the status keeps what was written, and when, if it was this category.
            if let now = board.status(of: target.name), now.state == .applied || now.state == .restart, now.category == category.rawValue {
                record(now.state, category, now.detail, time: now.time)
            } else {
                record(.applied, category, nil)
            }
        }
    }

    /// Puts the reader's files back and stops writing. Queue only.
    private func putBack() {
        excluded = true
        do {
            try target.exclude()
            logger.notice("desktop target excluded; its files are as the reader had them", metadata: ["target": "\(target.name)"])
            record(.excluded, nil, target.excludedState)
        } catch {
            logger.warning("could not put a desktop target's files back", metadata: ["target": "\(target.name)", "reason": "\(error)"])
            record(.failed, nil, "excluded, but its files could not be put back: \(error)")
        }
    }

    private func record(_ state: TargetStatus.State, _ category: ContentSizeCategory? = nil, _ detail: String? = nil, time: String? = nil) {
        let notes = state == .excluded ? [] : target.notes
        let followed = state != .excluded && state != .absent
        board.record(
            target.name,
            TargetStatus(
                state: state, category: category?.rawValue, detail: detail, time: time ?? TargetStatusBoard.now(),
                notes: notes.isEmpty ? nil : notes, base: followed ? target.base : nil, value: followed ? target.value : nil))
    }
}
