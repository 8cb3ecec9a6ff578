import Dispatch
import DynamicType
import Logging
import ScopedPreferences
import Synchronization

/// Carries one scope's category to terminals and editors, one way (docs/DESIGN.md §31 (Terminals
/// and editors)): at start and on every change of the scope's effective category
/// (`CategoryWatch`), each program's `apply` with the size `size` gives for the category. Each
/// outcome is logged (`set a terminal's font size`, which Benchmarks/bridges.sh waits for); a
/// failure is logged and never stops the server, and the next change tries again.
///
/// Everything runs on its own serial queue (`fontd-terminals`); the watch's reports, on the
/// store's queue, only hand the category over.
public final class TerminalFollower: Sendable {
    /// The scope whose category the programs follow.
    public let scope: PreferenceScope
    private let programs: [any TerminalProgram]
    private let size: @Sendable (ContentSizeCategory) -> TerminalFontSize?
    private let logger: Logger
    private let queue = DispatchQueue(label: "fontd-terminals")
    private let watch = Mutex<CategoryWatch?>(nil)

    private init(
        scope: PreferenceScope, programs: [any TerminalProgram], size: @escaping @Sendable (ContentSizeCategory) -> TerminalFontSize?,
        logger: Logger
    ) {
        self.scope = scope
        self.programs = programs
        self.size = size
        self.logger = logger
    }

    /// Starts following `scope`: applies its category now, and returns once applied.
    /// - Parameter size: the size for a category; nil when it cannot be resolved (logged, nothing written).
    public static func start(
        scope: PreferenceScope, hub: ScopeHub, programs: [any TerminalProgram],
        size: @escaping @Sendable (ContentSizeCategory) -> TerminalFontSize?, logger: Logger
    ) -> TerminalFollower {
        let follower = TerminalFollower(scope: scope, programs: programs, size: size, logger: logger)
        let watch = CategoryWatch(scope: scope, hub: hub) { [weak follower] change in
            guard let follower else { return }
            follower.queue.async { follower.apply(change.category) }
        }
        follower.watch.withLock { $0 = watch }
        let category = watch.category
        follower.queue.sync { follower.apply(category) }
        logger.notice("following the reader's category in terminals and editors", metadata: [
            "programs": "\(programs.map { type(of: $0).name }.joined(separator: ","))",
            "scope": "\(scope.isRoot ? "(root)" : scope.path)", "category": "\(category.rawValue)",
        ])
        return follower
    }

    /// Stops following: nothing is written after it returns.
    public func stop() {
        guard let watch = watch.withLock({ watch in defer { watch = nil }; return watch }) else { return }
        watch.cancel()
        queue.sync {}
    }

    /// Applies `category`'s size to every program. Queue only.
    private func apply(_ category: ContentSizeCategory) {
        guard watch.withLock({ $0 != nil }) else { return }
        guard let size = size(category) else {
            logger.warning("no monospace body size for the category; terminals keep theirs", metadata: ["category": "\(category.rawValue)"])
            return
        }
        for program in programs {
            let name = type(of: program).name
            do throws(TerminalTargetError) {
                let outcome = try program.apply(size)
                guard outcome != .unchanged else { continue }
                logger.info("set a terminal's font size", metadata: [
                    "program": "\(name)", "points": "\(size.decimal)", "category": "\(category.rawValue)", "outcome": "\(outcome)",
                ])
            } catch {
                logger.warning("could not set a terminal's font size", metadata: ["program": "\(name)", "reason": "\(error)"])
            }
        }
    }
}
