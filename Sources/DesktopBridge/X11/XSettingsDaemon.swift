import Glibc

/// A running `xsettingsd` of this user serving fontd's display, and the configuration file it
/// reads (docs/DESIGN.md §30 (KDE Plasma, X11, and per-target limits)): found in /proc, as it
/// registers nowhere else. Its file is `-c FILE` (or `--config=FILE`) on its command line, relative
/// to its working directory, else `~/.xsettingsd` with its own HOME.
struct XSettingsDaemon: Hashable {
    let pid: pid_t
    /// The configuration file, absolute.
    let configurationPath: String

    /// Every `xsettingsd` of this user whose DISPLAY is `display`'s.
    static func running(on display: String) -> [XSettingsDaemon] {
        let ownDisplay = XDisplayName(display)
        var found: [XSettingsDaemon] = []
        for name in ReaderFile.entries(of: "/proc") ?? [] {
            guard let pid = pid_t(name) else { continue }
            var info = stat()
            guard stat("/proc/\(pid)", &info) == 0, info.st_uid == getuid(),
                AtomicFile.read("/proc/\(pid)/comm")?.trimmingNewline == "xsettingsd",
                let environment = AtomicFile.read("/proc/\(pid)/environ").map(Self.environment(of:)),
                let theirs = environment["DISPLAY"], XDisplayName(theirs) == ownDisplay,
                let arguments = AtomicFile.read("/proc/\(pid)/cmdline")?.split(separator: "\0", omittingEmptySubsequences: false).map(
                    String.init),
                let path = Self.configurationPath(arguments: arguments, home: environment["HOME"], pid: pid)
            else { continue }
            found.append(XSettingsDaemon(pid: pid, configurationPath: path))
        }
        return found
    }

    /// The file `xsettingsd` reads: its `-c`/`--config` option's (getopt's spellings), else `~/.xsettingsd`.
    static func configurationPath(arguments: [String], home: String?, pid: pid_t) -> String? {
        var path: String?
        var index = 1
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "-c" || argument == "--config", index + 1 < arguments.count {
                path = arguments[index + 1]
                index += 1
            } else if argument.hasPrefix("--config=") {
                path = String(argument.dropFirst("--config=".count))
            } else if argument.hasPrefix("-c"), argument.count > 2 {
                path = String(argument.dropFirst(2))
            }
            index += 1
        }
        guard let path else { return home.map { $0 + "/.xsettingsd" } }
        if path.hasPrefix("/") { return path }
        guard let cwd = Self.link("/proc/\(pid)/cwd") else { return nil }
        return cwd + "/" + path
    }

    private static func environment(of bytes: String) -> [String: String] {
        var environment: [String: String] = [:]
        for entry in bytes.split(separator: "\0") {
            guard let equals = entry.firstIndex(of: "=") else { continue }
            environment[String(entry[..<equals])] = String(entry[entry.index(after: equals)...])
        }
        return environment
    }

    private static func link(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(path, &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// A display name (`[host]:number[.screen]`) reduced to what names the server: the host (`unix`
/// and none are the same local socket) and the number; the screen is left out.
struct XDisplayName: Hashable {
    let host: String
    let number: String

    init(_ name: String) {
        guard let colon = name.lastIndex(of: ":") else {
            host = name
            number = ""
            return
        }
        let host = String(name[..<colon])
        self.host = host == "unix" ? "" : host
        let rest = name[name.index(after: colon)...]
        number = String(rest.prefix { $0 != "." })
    }
}

extension String {
    /// Without one trailing newline.
    fileprivate var trimmingNewline: String { hasSuffix("\n") ? String(dropLast()) : self }
}
