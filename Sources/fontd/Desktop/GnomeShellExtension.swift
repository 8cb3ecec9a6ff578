import DynamicType
import Foundation

/// fontd's GNOME Shell extension, `fontd@fontd.org`: a Quick Settings slider over the twelve categories, Bold Text,
/// and the control page (docs/DESIGN.md §37 (The reader's control), "The GNOME Shell extension").
///
/// One source tree, `data/gnome-shell/fontd@fontd.org/`, two flavours made from it: the tree's own files are the
/// `imports` flavour; the ES-module flavour takes `modules/extension.js` instead, and `control.js` with an export line.
struct GnomeShellExtension: Sendable {
    static let uuid = "fontd@fontd.org"

    /// How a GNOME Shell loads an extension's `extension.js`.
    enum Flavour: String, Sendable, CaseIterable {
        /// GNOME 43 and 44: a legacy script with `imports`, whose `init()` returns the extension.
        case imports
        /// GNOME 45 and later: an ES module whose default export extends the Shell's `Extension`.
        case modules

        /// The Shell versions (major) it is for, as `metadata.json`'s `shell-version` lists them.
        var shellVersions: ClosedRange<Int> {
            switch self {
            case .imports: 43...44
            case .modules: 45...50
            }
        }

        /// The flavour GNOME Shell `major` loads; nil before 43, which has no Quick Settings.
        init?(shellMajor major: Int) {
            guard major >= Flavour.imports.shellVersions.lowerBound else { return nil }
            self = major <= Flavour.imports.shellVersions.upperBound ? .imports : .modules
        }
    }

    /// The source tree: `<executable's folder>/../share/fontd/gnome-shell/fontd@fontd.org` (where `scripts/install`
    /// and the package put it), then the package's own `data/gnome-shell/fontd@fontd.org` (found from this file, as the
    /// style tables are, never through `Bundle.module`).
    static var sourceFolders: [String] {
        var folders: [String] = []
        if let executable = StyleTable.executableURL() {
            folders.append(
                executable.deletingLastPathComponent().appendingPathComponent("../share/fontd/gnome-shell/\(uuid)").standardizedFileURL.path
            )
        }
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../..")
        folders.append(package.appendingPathComponent("data/gnome-shell/\(uuid)").standardizedFileURL.path)
        return folders
    }

    /// The first of `sourceFolders` that holds the extension; nil when none does (a copied binary without its share/).
    static func located() -> GnomeShellExtension? {
        sourceFolders.first { FileManager.default.fileExists(atPath: $0 + "/control.js") }.map(GnomeShellExtension.init(source:))
    }

    /// The folder of the source tree.
    let source: String

    /// The files of `flavour`, by name in the installed folder, with their bytes.
    func files(_ flavour: Flavour) throws(DesktopInstallError) -> [(name: String, bytes: Data)] {
        let front = flavour == .modules ? "modules/extension.js" : "extension.js"
        var control = try read("control.js")
        if flavour == .modules { control.append(contentsOf: Data("\nexport {fontdControl};\n".utf8)) }
        return [("metadata.json", try metadata(flavour)), ("extension.js", try read(front)), ("control.js", control)]
    }

    /// `metadata.json` with `shell-version` listing the flavour's versions, the rest as the source tree has it.
    private func metadata(_ flavour: Flavour) throws(DesktopInstallError) -> Data {
        let path = source + "/metadata.json"
        guard var fields = (try? JSONSerialization.jsonObject(with: try read("metadata.json"))) as? [String: Any] else {
            throw .fileFailure(path: path, action: "read the JSON object of", reason: "it is not one")
        }
        fields["shell-version"] = flavour.shellVersions.map(String.init)
        guard
            var data = try? JSONSerialization.data(withJSONObject: fields, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        else { throw .fileFailure(path: path, action: "write", reason: "it cannot be written as JSON") }
        data.append(UInt8(ascii: "\n"))
        return data
    }

    private func read(_ name: String) throws(DesktopInstallError) -> Data {
        guard let data = try UserFiles.read(source + "/" + name) else {
            throw .fileFailure(path: source + "/" + name, action: "read", reason: "it is missing")
        }
        return data
    }
}
