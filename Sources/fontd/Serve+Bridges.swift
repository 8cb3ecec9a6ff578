import ArgumentParser
import DesktopBridge
import DynamicType
import FontResolution
import FontService
import Logging
import ScopedPreferences

extension Serve {
    /// The terminals and editors `--bridge` names (docs/DESIGN.md §31 (Terminals and editors)),
    /// following `--desktop-scope` (the root scope by default); nil without `--bridge`, or with
    /// `auto` when none is found (said in the log). Each is told `body`'s point size at the
    /// category with the `monospace` trait, as `/font?style=body&traits=monospace` answers it.
    func joinTerminals(service: FontService, resolver: FontResolver, environment: [String: String], logger: Logger) throws -> TerminalFollower? {
        guard let bridge else { return nil }
        let programs: [any TerminalProgram]
        do {
            programs = try bridge.programs(environment: environment)
        } catch {
            throw ValidationError("--bridge: \(error)")
        }
        guard !programs.isEmpty else {
            logger.notice("serving without terminals (--bridge auto): none of \(TerminalPrograms.names.joined(separator: ", ")) was found")
            return nil
        }
        let size: @Sendable (ContentSizeCategory) -> TerminalFontSize? = { category in
            guard let font = try? resolver.resolve(FontRequest(style: .body, category: category, traits: .monospace)) else { return nil }
            return TerminalFontSize(points: font.matchedFace.pointSize, family: font.matchedFace.family)
        }
        return TerminalFollower.start(scope: try desktopScopeParsed(), hub: service.hub, programs: programs, size: size, logger: logger)
    }
}
