import Foundation

/// A fontconfig setup with the pinned DejaVu fonts and `count` more families: links to DejaVu Sans,
/// each renamed when fontconfig scans it (`<match target="scan">` assigning `family`), so a test
/// can have hundreds of installed families without hundreds of font files' bytes.
public enum ManyFamilies {
    /// The family name of the `index`th added family (1-based): `Installed Family Number 7`.
    public static func name(_ index: Int) -> String { "Installed Family Number \(index)" }

    /// The environment for a child process that sees the pinned fonts and `count` added families.
    public static func environment(count: Int) throws -> [String: String] {
        let directory = try TestPaths.temporaryDirectory()
        let fonts = directory.appendingPathComponent("fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        var rules: [String] = []
        for index in 1...count {
            let file = fonts.appendingPathComponent("family-\(index).ttf")
            try FileManager.default.createSymbolicLink(
                atPath: file.path, withDestinationPath: PinnedFonts.fontDirectory + "/DejaVuSans.ttf")
            rules.append(
                #"<match target="scan"><test name="file"><string>\#(file.path)</string></test>"#
                    + #"<edit name="family" mode="assign_replace"><string>\#(name(index))</string></edit></match>"#)
        }
        let configuration = """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "fonts.dtd">
            <fontconfig>
              <include ignore_missing="no">\(PinnedFonts.configFile)</include>
              <dir>\(fonts.path)</dir>
              <cachedir>\(directory.appendingPathComponent("cache").path)</cachedir>
              \(rules.joined(separator: "\n  "))
            </fontconfig>

            """
        let file = directory.appendingPathComponent("fonts.conf")
        try Data(configuration.utf8).write(to: file)
        var environment = PinnedFonts.environment
        environment["FONTCONFIG_FILE"] = file.path
        return environment
    }
}
