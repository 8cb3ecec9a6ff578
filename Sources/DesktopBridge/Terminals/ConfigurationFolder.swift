import Glibc

/// A program's folder under the reader's configuration home (`$XDG_CONFIG_HOME`, else
/// `$HOME/.config`), and the operations on the files in it — the reader's and fontd's own: read,
/// replace only when different, remove — through `ReaderFile` (docs/DESIGN.md §35 (Editing a
/// reader's file)), so that they too follow a link and never replace what another program changed
/// meanwhile. The folder (and any folder above it) that fontd makes for a file is recorded in
/// `CreatedFolders`, and removed again, when empty, with the last file fontd removes from it.
struct ConfigurationFolder: Sendable {
    /// The folder, absolute (`~/.config/kitty`).
    let path: String
    /// The record of the folders fontd made (`CreatedFolders`) in the state folder `environment`
    /// names; nil when it names none.
    let createdFolders: String?

    /// The folder at `path`, with the record of made folders of `environment`'s state folder.
    init(path: String, environment: [String: String]) {
        self.path = path
        createdFolders = TargetExclusions.stateFolder(environment: environment).map { CreatedFolders.path(stateFolder: $0) }
    }

    init(_ name: String, environment: [String: String]) throws(TerminalTargetError) {
        if let base = environment["XDG_CONFIG_HOME"], base.hasPrefix("/") {
            self.init(path: base + "/" + name, environment: environment)
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            self.init(path: home + "/.config/" + name, environment: environment)
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

    /// Replaces `file` with `text` unless it already holds exactly that (making its folders);
    /// true when written.
    @discardableResult
    func write(_ text: String, to file: String) throws(TerminalTargetError) -> Bool {
        try edit(file) { bytes in bytes == Array(text.utf8) ? nil : .write(Array(text.utf8)) } != .unchanged
    }

    /// Removes `file` (and the folders fontd made for it, once empty); nothing when it does not exist.
    func remove(_ file: String) throws(TerminalTargetError) {
        try edit(file) { bytes in bytes == nil ? nil : .remove }
    }

    /// Edits `file` (a reader's or fontd's own, in this folder) through `ReaderFile`, making its
    /// missing folders first and removing those fontd made when the file is gone
    /// (`edit(recordingFoldersIn:)`).
    @discardableResult
    func edit(
        _ file: String, emptyIsTheReaders: Bool = true, _ transform: ([UInt8]?) throws(ReaderFileError) -> ReaderFile.Change?,
        beforeReplacing: ([UInt8]?, ReaderFile.Change) throws(ReaderFileError) -> Void = { _, _ in }
    ) throws(TerminalTargetError) -> ReaderFile.Outcome {
        do throws(ReaderFileError) {
            return try ReaderFile(path: file, emptyIsTheReaders: emptyIsTheReaders).edit(
                recordingFoldersIn: createdFolders, transform, beforeReplacing: beforeReplacing)
        } catch {
            throw .file(error)
        }
    }

    /// Whether an executable `program` is in one of `PATH`'s folders.
    static func isOnPath(_ program: String, environment: [String: String]) -> Bool {
        (environment["PATH"] ?? "").split(separator: ":").contains { access("\($0)/\(program)", X_OK) == 0 }
    }
}
