/// Where `GET /desktop` gets the target board (docs/DESIGN.md §36 (The target board)): what the
/// server that runs the desktop targets knows of each, as JSON. The service knows no desktop: the
/// executable, which runs the targets, provides it, so `FontService` imports no desktop module.
///
/// Called on an event loop's thread, at any time, from any loop: it must be quick (no I/O) and safe
/// from every thread.
public protocol DesktopBoardSource: Sendable {
    /// The board now, a JSON document.
    func desktopBoardJSON() throws -> [UInt8]
}
