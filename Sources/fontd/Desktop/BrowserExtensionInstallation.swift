import DesktopBridge

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `fontd desktop install --browsers`: fontd's browser extension offered to the reader's Chromium and
/// Firefox, per user, offline, by the one way each of Debian's browsers takes an extension it did not
/// download (docs/DESIGN.md §26 (The desktop bridge), "Browsers"):
///
/// - Chromium: `$XDG_CONFIG_HOME/chromium/External Extensions/<id>.json` naming the packed `fontd.crx`
///   that `scripts/install` put in `<prefix>/share/fontd/browser`; Chromium installs it when it next starts.
/// - Firefox: `browser@fontd.org.xpi` in each profile's `extensions` folder, which Firefox offers when it
///   next starts (disabled until the reader allows it), and, as the add-on is not signed by Mozilla,
///   `xpinstall.signatures.required` false in the profile's `user.js` (Firefox ESR honours it; a release
///   Firefox does not).
///
/// `uninstall` removes exactly what `install` added: the files while they hold what it wrote, and the
/// one `user.js` line it marks as its own.
struct BrowserExtensionInstallation {
    /// Chromium's id of the extension, fixed by the public key in its manifest.
    static let chromiumID = "omclmjofiibfengblmpfihnienablkjh"
    /// Firefox's id of the add-on.
    static let firefoxID = "browser@fontd.org"
    /// The `user.js` line that lets Firefox ESR take the unsigned add-on; the comment marks it as fontd's.
    static let unsignedLine = #"user_pref("xpinstall.signatures.required", false); // fontd desktop install --browsers"#

    /// `<prefix>/share/fontd/browser`: `fontd.crx`, `browser@fontd.org.xpi`, `chromium/`, `firefox/`.
    let extensionFolder: String
    /// `$XDG_CONFIG_HOME/chromium`: Chromium's user data folder.
    let chromiumFolder: String
    let firefoxProfiles: FirefoxProfiles

    init(environment: [String: String], extensionFolder: String?) throws(DesktopInstallError) {
        let paths = try DesktopPaths(environment: environment)
        self.extensionFolder = extensionFolder ?? Self.installedFolder()
        chromiumFolder = paths.configHome + "/chromium"
        firefoxProfiles = FirefoxProfiles(paths: paths, home: environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil })
    }

    /// `<executable's folder>/../share/fontd/browser`, where `scripts/install` and the package put it.
    static func installedFolder() -> String {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("../share/fontd/browser")
            .standardizedFileURL.path
    }

    /// Whether Chromium is here: its folder exists, or `chromium` is on `PATH`.
    var isChromiumInstalled: Bool {
        FileManager.default.fileExists(atPath: chromiumFolder)
            || (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
                FileManager.default.isExecutableFile(atPath: "\($0)/chromium")
            }
    }

    /// The External Extensions file for Chromium.
    var chromiumPreferencesFile: String { chromiumFolder + "/External Extensions/\(Self.chromiumID).json" }
    var packedChromiumExtension: String { extensionFolder + "/fontd.crx" }
    var firefoxAddon: String { extensionFolder + "/\(Self.firefoxID).xpi" }

    /// What Chromium's External Extensions file says: the packed extension and its version.
    func chromiumPreferences() throws(DesktopInstallError) -> [UInt8] {
        struct Manifest: Decodable { var version: String }
        struct ExternalExtension: Encodable {
            var external_crx: String
            var external_version: String
        }
        let manifestPath = extensionFolder + "/chromium/manifest.json"
        guard let data = FileManager.default.contents(atPath: manifestPath),
            let manifest = try? JSONDecoder().decode(Manifest.self, from: data)
        else {
            throw .fileFailure(
                path: manifestPath, action: "read the extension's version from", reason: "no such file, or no \"version\" in it")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard
            let encoded = try? encoder.encode(ExternalExtension(external_crx: packedChromiumExtension, external_version: manifest.version))
        else {
            throw .fileFailure(path: chromiumPreferencesFile, action: "write", reason: "the path is not JSON text")
        }
        return Array(encoded) + [0x0A]
    }

    /// Offers the extension to each browser; one line for each thing done, or why not.
    func install() throws(DesktopInstallError) -> [String] {
        for file in [packedChromiumExtension, firefoxAddon] where !FileManager.default.fileExists(atPath: file) {
            throw .fileFailure(
                path: file, action: "offer the browser extension from",
                reason:
                    "no such file (scripts/install and the fontd package put it there; name another folder with --browser-extension-folder)"
            )
        }
        var lines: [String] = []
        if isChromiumInstalled {
            let preferences = try chromiumPreferences()
            lines.append(
                try Self.put(preferences, at: chromiumPreferencesFile)
                    ? "chromium: wrote \(chromiumPreferencesFile): Chromium installs fontd's extension when it next starts"
                    : "chromium: unchanged \(chromiumPreferencesFile)")
        } else {
            lines.append("chromium: not installed (no chromium on PATH, no \(chromiumFolder))")
        }
        let profiles = firefoxProfiles.folders
        if profiles.isEmpty {
            lines.append(
                "firefox: no profile in \(firefoxProfiles.roots.joined(separator: " or ")): start Firefox once, then run fontd desktop install --browsers again"
            )
        }
        guard let addon = FileManager.default.contents(atPath: firefoxAddon) else {
            throw .fileFailure(path: firefoxAddon, action: "read", reason: "it cannot be read")
        }
        for profile in profiles {
            let target = profile + "/extensions/\(Self.firefoxID).xpi"
            let wrote = try Self.put(Array(addon), at: target)
            let allowed = try allowUnsigned(in: profile)
            lines.append(
                wrote || allowed
                    ? "firefox: \(profile): put \(Self.firefoxID).xpi in its extensions folder\(allowed ? " and allowed unsigned add-ons in its user.js" : ""): Firefox offers the add-on when it next starts"
                    : "firefox: unchanged \(profile)")
        }
        return lines
    }

    /// Removes what `install` added; one line for each thing removed or kept.
    func uninstall() -> [String] {
        var lines: [String] = []
        let preferences = try? chromiumPreferences()
        lines += Self.remove(chromiumPreferencesFile, ifHolding: preferences, browser: "chromium")
        // The folder, when the extension's file was all it held: Chromium reads it only when it is there.
        let folder = chromiumFolder + "/External Extensions"
        if (try? FileManager.default.contentsOfDirectory(atPath: folder))?.isEmpty == true {
            try? FileManager.default.removeItem(atPath: folder)
        }
        let addon = FileManager.default.contents(atPath: firefoxAddon).map(Array.init)
        for profile in firefoxProfiles.folders {
            lines += Self.remove(profile + "/extensions/\(Self.firefoxID).xpi", ifHolding: addon, browser: "firefox")
            do {
                if try ReaderFile(path: profile + "/user.js").edit({ bytes throws(ReaderFileError) in Self.withoutUnsignedLine(bytes) })
                    != .unchanged
                {
                    lines.append("firefox: removed fontd's line from \(profile)/user.js")
                }
            } catch {
                lines.append("firefox: kept \(profile)/user.js: \(error)")
            }
        }
        return lines
    }

    /// Adds `unsignedLine` to the profile's `user.js` unless a line there already sets the preference;
    /// whether it did.
    private func allowUnsigned(in profile: String) throws(DesktopInstallError) -> Bool {
        do {
            let outcome = try ReaderFile(path: profile + "/user.js").edit { bytes throws(ReaderFileError) -> ReaderFile.Change? in
                let held = bytes ?? []
                guard held.firstRange(of: Array(#""xpinstall.signatures.required""#.utf8)) == nil else { return nil }
                // Bytes, not text: the reader's line endings stay as they are (docs/DESIGN.md §35 (Editing a reader's file)).
                let separator: [UInt8] = held.isEmpty || held.last == 0x0A ? [] : [0x0A]
                return .write(held + separator + Array(Self.unsignedLine.utf8) + [0x0A])
            }
            return outcome != .unchanged
        } catch {
            throw .file(error)
        }
    }

    /// The file without fontd's line; nil when it has none. A file left empty is removed: it held fontd's line only.
    static func withoutUnsignedLine(_ bytes: [UInt8]?) -> ReaderFile.Change? {
        guard let bytes else { return nil }
        let line = Array((unsignedLine + "\n").utf8)
        guard let start = bytes.firstRange(of: line) else { return nil }
        let rest = Array(bytes[..<start.lowerBound] + bytes[start.upperBound...])
        return rest.isEmpty ? .remove : .write(rest)
    }

    /// Writes `bytes` at `path` (its folders made as needed) unless it holds them already; whether it wrote.
    private static func put(_ bytes: [UInt8], at path: String) throws(DesktopInstallError) -> Bool {
        if FileManager.default.contents(atPath: path).map(Array.init) == bytes { return false }
        do {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .fileFailure(path: path, action: "write", reason: "\(error)")
        }
        return true
    }

    /// Removes `path` while it holds `expected` (what install wrote); says so, or why it was kept.
    private static func remove(_ path: String, ifHolding expected: [UInt8]?, browser: String) -> [String] {
        guard let held = FileManager.default.contents(atPath: path).map(Array.init) else { return [] }
        guard let expected, held == expected else {
            return ["\(browser): kept \(path): it is not what fontd desktop install --browsers wrote"]
        }
        do {
            try FileManager.default.removeItem(atPath: path)
            return ["\(browser): removed \(path)"]
        } catch {
            return ["\(browser): kept \(path): \(error)"]
        }
    }
}
