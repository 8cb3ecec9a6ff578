import BrowserTestSupport
import FontdTestSupport
import Foundation
import ServerTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A headless Firefox ESR driven through Marionette (`MarionetteConnection`), the remote agent it
/// carries itself: for tests that must read a page's layout from its script and its pixels at more
/// than one device pixel per CSS pixel, which `FirefoxScreenshot`'s `--screenshot` cannot (it draws
/// at one whatever `layout.css.devPixelsPerPx` says; Marionette's screenshot follows it).
///
/// The session has a directory of its own: the profile (its `user.js` sets the device pixels per CSS
/// pixel, and port 0 for Marionette, which writes the port it chose to `MarionetteActivePort`) and
/// `HOME`. `close()` quits Firefox and removes the directory; the test process kills Firefox at exit
/// if a test never did. One thread at a time.
public final class FirefoxSession {
    /// Firefox's process.
    public let processID: Int32
    /// The session's own directory (profile and `HOME`); removed by `close()`.
    public let directory: URL
    private let process: ChildProcess
    let connection: MarionetteConnection
    private var closed = false

    private init(process: ChildProcess, connection: MarionetteConnection, directory: URL) {
        self.process = process
        self.processID = process.processIdentifier
        self.connection = connection
        self.directory = directory
    }

    deinit { close() }

    /// Starts Firefox on a blank page with a `viewportWidth` × `viewportHeight` CSS-pixel viewport at
    /// `devicePixelsPerPx` device pixels per CSS pixel; takes a few seconds.
    ///
    /// - Parameters:
    ///   - environment: what Firefox sees (`HOME` is replaced by the session's directory); by default
    ///     only the pinned fonts.
    ///   - systemAccess: whether Marionette may run scripts in the browser's own window
    ///     (`-remote-allow-system-access`, for `executeInBrowserWindow`).
    public static func start(
        viewportWidth: Int = 1200, viewportHeight: Int = 900, devicePixelsPerPx: Int = 1,
        environment: [String: String] = PinnedFonts.environment, timeoutSeconds: Double = Wait.defaultSeconds,
        systemAccess: Bool = false
    ) throws -> FirefoxSession {
        guard FileManager.default.isExecutableFile(atPath: FirefoxScreenshot.firefoxPath) else {
            throw BrowserError.missingExecutable(path: FirefoxScreenshot.firefoxPath)
        }
        let directory = try TestPaths.temporaryDirectory()
        let profile = directory.appendingPathComponent("profile")
        let process: ChildProcess
        do {
            try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
            let preferences = [
                #"user_pref("layout.css.devPixelsPerPx", "\#(devicePixelsPerPx)");"#, #"user_pref("marionette.port", 0);"#,
                #"user_pref("browser.startup.page", 0);"#,
            ]
            try Data((preferences.joined(separator: "\n") + "\n").utf8).write(to: profile.appendingPathComponent("user.js"))
            process = try FirefoxScreenshot.startFirefox(
                arguments: ["--profile", profile.path, "--marionette"] + (systemAccess ? ["-remote-allow-system-access"] : []) + [
                    "about:blank"
                ],
                home: directory, environment: environment)
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        ServerProcess.track(process.processIdentifier)
        do {
            let connection = try connect(
                portFile: profile.appendingPathComponent("MarionetteActivePort"), process: process, timeoutSeconds: timeoutSeconds)
            let session = FirefoxSession(process: process, connection: connection, directory: directory)
            _ = try session.connection.perform("WebDriver:NewSession", ["capabilities": [String: Any]()])
            try session.resizeViewport(width: viewportWidth, height: viewportHeight)
            return session
        } catch {
            stop(process, terminate: true)
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
    }

    /// Loads `url` and returns once its load event has fired.
    public func navigate(to url: URL) throws {
        _ = try connection.perform("WebDriver:Navigate", ["url": url.absoluteString])
    }

    /// Runs `script` as a function body in the page (`return` gives the result) and returns what it
    /// returned, as JSON values (nil for `null` or `undefined`).
    public func execute(_ script: String, arguments: [Any] = []) throws -> Any? {
        try connection.perform("WebDriver:ExecuteScript", ["script": script, "args": arguments])
    }

    /// Runs `script` as an asynchronous function body in the page: it answers by calling its last
    /// argument, and what it passes comes back as JSON values.
    public func executeAsync(_ script: String, arguments: [Any] = []) throws -> Any? {
        try connection.perform("WebDriver:ExecuteAsyncScript", ["script": script, "args": arguments])
    }

    /// The viewport as PNG, at the session's device pixels per CSS pixel.
    public func screenshotPNG() throws -> [UInt8] {
        guard let base64 = try connection.perform("WebDriver:TakeScreenshot", ["full": false]) as? String,
            let png = Data(base64Encoded: base64)
        else { throw BrowserError.screenshot("Marionette's screenshot is not base64") }
        return Array(png)
    }

    /// Quits Firefox (killing it if it has not exited within ten seconds) and removes the directory.
    public func close() {
        guard !closed else { return }
        closed = true
        _ = try? connection.perform("Marionette:Quit", ["flags": ["eForceQuit"]])
        Self.stop(process, terminate: false)
        try? FileManager.default.removeItem(at: directory)
    }

    /// The window sized so that its viewport (the window less the toolbars headless Firefox keeps) is
    /// `width` × `height` CSS pixels.
    private func resizeViewport(width: Int, height: Int) throws {
        var window = (width: width, height: height)
        for _ in 0..<2 {
            _ = try connection.perform("WebDriver:SetWindowRect", ["width": window.width, "height": window.height])
            guard let inner = try execute("return [innerWidth, innerHeight]") as? [Double], inner.count == 2 else { return }
            if inner == [Double(width), Double(height)] { return }
            window = (window.width + width - Int(inner[0]), window.height + height - Int(inner[1]))
        }
    }

    /// Connects to the port Marionette wrote to `portFile`, polled until `timeoutSeconds` pass (the file
    /// may be there before the port listens, or half written).
    private static func connect(portFile: URL, process: ChildProcess, timeoutSeconds: Double) throws -> MarionetteConnection {
        var problem = "it wrote no port to \(portFile.path)"
        var connection: MarionetteConnection?
        _ = Wait.holds(seconds: timeoutSeconds) {
            if let text = try? String(contentsOf: portFile, encoding: .utf8),
                let port = Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                do {
                    connection = try MarionetteConnection(port: port, timeoutSeconds: timeoutSeconds)
                } catch {
                    problem = "\(error)"
                }
            }
            return connection != nil || !process.isRunning
        }
        if let connection { return connection }
        throw BrowserError.transport(
            command: "start", problem: "Firefox's Marionette did not answer within \(Int(timeoutSeconds)) s: \(problem)")
    }

    /// Waits up to ten seconds for Firefox to exit (after `SIGTERM` when `terminate`), then kills it.
    private static func stop(_ process: ChildProcess, terminate: Bool) {
        if terminate {
            process.terminate(timeoutSeconds: 10)
        } else if !process.waitForExit(timeoutSeconds: 10) {
            process.kill()
        }
    }
}
