import DesktopBridge
import Glibc

/// What `fontd desktop status` says of each desktop target (docs/DESIGN.md §30 (KDE Plasma, X11,
/// and per-target limits)): the running server's record, or, when none runs, what is excluded.
struct TargetReport: Encodable, Hashable {
    /// `applied`, `restart`, `excluded`, `failed`, `absent`; `not running` (no server), `not run`
    /// (the running server's `--desktop` and `--bridge` do not name it).
    var state: String
    var category: String?
    var detail: String?
    var time: String?
    var notes: [String]?
    /// The one line printed after the target's name.
    var line: String

    /// Each known target's report, with whether a server runs and its pid.
    static func all(stateFolder: String?) -> (running: Bool, pid: Int32?, targets: [(name: String, report: TargetReport)]) {
        let exclusions = stateFolder.map { TargetExclusions.read($0 + "/" + TargetExclusions.fileName) } ?? TargetExclusions()
        let record = stateFolder.flatMap { TargetStatusRecord.read(TargetStatusRecord.path(stateFolder: $0)) }
        let running = record?.isServerRunning == true
        let names = Set(TargetExclusions.knownTargets).union(record.map { Array($0.targets.keys) } ?? []).sorted()
        let targets = names.map { name -> (name: String, report: TargetReport) in
            if running, let status = record?.targets[name] {
                return (
                    name,
                    TargetReport(
                        state: status.state.rawValue, category: status.category, detail: status.detail, time: status.time,
                        notes: status.notes,
                        line: status.line)
                )
            }
            if exclusions.contains(name) {
                return (name, TargetReport(state: "excluded", line: "excluded (fontd leaves its files as you had them)"))
            }
            return running
                ? (name, TargetReport(state: "not run", line: "not run (the running fontd serve's --desktop and --bridge do not name it)"))
                : (name, TargetReport(state: "not running", line: "not running"))
        }
        return (running, running ? record?.pid : nil, targets)
    }
}
