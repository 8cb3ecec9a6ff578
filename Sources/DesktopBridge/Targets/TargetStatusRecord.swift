import Foundation
import Glibc

/// The whole `desktop-status.json`, and the board `GET /desktop` serves (docs/DESIGN.md §36 (The
/// target board)): the server, whether it bridges anything, and each target's status.
public struct TargetStatusRecord: Sendable, Hashable, Codable {
    public var pid: Int32
    /// Whether the server runs any desktop target (`--desktop`, `--bridge`): false for a plain
    /// `fontd serve`, which changes nothing on the desktop. A file without it was written by a
    /// server that did.
    public var bridges: Bool
    /// The scope the targets follow (`--desktop-scope`'s path, "" for the root): a change there or
    /// above reaches them. Served on the board; nil in the file.
    public var scope: String?
    public var targets: [String: TargetStatus]
    /// The programs following the server's event stream that said who they are (`/events?client=`): the
    /// browsers with fontd's extension connected, `chromium` and `firefox`, sorted. Served on the board;
    /// nil in the file, which lasts longer than a connection.
    public var clients: [String]?

    public init(pid: Int32, bridges: Bool = true, scope: String? = nil, targets: [String: TargetStatus], clients: [String]? = nil) {
        self.pid = pid
        self.bridges = bridges
        self.scope = scope
        self.targets = targets
        self.clients = clients
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        pid = try container.decode(Int32.self, forKey: .pid)
        bridges = try container.decodeIfPresent(Bool.self, forKey: .bridges) ?? true
        scope = try container.decodeIfPresent(String.self, forKey: .scope)
        targets = try container.decode([String: TargetStatus].self, forKey: .targets)
        clients = try container.decodeIfPresent([String].self, forKey: .clients)
    }

    /// The names of the targets that follow the reader's category now (applied, or at the next
    /// start), sorted.
    public var following: [String] {
        targets.filter { $0.value.state == .applied || $0.value.state == .restart }.keys.sorted()
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
