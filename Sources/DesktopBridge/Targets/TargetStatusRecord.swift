import Foundation
import Glibc

/// The whole `desktop-status.json`: the server that wrote it and each target's status.
public struct TargetStatusRecord: Sendable, Hashable, Codable {
    public var pid: Int32
    public var targets: [String: TargetStatus]

    public init(pid: Int32, targets: [String: TargetStatus]) {
        self.pid = pid
        self.targets = targets
    }

    /// `$XDG_STATE_HOME/fontd/desktop-status.json`.
    public static func path(stateFolder: String) -> String { stateFolder + "/desktop-status.json" }

    /// The record at `path`; nil when there is none or it does not decode.
    public static func read(_ path: String) -> TargetStatusRecord? {
        AtomicFile.read(path).flatMap { try? JSONDecoder().decode(TargetStatusRecord.self, from: Data($0.utf8)) }
    }

    /// Whether the process that wrote it is alive (signal 0 reaches it).
    public var isServerRunning: Bool { kill(pid, 0) == 0 || errno == EPERM }
}
