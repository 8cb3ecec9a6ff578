import DesktopBridge
import DynamicType
import FontService
import Glibc

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The board `GET /desktop` serves for this `fontd serve` (docs/DESIGN.md §36 (The target board)):
/// its targets' board, or, for a server started without `--desktop` and `--bridge`, a board that
/// says it bridges nothing. Any loop's thread reads it; the board's own lock guards its record.
/// An exclusion is written to the file `fontd desktop exclude` writes, which the running targets
/// watch (a server that runs none records the choice for the next that does, as the command does).
struct ServedDesktopBoard: DesktopBoardSource {
    /// The running targets' board; nil when the server runs none.
    let board: TargetStatusBoard?
    /// The scope the targets follow (`--desktop-scope`).
    let scope: PreferenceScope
    /// `$XDG_STATE_HOME/fontd`, where the exclusions are kept; nil when neither it nor `HOME` is set.
    let stateFolder: String?
    /// Who follows the server's event stream by name (the browser extension's `chromium`, `firefox`).
    let clients: StreamClients

    func desktopBoardJSON() throws -> [UInt8] {
        var record = board?.snapshot ?? TargetStatusRecord(pid: getpid(), bridges: false, targets: [:])
        record.scope = scope.path
        record.clients = clients.names
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Array(try encoder.encode(record))
    }

    func setExcluded(_ target: String, excluded: Bool) throws(DesktopExclusionRefusal) -> Bool {
        guard TargetExclusions.knownTargets.contains(target) else {
            throw .unknownTarget(target, known: TargetExclusions.knownTargets)
        }
        guard let stateFolder else {
            throw .notRecorded(reason: "this fontd serve has no state folder (neither XDG_STATE_HOME nor HOME is set)")
        }
        let path = stateFolder + "/" + TargetExclusions.fileName
        guard let exclusions = TargetExclusions.read(path).setting(target, excluded: excluded) else { return false }
        do { try exclusions.write(to: path) } catch { throw .notRecorded(reason: "\(path) could not be written (\(error))") }
        return true
    }
}
