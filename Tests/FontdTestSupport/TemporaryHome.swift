import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A user's home of one test's own, with every XDG folder inside it, so that `fontd desktop`
/// (docs/DESIGN.md §28 (The Settings portal backend)) never touches the real user's files; and a snapshot of everything in it,
/// to show that an undo left it byte for byte as it was. The system's data folders stay after the
/// test's own, so that what the started programs need (GSettings schemas) is found.
public struct TemporaryHome: Sendable {
    /// The folder everything is in.
    public let root: URL

    public init() throws {
        root = try TestPaths.temporaryDirectory()
        for folder in ["home", "config", "data", "state", "runtime", "system-config", "system-data"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        chmod(root.appendingPathComponent("runtime").path, 0o700)
    }

    /// `$XDG_CONFIG_HOME`.
    public var configHome: URL { root.appendingPathComponent("config") }
    /// `$XDG_DATA_HOME`.
    public var dataHome: URL { root.appendingPathComponent("data") }
    /// `$XDG_STATE_HOME`.
    public var stateHome: URL { root.appendingPathComponent("state") }
    /// `$XDG_CONFIG_DIRS`: the system's configuration, empty unless a test puts something there.
    public var systemConfig: URL { root.appendingPathComponent("system-config") }
    /// The user's `xdg-desktop-portal` configuration folder.
    public var portalConfig: URL { configHome.appendingPathComponent("xdg-desktop-portal") }

    /// The environment of a command run in this home: no session bus and no desktop unless given.
    public func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var environment = PinnedFonts.environment
        for name in ["DBUS_SESSION_BUS_ADDRESS", "XDG_CURRENT_DESKTOP", "XDG_DESKTOP_PORTAL_DIR", "DISPLAY"] {
            environment.removeValue(forKey: name)
        }
        environment["HOME"] = root.appendingPathComponent("home").path
        environment["XDG_CONFIG_HOME"] = configHome.path
        environment["XDG_DATA_HOME"] = dataHome.path
        environment["XDG_STATE_HOME"] = stateHome.path
        environment["XDG_RUNTIME_DIR"] = root.appendingPathComponent("runtime").path
        environment["XDG_CONFIG_DIRS"] = systemConfig.path
        // The test's own data folder first, then the system's: the programs a test starts need what
        // is installed there (xdg-desktop-portal's network monitor, with glib-networking installed,
        // aborts when GIO finds no GSettings schema at all).
        environment["XDG_DATA_DIRS"] = ([root.appendingPathComponent("system-data").path] + Self.systemDataDirs).joined(separator: ":")
        return environment.merging(extra) { $1 }
    }

    /// The system's data folders (`$XDG_DATA_DIRS` of the test run, else the XDG default).
    public static let systemDataDirs: [String] = {
        let given = ProcessInfo.processInfo.environment["XDG_DATA_DIRS"] ?? ""
        return given.isEmpty ? ["/usr/local/share", "/usr/share"] : given.split(separator: ":").map(String.init)
    }()

    /// Writes `text` to `path` under the root, making its folders, with `mode`.
    ///
    /// Opened close-on-exec: a program another test forks meanwhile must not keep the file open for
    /// writing, or running the file (a stand-in program) fails with ETXTBSY.
    public func write(_ text: String, to path: String, mode: Int16 = 0o644) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode_t(0o600))
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path]) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard written == bytes.count else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path]) }
        chmod(url.path, mode_t(mode))
    }

    /// The text of `path` under the root; nil when there is no such file.
    public func text(_ path: String) -> String? {
        (try? Data(contentsOf: root.appendingPathComponent(path))).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Every file and folder under the root: its path, its mode, and a file's bytes.
    public func snapshot() throws -> [String: String] {
        var entries: [String: String] = [:]
        let prefix = root.path.count + 1
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return entries }
        for case let relative as String in walker {
            let path = root.appendingPathComponent(relative).path
            var status = stat()
            // Gone since the listing: a running server's temporary file, renamed into place meanwhile.
            guard stat(path, &status) == 0 else { continue }
            let mode = String(status.st_mode & 0o7777, radix: 8)
            let contents: String
            if (status.st_mode & S_IFMT) == S_IFDIR {
                contents = "folder"
            } else {
                do {
                    contents = try Data(contentsOf: URL(fileURLWithPath: path)).base64EncodedString()
                } catch  where access(path, F_OK) != 0 {
                    continue
                }
            }
            entries[String(path.dropFirst(prefix))] = "\(mode) \(contents)"
        }
        return entries
    }
}
