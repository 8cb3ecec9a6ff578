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
struct ServedDesktopBoard: DesktopBoardSource {
    /// The running targets' board; nil when the server runs none.
    let board: TargetStatusBoard?
    /// The scope the targets follow (`--desktop-scope`).
    let scope: PreferenceScope
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
}
