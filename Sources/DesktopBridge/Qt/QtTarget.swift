import DynamicType
import Glibc
import Logging

/// Carries a category to qt5ct's or qt6ct's `[Fonts] general` and `fixed` (docs/DESIGN.md §34 (The
/// reader's own sizes)): each font's point size = its base × the category's ratio, to half a point
/// as `QFontSize` rounds KDE's, the rest of the QFont string and of the file kept byte for byte
/// (docs/DESIGN.md §35 (Editing a reader's file)). The base is the reader's own size, kept in
/// `TargetBases` (`qt6ct` → `general`), or the tool's 12 points when they set none. The tool watches
/// its folder, so running Qt applications apply a write within seconds: `.applied`.
///
/// A `DesktopTarget`: its `TargetRunner` calls it one call at a time on the runner's queue, which
/// alone touches `shown` and `unrecordedBases`.
public final class QtTarget: DesktopTarget, @unchecked Sendable {
    public let tool: QtConfigurationTool
    /// The tool's configuration file.
    public let path: String
    private let ratios: TextScalingRatios
    private let logger: Logger
    /// `$XDG_STATE_HOME/fontd`; nil when there is none (the bases are then kept in memory only).
    private let stateFolder: String?
    private var unrecordedBases = TargetBases()
    /// The record's entry under the tool's name for what fontd added around the fonts it added: the
    /// file or the group (a `QtFontsFile.Addition`), removed again with them.
    private static let additionKey = "[Fonts]"

    /// The bases and values of the last `apply`, as the status shows them. Runner's queue only.
    private var shown: (base: String?, value: String?) = (nil, nil)

    public var name: String { tool.name }
    public var base: String? { shown.base }
    public var value: String? { shown.value }

    /// `tool` for the reader of `environment`; nil when it names no configuration folder.
    public init?(tool: QtConfigurationTool, ratios: TextScalingRatios, environment: [String: String], stateFolder: String?, logger: Logger)
    {
        guard let path = tool.configurationPath(environment: environment) else { return nil }
        self.tool = tool
        self.path = path
        self.ratios = ratios
        self.logger = logger
        self.stateFolder = stateFolder
    }

    private var file: ReaderFile { ReaderFile(path: path) }
    /// The record of the folders fontd made (`CreatedFolders`); nil without a state folder.
    private var createdFolders: String? { stateFolder.map { CreatedFolders.path(stateFolder: $0) } }

    /// Sets each font to its size at `category`; nothing when both already are. A font that holds
    /// no size in points leaves the whole file untouched, and is reported.
    public func apply(_ category: ContentSizeCategory) -> TargetOutcome {
        let ratio = ratios.ratio(of: category)
        var bases: [String] = []
        var values: [String] = []
        var writes: [(key: String, points: Double)] = []
        var addition: QtFontsFile.Addition?
        var malformed: QtFontsFileError?
        do {
            // The tool's folder, made when missing (the reader never opened the tool), is removed again with fontd's file.
            let outcome = try file.edit(
                recordingFoldersIn: createdFolders,
                { bytes throws(ReaderFileError) in
                    var file = QtFontsFile(bytes)
                    bases = []
                    values = []
                    writes = []
                    addition = nil
                    malformed = nil
                    for font in QtConfigurationTool.fontKeys {
                        var found: Double?
                        switch file.points(of: font.key) {
                        case .failure(let error)?:
                            malformed = error
                            return nil
                        case .success(let points)?: found = points
                        case nil: found = nil
                        }
                        let base = recordBases { $0.observe(name, font.key, found: found) }
                        let size = QFontSize.roundedToHalfPoint((base ?? font.absentPoints) * ratio)
                        bases.append(
                            "\(font.key) " + (base.map { QFontSize.written($0) } ?? "none (\(QFontSize.written(font.absentPoints)))"))
                        values.append("\(font.key) \(QFontSize.written(size)) pt")
                        guard found != size else { continue }
                        writes.append((font.key, size))
                        addition = file.set(font.key, to: size, absentValue: font.absentValue) ?? addition
                    }
                    return writes.isEmpty ? nil : .write(file.bytes)
                },
                beforeReplacing: { _, _ in
                    for write in writes { recordBases { $0.willWrite(name, write.key, write.points) } }
                    if let addition { recordBases { $0[name, Self.additionKey] = TargetBases.Entry(base: addition.rawValue) } }
                })
            if let malformed {
                shown = (nil, nil)
                logger.warning("\(name)'s configuration holds a font fontd cannot scale; left alone", metadata: ["reason": "\(malformed)"])
                return .failed("\(path) is left as it was: \(malformed)")
            }
            shown = (bases.joined(separator: ", "), values.joined(separator: ", "))
            guard outcome == .written else { return .unchanged }
            logger.info("set \(name)'s font sizes", metadata: ["category": "\(category.rawValue)", "file": "\(path)"])
            return .applied(writes.map { "[Fonts] \($0.key) \(QFontSize.written($0.points)) pt" }.joined(separator: ", "))
        } catch .readOnly(let file) {
            return .readOnly(ReaderFileError.readOnly(file: file).description)
        } catch {
            shown = (nil, nil)
            logger.warning("could not set \(name)'s font sizes; its file is left as it was", metadata: ["reason": "\(error)"])
            return .failed("\(path) is left as it was: \(error)")
        }
    }

    /// Puts back each font fontd took: the reader's own size, or no key where they had none (and
    /// no file where there was none); a size the reader set since fontd's last write stays.
    public func exclude() throws {
        shown = (nil, nil)
        try Self.putBack(tool, path: path, createdFolders: createdFolders, record: recordBases)
    }

    /// Puts back `tool`'s fonts as recorded under `stateFolder` and forgets them: what `fontd desktop
    /// uninstall` does.
    public static func putBack(_ tool: QtConfigurationTool, environment: [String: String], stateFolder: String) throws {
        guard let path = tool.configurationPath(environment: environment) else { return }
        let recordPath = TargetBases.path(stateFolder: stateFolder)
        try putBack(tool, path: path, createdFolders: CreatedFolders.path(stateFolder: stateFolder)) { change in
            (try? TargetBases.update(at: recordPath) { change(&$0) }) ?? nil
        }
    }

    private static func putBack(
        _ tool: QtConfigurationTool, path: String, createdFolders: String?, record: ((inout TargetBases) -> Double??) -> Double??
    ) throws {
        let name = tool.name
        var added: Double?
        try ReaderFile(path: path).edit(recordingFoldersIn: createdFolders) { bytes throws(ReaderFileError) in
            guard bytes != nil else { return nil }
            var file = QtFontsFile(bytes)
            let original = file
            for font in QtConfigurationTool.fontKeys {
                var found: Double?
                if case .success(let points)? = file.points(of: font.key) { found = points }
                guard
                    case .some(let base) = record({ bases in
                        guard bases[name, font.key] != nil else { return nil }
                        return .some(bases.observe(name, font.key, found: found))
                    })
                else { continue }
                if let base {
                    if found != base { file.set(font.key, to: base, absentValue: font.absentValue) }
                } else if found != nil {
                    file.remove(font.key)
                }
            }
            added = record { .some($0[name, additionKey]?.base) } ?? nil
            let addition = added.flatMap(QtFontsFile.Addition.init(rawValue:))
            if let addition { file.remove(addition) }
            guard file != original else { return nil }
            return file.bytes.isEmpty && (addition == .file || addition == .fileInNewFolder) ? .remove : .write(file.bytes)
        }
        // A folder an earlier fontd made, recorded here rather than in `CreatedFolders`.
        if added == QtFontsFile.Addition.fileInNewFolder.rawValue, access(path, F_OK) != 0 { rmdir(ReaderFile.folder(of: path)) }
        for key in QtConfigurationTool.fontKeys.map(\.key) + [additionKey] {
            _ = record { bases in
                bases[name, key] = nil
                return nil
            }
        }
    }

    /// Changes the bases' record (or the unrecorded bases, without a state folder) with `change`;
    /// a record that cannot be written is logged, and the change kept in memory.
    private func recordBases<Result>(_ change: (inout TargetBases) -> Result) -> Result {
        guard let stateFolder else { return change(&unrecordedBases) }
        let path = TargetBases.path(stateFolder: stateFolder)
        do {
            return try TargetBases.update(at: path) { change(&$0) }
        } catch {
            logger.warning("could not record \(name)'s base font sizes", metadata: ["bases": "\(path)", "reason": "\(error)"])
            return change(&unrecordedBases)
        }
    }
}
