import Glibc

/// A program's folder under the reader's configuration home (`$XDG_CONFIG_HOME`, else
/// `$HOME/.config`), and the file operations every writer shares: read, replace atomically only
/// when different, remove.
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

    /// The file's text; nil when it does not exist.
    static func read(_ file: String) throws(TerminalTargetError) -> String? {
        if let text = AtomicFile.read(file) { return text }
        guard access(file, F_OK) != 0 else { throw .unreadable(file: file) }
        return nil
    }

    /// Replaces `file` with `text` unless it already holds exactly that (creating the folder);
    /// true when written.
    @discardableResult
    static func write(_ text: String, to file: String, defaultMode: mode_t = 0o644) throws(TerminalTargetError) -> Bool {
        if try read(file) == text { return false }
        let folder = String(file[..<(file.lastIndex(of: "/") ?? file.startIndex)])
        if !folder.isEmpty, access(folder, F_OK) != 0, mkdir(folder, 0o755) != 0, errno != EEXIST {
            throw .notWritten(file: file, reason: "creating \(folder): \(String(cString: strerror(errno)))")
        }
        do {
            try AtomicFile.write(text, to: file, defaultMode: defaultMode)
        } catch {
            throw .notWritten(file: file, reason: error.description)
        }
        return true
    }

    /// Removes `file`; nothing when it does not exist.
    static func remove(_ file: String) throws(TerminalTargetError) {
        guard unlink(file) == 0 || errno == ENOENT else {
            throw .notWritten(file: file, reason: "removing it: \(String(cString: strerror(errno)))")
        }
    }

    /// Whether an executable `program` is in one of `PATH`'s folders.
    static func isOnPath(_ program: String, environment: [String: String]) -> Bool {
        (environment["PATH"] ?? "").split(separator: ":").contains { access("\($0)/\(program)", X_OK) == 0 }
    }
}
