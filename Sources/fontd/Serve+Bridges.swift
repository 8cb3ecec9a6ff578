import ArgumentParser
import DesktopBridge
import DynamicType
import FontResolution
import Logging

extension Serve {
    /// The terminals and editors `--bridge` names, as desktop targets (docs/DESIGN.md §31
    /// (Terminals and editors)); none without `--bridge`, or with `auto` when none is found (said in
    /// the log). Each is told `body`'s point size with the `monospace` trait at its target scope's
    /// category, as `/font?style=body&traits=monospace` answers it.
    func terminalTargets(resolver: FontResolver, environment: [String: String], logger: Logger) throws -> [any DesktopTarget] {
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
        let size: @Sendable (ContentSizeCategory) -> TerminalFontSize? = { category in
            guard let font = try? resolver.resolve(FontRequest(style: .body, category: category, traits: .monospace)) else { return nil }
            return TerminalFontSize(points: font.matchedFace.pointSize, family: font.matchedFace.family)
        }
        return programs.map { TerminalTarget(program: $0, size: size, logger: logger) }
    }
}
