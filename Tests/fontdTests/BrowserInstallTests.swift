import BrowserTestSupport
import FirefoxTestSupport
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// `fontd desktop install --browsers` and `uninstall` (docs/DESIGN.md §26 (The desktop bridge),
/// "Browsers") in a home of the test's own, checked by the real browsers: Debian's Chromium, started
/// on the user data folder the install wrote into, runs the extension's service worker and offscreen
/// document from the packed `fontd.crx`; Firefox ESR, started on the reader's profile, lists the add-on
/// as added by another program, waiting for the reader's yes (`userDisabled`), its missing signature
/// accepted (not `appDisabled`). Uninstall then removes the files and leaves `user.js` byte for byte.
@Suite(.serialized, .ownThread) struct BrowserInstallTests {
    static let readersUserJS = Array("user_pref(\"browser.startup.page\", 0);\r\n// the reader's own\r\n".utf8)

    /// Starts Chromium headless on `userData` with the environment of `home`, and returns the DevTools
    /// targets' URLs once one is the extension's service worker and one its offscreen document.
    static func chromiumTargets(userData: URL, environment: [String: String]) throws -> [String] {
        let chromium = try ChildProcess(
            [
                BrowserSession.chromiumPath, "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--user-data-dir=\(userData.path)", "--remote-debugging-port=0", "--host-resolver-rules=MAP * ~NOTFOUND", "about:blank",
            ], environment: environment)
        ServerProcess.track(chromium.processIdentifier)
        defer {
            _ = chromium.terminate(timeoutSeconds: 10)
            ServerProcess.untrack(chromium.processIdentifier)
        }
        let portFile = userData.appendingPathComponent("DevToolsActivePort")
        let port = try Wait.value("Chromium's DevToolsActivePort") {
            (try? String(contentsOf: portFile, encoding: .utf8))?.split(separator: "\n").first.flatMap { Int($0) }
        }
        var urls: [String] = []
        try Wait.until("the extension's worker and offscreen document", seen: { "\(urls)" }) {
            guard let answer = try? TestClient.live(port: port).get("/json/list"),
                let targets = try JSONSerialization.jsonObject(with: Data(answer.body)) as? [[String: Any]]
            else { return false }
            urls = targets.compactMap { $0["url"] as? String }
            let id = BrowserExtensionFixture.chromiumExtensionID
            return urls.contains("chrome-extension://\(id)/background.js")
                && urls.contains { $0.hasPrefix("chrome-extension://\(id)/offscreen.html") }
        }
        return urls
    }

    /// Starts Firefox ESR headless on `profile` and returns fontd's add-on's entry in `extensions.json`
    /// once Firefox has written it.
    static func firefoxAddon(profile: URL, environment: [String: String]) throws -> [String: Any] {
        var firefoxEnvironment = environment
        firefoxEnvironment["MOZ_CRASHREPORTER_DISABLE"] = "1"
        let firefox = try ChildProcess(
            [FirefoxScreenshot.firefoxPath, "--headless", "--no-remote", "--profile", profile.path, "about:blank"],
            environment: firefoxEnvironment)
        ServerProcess.track(firefox.processIdentifier)
        defer {
            _ = firefox.terminate(timeoutSeconds: 10)
            ServerProcess.untrack(firefox.processIdentifier)
        }
        return try Wait.value("browser@fontd.org in \(profile.path)/extensions.json") {
            guard let data = try? Data(contentsOf: profile.appendingPathComponent("extensions.json")),
                let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
            else { return nil }
            let addons = document["addons"] as? [[String: Any]] ?? []
            return addons.first { $0["id"] as? String == BrowserExtensionFixture.firefoxAddonID }
        }
    }

    @Test func installOffersTheExtensionToBothBrowsersAndUninstallRemovesExactlyThat() throws {
        let fixture = try BrowserExtensionFixture()
        let home = try TemporaryHome()
        let environment = home.environment(["PATH": "/usr/bin:/bin"])
        // A profile as Firefox makes it, with a user.js of the reader's.
        let created = try ChildProcess(
            [FirefoxScreenshot.firefoxPath, "--headless", "-CreateProfile", "reader"], environment: environment)
        #expect(created.waitForExit(timeoutSeconds: Wait.defaultSeconds))
        let root = home.configHome.appendingPathComponent("mozilla/firefox")
        let listed = try String(contentsOf: root.appendingPathComponent("profiles.ini"), encoding: .utf8)
        let path = try #require(listed.split(separator: "\n").first { $0.hasPrefix("Path=") }?.dropFirst("Path=".count))
        let profile = root.appendingPathComponent(String(path))
        let userJS = profile.appendingPathComponent("user.js")
        try Data(Self.readersUserJS).write(to: userJS)
        let folder = ["--browser-extension-folder", fixture.folder.path]

        let install = try CommandRunner.run(["desktop", "install", "--browsers"] + folder, environment: environment)
        #expect(install.status == 0, "\(install.standardOutput)\(install.standardError)")
        let chromiumFile = home.configHome.appendingPathComponent(
            "chromium/External Extensions/\(BrowserExtensionFixture.chromiumExtensionID).json")
        let preferences = try JSONSerialization.jsonObject(with: Data(contentsOf: chromiumFile)) as? [String: String]
        #expect(preferences?["external_crx"] == fixture.folder.appendingPathComponent("fontd.crx").path)
        let written = try [UInt8](Data(contentsOf: userJS))
        #expect(
            written == Self.readersUserJS
                + Array(#"user_pref("xpinstall.signatures.required", false); // fontd desktop install --browsers"#.utf8) + [0x0A])
        let again = try CommandRunner.run(["desktop", "install", "--browsers"] + folder, environment: environment)
        #expect(
            again.standardOutput.contains("chromium: unchanged") && again.standardOutput.contains("firefox: unchanged"),
            "\(again.standardOutput)")

        let urls = try Self.chromiumTargets(userData: home.configHome.appendingPathComponent("chromium"), environment: environment)
        #expect(!urls.isEmpty)
        let addon = try Self.firefoxAddon(profile: profile, environment: environment)
        #expect(addon["userDisabled"] as? Bool == true, "offered, waiting for the reader: \(addon)")
        #expect(addon["appDisabled"] as? Bool == false, "its missing signature accepted: \(addon)")

        let uninstall = try CommandRunner.run(["desktop", "uninstall"] + folder, environment: environment)
        #expect(uninstall.status == 0, "\(uninstall.standardOutput)\(uninstall.standardError)")
        #expect(!FileManager.default.fileExists(atPath: chromiumFile.path))
        #expect(!FileManager.default.fileExists(atPath: chromiumFile.deletingLastPathComponent().path))
        #expect(!FileManager.default.fileExists(atPath: profile.appendingPathComponent("extensions/browser@fontd.org.xpi").path))
        #expect(try [UInt8](Data(contentsOf: userJS)) == Self.readersUserJS)
    }
}
