import FontdTestSupport
import Foundation

/// The pinned fonts (`PinnedFonts`) with hinting off, for a browser whose glyphs a test measures to a
/// fraction of a pixel (docs/DESIGN.md §32 (Capsize and metrics-exact web)).
///
/// With Debian's `hintslight` the renderer moves an outline's horizontal edges to whole device pixels:
/// DejaVu's `H` at 13 px, two device pixels per CSS pixel, is drawn with its cap top 1.05 device pixels
/// above the outline's. That is the rasterizer at work, not a page's layout; without hinting the `H`
/// is drawn where its outline is, antialiased, and only its origin is snapped to a device pixel.
public enum UnhintedFonts {
    /// The configuration file: the pinned one, included, then a rule that turns hinting off for every
    /// face. Creating it writes it under `.build/test-fontconfig-unhinted/`.
    public static let configFile: String = {
        let file = TestPaths.packageRoot.appendingPathComponent(".build/test-fontconfig-unhinted/fonts.conf")
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
            <fontconfig>
              <include>\(PinnedFonts.configFile)</include>
              <match target="font">
                <edit name="hinting" mode="assign"><bool>false</bool></edit>
                <edit name="hintstyle" mode="assign"><const>hintnone</const></edit>
              </match>
            </fontconfig>

            """
        // Not fatal here: a browser given a missing file sees no fonts, and every measurement fails.
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(text.utf8).write(to: file, options: .atomic)
        return file.path
    }()

    /// The environment for a browser that must see only the pinned fonts, unhinted.
    public static var environment: [String: String] {
        var environment = PinnedFonts.environment
        environment["FONTCONFIG_FILE"] = configFile
        return environment
    }
}
