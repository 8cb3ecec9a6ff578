import DynamicType
import Logging

/// A terminal or editor as a desktop target (docs/DESIGN.md §31 (Terminals and editors)): its
/// scope is `desktop/<program>` below the desktop scope, so a `TargetRunner` gives it the clamped
/// category of that scope, its exclusion and its status, as it does KDE and X11 (docs/DESIGN.md §30
/// (KDE Plasma, X11, and per-target limits)). This type only translates: a category to the
/// program's size, the program's outcome and errors to a `TargetOutcome`.
///
/// Called on its runner's queue only, as `DesktopTarget` says; it holds nothing that changes.
public final class TerminalTarget: DesktopTarget {
    public let program: any TerminalProgram
    private let size: @Sendable (ContentSizeCategory) -> TerminalFontSize?
    private let logger: Logger

    /// - Parameter size: the size every program is told for a category (`body`'s monospace point
    ///   size, resolved by the caller); nil when it cannot be resolved.
    public init(program: any TerminalProgram, size: @escaping @Sendable (ContentSizeCategory) -> TerminalFontSize?, logger: Logger) {
        self.program = program
        self.size = size
        self.logger = logger
    }

    /// The program's name: `kitty`, `alacritty`, …, `vscode`.
    public var name: String { type(of: program).name }

    /// Writes `category`'s size. A write is logged as `set a terminal's font size` with its outcome
    /// (Benchmarks/bridges.sh counts these lines); a failure is logged and told in one line.
    public func apply(_ category: ContentSizeCategory) -> TargetOutcome {
        guard program.isPresent else {
            return .absent("\(name) is not on PATH and has no configuration folder")
        }
        guard let size = size(category) else {
            return .failed("no monospace body size resolves for \(category.rawValue); \(name) keeps its size")
        }
        let outcome: TerminalOutcome
        do throws(TerminalTargetError) {
            outcome = try program.apply(size)
        } catch .file(.readOnly(let file)) {
            logger.notice("a terminal's file is read-only; left alone", metadata: ["program": "\(name)", "file": "\(file)"])
            return .readOnly(Self.oneLine(ReaderFileError.readOnly(file: file).description))
        } catch {
            logger.warning("could not set a terminal's font size", metadata: ["program": "\(name)", "reason": "\(error)"])
            return .failed(Self.oneLine(error.description))
        }
        if outcome != .unchanged {
            logger.info(
                "set a terminal's font size",
                metadata: [
                    "program": "\(name)", "points": "\(size.decimal)", "category": "\(category.rawValue)", "outcome": "\(outcome)",
                ])
        }
        switch outcome {
        case .unchanged: return .unchanged
        case .applied(let how): return .applied(how)
        case .restart(let why): return .restart(why)
        }
    }

    /// Removes fontd's include line and fontd's file (VS Code: restores `settings.json`).
    public func exclude() throws {
        try program.exclude()
    }

    /// `text` on one line, as a status detail must be: a reader's file name may hold a newline.
    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
