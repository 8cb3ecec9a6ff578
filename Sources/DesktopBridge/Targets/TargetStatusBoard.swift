import Foundation
import Glibc
import Logging
import Synchronization

/// The status of every target this server runs, kept in `desktop-status.json` (docs/DESIGN.md §30
/// (KDE Plasma, X11, and per-target limits)), rewritten whole (through `AtomicFile`) on each change
/// of a target's state. Runners' queues call `record`; the lock keeps the record and the write in order.
public final class TargetStatusBoard: Sendable {
    /// `desktop-status.json`'s path.
    public let path: String
    private let logger: Logger
    private let record: Mutex<TargetStatusRecord>

    /// A board for this process, writing to `path` (the record starts empty and is written at the first state).
    public init(path: String, logger: Logger) {
        self.path = path
        self.logger = logger
        record = Mutex(TargetStatusRecord(pid: getpid(), targets: [:]))
    }

    /// Every target's state now: what `GET /desktop` serves.
    public var snapshot: TargetStatusRecord { record.withLock { $0 } }

    /// The state `name` was last recorded in by this server, if any.
    public func status(of name: String) -> TargetStatus? { record.withLock { $0.targets[name] } }

    /// Records `status` for `name`; written when it differs from what was recorded.
    public func record(_ name: String, _ status: TargetStatus) {
        record.withLock { record in
            guard record.targets[name] != status else { return }
            record.targets[name] = status
            do {
                try FileManager.default.createDirectory(
                    atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
                try AtomicFile.write(String(decoding: try encoder.encode(record), as: UTF8.self) + "\n", to: path)
            } catch {
                logger.warning("could not record the desktop targets' status", metadata: ["path": "\(path)", "reason": "\(error)"])
            }
        }
    }

    /// Now, as status times are written: `2026-11-27T17:05:38Z`.
    static func now() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date())
    }
}
