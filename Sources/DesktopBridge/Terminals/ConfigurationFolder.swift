import Glibc

/// A program's folder under the reader's configuration home (`$XDG_CONFIG_HOME`, else
/// `$HOME/.config`), and the operations on fontd's own files in it — read, replace only when
/// different, remove — through `ReaderFile` (docs/DESIGN.md §35 (Editing a reader's file)), so
/// that they too follow a link and never replace what another program changed meanwhile.
struct ConfigurationFolder: Sendable {
    /// The folder, absolute (`~/.config/kitty`).
    let path: String

    init(path: String) { self.path = path }

    init(_ name: String, environment: [String: String]) throws(TerminalTargetError) {
        if let base = environment["XDG_CONFIG_HOME"], base.hasPrefix("/") {
            path = base + "/" + name
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            path = home + "/.config/" + name
        } else {
            throw .noConfigurationHome
        }
    }

    /// `name` inside the folder.
    func file(_ name: String) -> String { path + "/" + name }

    /// Whether the folder exists.
    var exists: Bool { access(path, F_OK) == 0 }

    /// The file's bytes; nil when it does not exist.
    static func read(_ file: String) throws(TerminalTargetError) -> [UInt8]? {
        do throws(ReaderFileError) { return try ReaderFile(path: file).read() } catch { throw .file(error) }
    }

    /// Replaces `file` with `text` unless it already holds exactly that (creating the folder);
    /// true when written.
    @discardableResult
    static func write(_ text: String, to file: String) throws(TerminalTargetError) -> Bool {
        try edit(file) { bytes in bytes == Array(text.utf8) ? nil : .write(Array(text.utf8)) } != .unchanged
    }

    /// Removes `file`; nothing when it does not exist.
    static func remove(_ file: String) throws(TerminalTargetError) {
        try edit(file) { bytes in bytes == nil ? nil : .remove }
    }

    /// Edits `file` (a reader's or fontd's own) through `ReaderFile`, making its folder first.
    @discardableResult
    static func edit(
        _ file: String, emptyIsTheReaders: Bool = true, _ transform: ([UInt8]?) throws(ReaderFileError) -> ReaderFile.Change?,
        beforeReplacing: ([UInt8]?, ReaderFile.Change) throws(ReaderFileError) -> Void = { _, _ in }
    ) throws(TerminalTargetError) -> ReaderFile.Outcome {
        let folder = ReaderFile.folder(of: file)
        if access(folder, F_OK) != 0 {
            // No folder, so no file: made only when there is something to write.
            do throws(ReaderFileError) { guard try transform(nil) != nil else { return .unchanged } } catch { throw .file(error) }
            if mkdir(folder, 0o755) != 0, errno != EEXIST {
                throw .file(.notWritten(file: file, reason: "creating \(folder): \(String(cString: strerror(errno)))"))
            }
        }
        do throws(ReaderFileError) {
            return try ReaderFile(path: file, emptyIsTheReaders: emptyIsTheReaders).edit(transform, beforeReplacing: beforeReplacing)
        } catch {
            throw .file(error)
        }
    }

    /// Whether an executable `program` is in one of `PATH`'s folders.
    static func isOnPath(_ program: String, environment: [String: String]) -> Bool {
        (environment["PATH"] ?? "").split(separator: ":").contains { access("\($0)/\(program)", X_OK) == 0 }
    }
}
