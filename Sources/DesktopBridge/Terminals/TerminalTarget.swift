import DynamicType
import Logging

/// A terminal or editor as a desktop target (docs/DESIGN.md §31 (Terminals and editors)): its
/// scope is `desktop/<program>` below the desktop scope, so a `TargetRunner` gives it the clamped
/// category of that scope, its exclusion and its status, as it does KDE and X11 (docs/DESIGN.md §30
/// (KDE Plasma, X11, and per-target limits)).
///
/// Each of the program's sizes is the reader's own × the category's ratio, rounded to a tenth
/// (docs/DESIGN.md §34 (The reader's own sizes)): the program says what the reader's configuration
/// holds, and this type keeps it in `TargetBases` under the program's name — the reader's value when
/// fontd first takes it, their new value when they change it, never a value fontd wrote in place —
/// and scales it. The program's outcome and errors become a `TargetOutcome`.
///
/// Called on its runner's queue only, as `DesktopTarget` says; that queue alone touches `shown`
/// and `unrecordedBases`.
public final class TerminalTarget: DesktopTarget, @unchecked Sendable {
    public let program: any TerminalProgram
    private let ratios: TextScalingRatios
    private let family: String
    /// `$XDG_STATE_HOME/fontd`; nil when there is none (the bases are then kept in memory only).
    private let stateFolder: String?
    private let logger: Logger
    /// The bases when there is no state folder. Runner's queue only.
    private var unrecordedBases = TargetBases()
    /// The bases and values of the last `apply`, as the status shows them. Runner's queue only.
    private var shown: (base: String?, value: String?) = (nil, nil)

    /// - Parameters:
    ///   - ratios: each category's ratio to `l` (docs/DESIGN.md §34 (The reader's own sizes)).
    ///   - family: the monospace family fontd resolved, for a program whose file must name one.
    ///   - stateFolder: where `TargetBases` keeps the reader's own sizes; nil to keep them in memory.
    public init(program: any TerminalProgram, ratios: TextScalingRatios, family: String, stateFolder: String?, logger: Logger) {
        self.program = program
        self.ratios = ratios
        self.family = family
        self.stateFolder = stateFolder
        self.logger = logger
    }

    /// The program's name: `kitty`, `alacritty`, …, `vscode`.
    public var name: String { type(of: program).name }

    public var base: String? { shown.base }
    public var value: String? { shown.value }

    /// Writes `category`'s sizes. A write is logged as `set a terminal's font size` with its outcome
    /// (Benchmarks/bridges.sh counts these lines); a failure is logged and told in one line.
    public func apply(_ category: ContentSizeCategory) -> TargetOutcome {
        guard program.isPresent else {
            return .absent("\(name) is not on PATH and has no configuration folder")
        }
        let outcome: TerminalOutcome
        let sizes: TerminalSizes
        do throws(TerminalTargetError) {
            sizes = try scaled(ratios.ratio(of: category))
            outcome = try program.apply(sizes)
        } catch .file(.readOnly(let file)) {
            logger.notice("a terminal's file is read-only; left alone", metadata: ["program": "\(name)", "file": "\(file)"])
            return .readOnly(Self.oneLine(ReaderFileError.readOnly(file: file).description))
        } catch {
            logger.warning("could not set a terminal's font size", metadata: ["program": "\(name)", "reason": "\(error)"])
            return .failed(Self.oneLine(error.description))
        }
        if outcome != .unchanged {
            let points = type(of: program).sizes.map { "\($0.name) \(sizes[$0].shortest)" }.joined(separator: ", ")
            logger.info(
                "set a terminal's font size",
                metadata: ["program": "\(name)", "points": "\(points)", "category": "\(category.rawValue)", "outcome": "\(outcome)"])
        }
        switch outcome {
        case .unchanged: return .unchanged
        case .applied(let how): return .applied(how)
        case .restart(let why): return .restart(why)
        }
    }

    /// Each size's base (recorded, or taken from what the reader's configuration says now) × `ratio`.
    private func scaled(_ ratio: Double) throws(TerminalTargetError) -> TerminalSizes {
        let found = try program.found()
        var points: [String: Double] = [:]
        var bases: [String] = []
        try record { record in
            for size in type(of: program).sizes {
                let now = found[size.name] ?? TerminalSize.Found(value: nil)
                let base = record.observe(name, size.name, found: now.value)
                let value = Self.rounded((base ?? size.programDefault) * ratio)
                points[size.name] = value
                bases.append("\(size.name) " + (base.map { Self.shown($0) } ?? "none (\(Self.shown(size.programDefault)))"))
                // Recorded before it is written, so that the value found after a crash is known for fontd's.
                if now.inPlace, now.value != value { record.willWrite(name, size.name, value) }
            }
        }
        let sizes = TerminalSizes(points: points, family: family, ratio: ratio)
        shown = (bases.joined(separator: ", "), type(of: program).sizes.map { "\($0.name) \(sizes[$0].shortest)" }.joined(separator: ", "))
        return sizes
    }

    /// Removes fontd's include line and fontd's file, puts back what it edited in place, and
    /// forgets the bases (the reader's own values are theirs again, in their files).
    public func exclude() throws {
        shown = (nil, nil)
        try program.exclude()
        try record { $0.targets[name] = nil }
    }

    /// Puts back every program fontd took (those with bases recorded under `stateFolder`), as
    /// `exclude` does, and forgets their bases: what `fontd desktop uninstall` does. One line for
    /// each program put back or not.
    public static func putBack(environment: [String: String], stateFolder: String) -> [String] {
        let path = TargetBases.path(stateFolder: stateFolder)
        let taken = TargetBases.read(path).targets
        return TerminalPrograms.all.filter { taken[$0.name] != nil }.map { type in
            do {
                try type.init(environment: environment).exclude()
                try TargetBases.update(at: path) { $0.targets[type.name] = nil }
                return "\(type.name): put back your own \(type.sizes.map(\.name).joined(separator: " and "))"
            } catch {
                return "\(type.name): not put back: \(error)"
            }
        }
    }

    /// Changes the record of bases (in memory without a state folder).
    private func record(_ change: (inout TargetBases) -> Void) throws(TerminalTargetError) {
        guard let stateFolder else { return change(&unrecordedBases) }
        let path = TargetBases.path(stateFolder: stateFolder)
        do {
            try TargetBases.update(at: path) { change(&$0) }
        } catch {
            throw .basesNotRecorded(path: path, reason: "\(error)")
        }
    }

    /// A size as programs take it: to a tenth.
    static func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 }

    /// A value as the status shows it: a whole number without its `.0`.
    private static func shown(_ value: Double) -> String {
        TerminalFontSize(points: value, family: "").shortest
    }

    /// `text` on one line, as a status detail must be: a reader's file name may hold a newline.
    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
