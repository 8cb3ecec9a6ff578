import ArgumentParser
import DesktopBridge
import DynamicType
import FontResolution
import Logging

extension Serve {
    /// The terminals and editors `--bridge` names, as desktop targets (docs/DESIGN.md §31
    /// (Terminals and editors)); none without `--bridge`, or with `auto` when none is found (said in
    /// the log). Each scales the reader's own sizes by its target scope's category's ratio
    /// (docs/DESIGN.md §34 (The reader's own sizes)); foot is also told the monospace family
    /// `/font?style=body&traits=monospace` answers at `l`, for a `foot.ini` that names none.
    func terminalTargets(resolver: FontResolver, environment: [String: String], stateFolder: String?, logger: Logger) throws
        -> [any DesktopTarget]
    {
        guard let bridge else { return [] }
        let programs: [any TerminalProgram]
        do {
            programs = try bridge.programs(environment: environment)
        } catch {
            throw ValidationError("--bridge: \(error)")
        }
        if programs.isEmpty {
            logger.notice("serving without terminals (--bridge auto): none of \(TerminalPrograms.names.joined(separator: ", ")) was found")
        }
        let ratios = try TextScalingRatios.of(resolver.table)
        let family =
            (try? resolver.resolve(FontRequest(style: .body, category: .large, traits: .monospace)))?.matchedFace.family ?? "monospace"
        return programs.map { TerminalTarget(program: $0, ratios: ratios, family: family, stateFolder: stateFolder, logger: logger) }
    }
}
