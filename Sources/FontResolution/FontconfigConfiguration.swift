#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A `fonts.conf` that points fontconfig at chosen font directories, for a process that must see
/// a known set of fonts (the tests) or fonts the machine does not have installed (the benchmarks).
///
/// Use the written file through `FONTCONFIG_FILE` or `FontResolver(fontconfigFile:)`. Writing it
/// makes no fontconfig call, so a process can write one before its first.
public struct FontconfigConfiguration: Hashable, Sendable {
    /// How much of the machine's own fontconfig set-up the file takes in.
    public enum SystemConfiguration: Hashable, Sendable {
        /// Nothing: only `fontDirectories`, and no generic-family aliases.
        case none
        /// `/etc/fonts/conf.d`: the generic-family aliases (without them `sans-serif` can resolve
        /// to any face, such as "DejaVu Math TeX Gyre") but none of the machine's font directories.
        case rules
        /// `/etc/fonts/fonts.conf`: the machine's fonts and rules, with `fontDirectories` added.
        case everything
    }

    /// The directories fontconfig scans for fonts (recursively), in order.
    public var fontDirectories: [String]
    /// Where fontconfig keeps its scan cache for this configuration.
    public var cacheDirectory: String
    /// How much of the machine's own set-up is included, after the directories.
    public var system: SystemConfiguration

    /// - Parameters:
    ///   - fontDirectories: the directories to scan, in order.
    ///   - cacheDirectory: where fontconfig keeps its cache (created when the file is written).
    ///   - system: how much of the machine's own set-up to include.
    public init(fontDirectories: [String], cacheDirectory: String, system: SystemConfiguration) {
        self.fontDirectories = fontDirectories
        self.cacheDirectory = cacheDirectory
        self.system = system
    }

    /// The file's XML; every path is escaped, so a directory named `R&D` stays one path.
    public var text: String {
        let include: String? =
            switch system {
            case .none: nil
            case .rules: "/etc/fonts/conf.d"
            case .everything: "/etc/fonts/fonts.conf"
            }
        var lines = [#"<?xml version="1.0"?>"#, #"<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">"#, "<fontconfig>"]
        lines += fontDirectories.map { "  <dir>\(Self.escaped($0))</dir>" }
        lines.append("  <cachedir>\(Self.escaped(cacheDirectory))</cachedir>")
        if let include { lines.append(#"  <include ignore_missing="yes">\#(include)</include>"#) }
        lines.append("</fontconfig>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes `text` to `file`, creating its directory and the cache directory; returns `file`.
    ///
    /// The file is written beside and renamed over, so a process reading it concurrently never
    /// sees half of it.
    @discardableResult
    public func write(to file: String) throws(FontResolutionError) -> String {
        let url = URL(fileURLWithPath: file)
        do {
            for directory in [url.deletingLastPathComponent().path, cacheDirectory] {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            }
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            throw .unwritableConfiguration(file: file, reason: Self.reason(error))
        }
        return file
    }

    /// What refused the write, in the C library's words when the system did (`/x/cache: Permission denied`).
    private static func reason(_ error: any Error) -> String {
        guard let cocoa = error as? CocoaError, let posix = cocoa.underlying as? POSIXError else { return "\(error)" }
        let message = String(cString: strerror(posix.code.rawValue))
        return cocoa.filePath.map { "\($0): \(message)" } ?? message
    }

    /// `path` as XML character data.
    static func escaped(_ path: String) -> String {
        var escaped = ""
        for character in path {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
