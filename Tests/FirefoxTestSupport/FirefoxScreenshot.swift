import BrowserTestSupport
import FontdTestSupport
import Foundation

/// Headless Firefox ESR's own screenshot (`firefox --headless --screenshot`), in a fresh profile
/// and home of its own: Debian has no geckodriver, and this needs none. Firefox takes the picture
/// once the page has loaded, and exits.
public enum FirefoxScreenshot {
    public static let firefoxPath = "/usr/bin/firefox-esr"

    /// The page at `url` in a `width` × `height` window, one pixel per CSS pixel (headless
    /// `--screenshot` ignores `layout.css.devPixelsPerPx`).
    public static func take(
        _ url: URL, width: Int, height: Int, environment: [String: String] = PinnedFonts.environment, timeoutSeconds: Double = 60
    ) throws -> PNGImage {
        guard FileManager.default.isExecutableFile(atPath: firefoxPath) else { throw BrowserError.missingExecutable(path: firefoxPath) }
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let profile = directory.appendingPathComponent("profile")
        let shot = directory.appendingPathComponent("shot.png")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        let process = try startFirefox(
            arguments: ["--profile", profile.path, "--screenshot", shot.path, "--window-size=\(width),\(height)", url.absoluteString],
            home: directory, environment: environment)
        if !process.waitForExit(timeoutSeconds: timeoutSeconds) {
            process.kill()
            throw BrowserError.screenshot("firefox --screenshot of \(url) did not finish in \(Int(timeoutSeconds)) s")
        }
        guard let png = try? [UInt8](Data(contentsOf: shot)) else {
            throw BrowserError.screenshot("firefox --screenshot of \(url) wrote no file (exit \(process.terminationStatus))")
        }
        return try PNGImage(png: png)
    }
}
