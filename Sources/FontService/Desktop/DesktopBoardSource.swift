/// Where `GET /desktop` gets the target board (docs/DESIGN.md §36 (The target board)): what the
/// server that runs the desktop targets knows of each, as JSON. The service knows no desktop: the
/// executable, which runs the targets, provides it, so `FontService` imports no desktop module.
///
/// Called on an event loop's thread, at any time, from any loop: it must be quick and safe from
/// every thread.
public protocol DesktopBoardSource: Sendable {
    /// The board now, a JSON document (no I/O).
    func desktopBoardJSON() throws -> [UInt8]

    /// Records the reader's choice to exclude `target` (or, with `excluded` false, to include it
    /// again) where `fontd desktop exclude` records it, for the running targets to act on at once
    /// (`PUT /desktop`, docs/DESIGN.md §37 (The reader's control)): one small file written whole.
    ///
    /// - Returns: whether the choice changed (false: it already stood).
    func setExcluded(_ target: String, excluded: Bool) throws(DesktopExclusionRefusal) -> Bool
}
