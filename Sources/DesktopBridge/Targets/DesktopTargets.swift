import Dispatch
import DynamicType
import Foundation
import Logging
import ScopedPreferences
import Synchronization

/// The targets one `fontd serve` runs, their status board, and the watch on the reader's
/// exclusions (docs/DESIGN.md §30 (KDE Plasma, X11, and per-target limits)): a change of
/// `desktop-targets.json` (inotify on its folder, no polling) excludes or includes each at once.
public final class DesktopTargets: Sendable {
    public let runners: [TargetRunner]
    /// Each target's state, as `GET /desktop` serves it.
    public let board: TargetStatusBoard
    /// `desktop-targets.json`'s path.
    public let exclusionsPath: String
    private let folder: Mutex<FolderWatch?>
    private let queue = DispatchQueue(label: "fontd.desktop.exclusions")

    /// Starts a runner for each of `targets` on its scope below `desktopScope`, excluded as the
    /// reader's file says, and watches that file.
    public static func start(
        _ targets: [any DesktopTarget], desktopScope: PreferenceScope, hub: ScopeHub, stateFolder: String, logger: Logger
    ) throws -> DesktopTargets {
        let exclusionsPath = stateFolder + "/" + TargetExclusions.fileName
        let exclusions = TargetExclusions.read(exclusionsPath)
        let statusPath = TargetStatusRecord.path(stateFolder: stateFolder)
        let previous = TargetStatusRecord.read(statusPath)
        let board = TargetStatusBoard(path: statusPath, logger: logger)
        var runners: [TargetRunner] = []
        for target in targets {
            let scope = try TargetRunner.scope(of: target.name, below: desktopScope)
            runners.append(
                TargetRunner(
                    target: target, scope: scope, hub: hub, board: board, excluded: exclusions.contains(target.name),
                    previous: previous?.targets[target.name], logger: logger))
        }
        let started = DesktopTargets(runners: runners, board: board, exclusionsPath: exclusionsPath)
        try FileManager.default.createDirectory(atPath: stateFolder, withIntermediateDirectories: true)
        let watch = try FolderWatch(folder: stateFolder, name: TargetExclusions.fileName, queue: started.queue) { [weak started] in
            started?.exclusionsChanged()
        }
        started.folder.withLock { $0 = watch }
        // A change between reading the file and watching it is not lost: read it once more.
        started.queue.sync { started.exclusionsChanged() }
        return started
    }

    private init(runners: [TargetRunner], board: TargetStatusBoard, exclusionsPath: String) {
        self.runners = runners
        self.board = board
        self.exclusionsPath = exclusionsPath
        folder = Mutex(nil)
    }

    /// Stops every runner and the watch.
    public func stop() {
        folder.withLock {
            $0?.cancel()
            $0 = nil
        }
        for runner in runners { runner.stop() }
    }

    /// The file changed: each runner follows it. On `queue`.
    private func exclusionsChanged() {
        let exclusions = TargetExclusions.read(exclusionsPath)
        for runner in runners { runner.setExcluded(exclusions.contains(runner.target.name)) }
    }
}
