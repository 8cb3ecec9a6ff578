import BrowserTestSupport
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// fontd's browser extension as `scripts/install` lays it out (`<prefix>/share/fontd/browser/chromium`
/// and `…/firefox`, made by `scripts/build-browser-extensions`), in a temporary prefix of the test's own,
/// and what the tests compare the browsers with (docs/DESIGN.md §26 (The desktop bridge), "Browsers").
struct BrowserExtensionFixture {
    /// Chromium's extension id, from the public key in its manifest.
    static let chromiumExtensionID = "omclmjofiibfengblmpfihnienablkjh"
    /// Firefox's add-on id (`browser_specific_settings.gecko.id`).
    static let firefoxAddonID = "browser@fontd.org"

    /// `<prefix>/share/fontd/browser`.
    let folder: URL
    var chromium: URL { folder.appendingPathComponent("chromium") }
    var firefox: URL { folder.appendingPathComponent("firefox") }

    /// Builds the extension into a new temporary prefix.
    init() throws {
        folder = try TestPaths.temporaryDirectory().appendingPathComponent("share/fontd/browser")
        let script = TestPaths.packageRoot.appendingPathComponent("scripts/build-browser-extensions")
        let build = try CommandProcess(program: script, [folder.path], environment: ProcessInfo.processInfo.environment)
        let status = build.waitForExit()
        #expect(status == 0, "scripts/build-browser-extensions: \(build.standardError)")
    }

    /// A page that does not link fontd: a paragraph in `rem`, one in `px`, and a 120 × 40 px image box.
    static let page = """
        <!doctype html>
        <html><head><meta charset="utf-8"><title>A page that knows nothing of fontd</title>
        <style>body { margin: 0; } p { margin: 0; white-space: nowrap; }</style></head>
        <body><p id="rem" style="font-size: 1rem">Relative text</p><p id="px" style="font-size: 16px">Pixel text</p>
        <img id="image" width="120" height="40" alt="" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" style="display: block"></body></html>
        """

    /// r(category) = body's size at the category ÷ body's size at `l`, as the server resolves them.
    static func ratio(_ category: String, server: ServerProcess) throws -> Double {
        func size(_ category: String) throws -> Double {
            let answer = try server.client.get("/font?style=body&category=\(category)").json()
            guard case .number(let size)? = answer["descriptor"]?["pointSize"] else {
                throw BrowserError.transport(command: "GET /font", problem: "no pointSize at \(category) in \(answer)")
            }
            return size
        }
        return try size(category) / size("l")
    }

    /// `PUT /category` on `server`.
    static func setCategory(_ category: String, on server: ServerProcess) throws {
        let answer = try server.client.put("/category", #"{"category": "\#(category)"}"#)
        #expect(answer.status == 200, "PUT /category \(category): \(answer.status) \(answer.bodyText)")
    }

    /// The names on `server`'s board of who follows its event stream (`GET /desktop`'s `clients`).
    static func clients(of server: ServerProcess) throws -> [String] {
        try server.client.get("/desktop").json()["clients"]?.strings ?? []
    }
}
