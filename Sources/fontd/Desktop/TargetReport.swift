import DesktopBridge
import Glibc

/// What `fontd desktop status` says of each desktop target (docs/DESIGN.md §30 (KDE Plasma, X11,
/// and per-target limits), §36 (The target board)): the running server's board, or, when none runs,
/// what is excluded.
struct TargetReport: Encodable, Hashable {
    /// `applied`, `restart`, `excluded`, `failed`, `absent`, `read-only`; `not running` (no server),
    /// `not run` (the running server's `--desktop` and `--bridge` do not name it).
    var state: String
    var category: String?
    var detail: String?
    var time: String?
    var notes: [String]?
    /// The reader's own values the target scales (docs/DESIGN.md §34 (The reader's own sizes)).
    var base: String?
    /// The values in place.
    var value: String?
    /// The one line printed after the target's name.
    var line: String

    /// Each known target's report from `board`, the running server's (nil when none runs), and the
    /// exclusions kept in `stateFolder`.
    static func all(board: TargetStatusRecord?, stateFolder: String?) -> [(name: String, report: TargetReport)] {
        let exclusions = stateFolder.map { TargetExclusions.read($0 + "/" + TargetExclusions.fileName) } ?? TargetExclusions()
        let names = Set(TargetExclusions.knownTargets).union(board.map { Array($0.targets.keys) } ?? []).sorted()
        return names.map { name -> (name: String, report: TargetReport) in
            if let status = board?.targets[name] {
                return (
                    name,
                    TargetReport(
                        state: status.state.rawValue, category: status.category, detail: status.detail, time: status.time,
                        notes: status.notes, base: status.base, value: status.value, line: status.line)
                )
            }
            if exclusions.contains(name) {
                return (name, TargetReport(state: "excluded", line: "excluded (fontd leaves its files as you had them)"))
            }
            return board != nil
                ? (name, TargetReport(state: "not run", line: "not run (the running fontd serve's --desktop and --bridge do not name it)"))
                : (name, TargetReport(state: "not running", line: "not running"))
        }
    }

    /// The record a bridging server keeps in `stateFolder`, when that server is alive: what status
    /// reads when no server answers at the address asked (one on another port, say).
    static func recordedBoard(stateFolder: String?) -> TargetStatusRecord? {
        guard let record = stateFolder.flatMap({ TargetStatusRecord.read(TargetStatusRecord.path(stateFolder: $0)) }),
            record.isServerRunning
        else { return nil }
        return record
    }
}
