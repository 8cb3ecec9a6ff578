import FontdTestSupport
import Foundation
import ServerTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A headless Chromium driven through chromedriver's W3C WebDriver API: for tests that must see
/// what a real browser makes of a page — computed styles, pixels, the requests it sends.
///
/// Each session has a directory of its own: the browser profile, and `HOME` for chromedriver and
/// the browser, so nothing is written under the user's home. `close()` ends the session, stops
/// chromedriver, makes sure no process of the session is left and removes the directory; `deinit`
/// calls it, and the test process kills chromedriver and the browser at exit if a test never did.
///
/// The browser sees only the pinned fonts (`PinnedFonts`), as `ServerProcess` does, and resolves
/// no host name but `localhost`: a page can reach loopback servers and nothing on the internet.
///
/// Commands are sent one at a time (any thread may call; a lock orders them), so a serialized
/// suite may share one session.
public final class BrowserSession: @unchecked Sendable {
    /// Debian's Chromium (package `chromium`).
    public static let chromiumPath = "/usr/bin/chromium"
    /// Debian's chromedriver (package `chromium-driver`).
    public static let chromedriverPath = "/usr/bin/chromedriver"

    /// chromedriver's process.
    public let driverProcessID: Int32
    /// The browser's main process, as chromedriver reports it (`goog:processID`).
    public let browserProcessID: Int32
    /// The session's own directory (profile and `HOME`); removed by `close()`.
    public let directory: URL
    private let connection: WebDriverConnection
    private let driver: ChildProcess

    // Guarded by `lock`, which every command holds while it runs (commands may come from any thread).
    private let lock = NSLock()
    private var sessionID: String?
    private var closed = false
    /// The script and page-load timeouts last given to chromedriver, in seconds.
    private var timeoutsSeconds: [String: Double] = [:]
    /// Every URL the performance log has reported so far (reading the log empties it).
    private var networkLog: [String] = []

    private init(driver: ChildProcess, connection: WebDriverConnection, sessionID: String, browserProcessID: Int32, directory: URL) {
        self.driver = driver
        self.driverProcessID = driver.processIdentifier
        self.connection = connection
        self.sessionID = sessionID
        self.browserProcessID = browserProcessID
        self.directory = directory
    }

    deinit { close() }

    /// Starts chromedriver on a port it chooses, and a headless Chromium session through it,
    /// on a blank page; takes about a second.
    ///
    /// The viewport is the window less the toolbar height headless Chromium still reserves
    /// (1200 × 1857 CSS pixels for the default 1200 × 2000), at one device pixel per CSS pixel.
    ///
    /// - Parameters:
    ///   - chromiumPath, chromedriverPath: the programs; a missing one fails with an error that
    ///     says how to install it (browser tests fail, never skip, without a browser).
    ///   - environment: what chromedriver and the browser see (`HOME` is replaced by the session's
    ///     directory); by default only the pinned fonts.
    ///   - loopbackNames: host names the browser resolves to 127.0.0.1 (`app.test`), so a test can
    ///     load pages of several origins, or of a name pointed at a loopback server (DNS rebinding).
    ///   - deviceScaleFactor: device pixels per CSS pixel (2 to read edges to half a CSS pixel).
    ///   - reachableHosts: address literals the browser may connect to besides 127.0.0.1 (`0.0.0.0`,
    ///     `[::ffff:7f00:1]`): every other host is made unresolvable, so a page reaches loopback only.
    ///   - arguments: more of Chromium's command-line switches (`--load-extension=DIR`).
    public static func start(
        windowWidth: Int = 1200, windowHeight: Int = 2000, chromiumPath: String = chromiumPath,
        chromedriverPath: String = chromedriverPath, environment: [String: String] = PinnedFonts.environment,
        loopbackNames: [String] = [], deviceScaleFactor: Int = 1, reachableHosts: [String] = [], arguments: [String] = []
    ) throws -> BrowserSession {
        for path in [chromiumPath, chromedriverPath] where !FileManager.default.isExecutableFile(atPath: path) {
            throw BrowserError.missingExecutable(path: path)
        }
        let directory = try TestPaths.temporaryDirectory()
        let driver: ChildProcess
        let port: Int
        do {
            (driver, port) = try launchDriver(chromedriverPath, directory: directory, environment: environment)
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        let connection = WebDriverConnection(port: port)
        let session: BrowserSession
        do {
            try waitUntilReady(connection, driver: driver, output: directory.appendingPathComponent("chromedriver.log"))
            let capabilities = capabilities(
                chromiumPath: chromiumPath, windowWidth: windowWidth, windowHeight: windowHeight,
                profile: directory.appendingPathComponent("profile"), loopbackNames: loopbackNames, deviceScaleFactor: deviceScaleFactor,
                reachableHosts: reachableHosts, extraArguments: arguments)
            let answer = try connection.perform("POST", "/session", body: capabilities, timeoutSeconds: 60) as? [String: Any]
            let granted = answer?["capabilities"] as? [String: Any]
            guard let sessionID = answer?["sessionId"] as? String, let browser = (granted?["goog:processID"] as? Int).map(Int32.init) else {
                throw BrowserError.transport(command: "POST /session", problem: "no sessionId and goog:processID in \(answer ?? [:])")
            }
            ServerProcess.track(browser)
            session = BrowserSession(
                driver: driver, connection: connection, sessionID: sessionID, browserProcessID: browser, directory: directory)
        } catch {
            shutDown(driver: driver, directory: directory, browserProcessID: nil, graceSeconds: 0)
            throw error
        }
        // Chromium opens on its new-tab page, whose own requests are read off the log and dropped.
        try session.navigate(to: URL(string: "about:blank") ?? directory)
        _ = try session.send("POST", "/se/log", body: ["type": "performance"])
        return session
    }

    /// Loads `url` and returns once its load event has fired (WebDriver's normal page-load strategy).
    public func navigate(to url: URL, timeoutSeconds: Double = 20) throws {
        _ = try send("POST", "/url", body: ["url": url.absoluteString], timeout: ("pageLoad", timeoutSeconds))
    }

    /// Runs `script` as a function body in the page (`return` gives the result; `arguments` are its
    /// `arguments`) and returns what it returned, as JSON values (nil for `null` or `undefined`).
    public func execute(_ script: String, arguments: [Any] = [], timeoutSeconds: Double = 10) throws -> Any? {
        try send("POST", "/execute/sync", body: ["script": script, "args": arguments], timeout: ("script", timeoutSeconds))
    }

    /// Runs `script` and waits for it to call its last argument, the callback, with the result:
    /// `arguments[arguments.length - 1](result)`.
    public func executeAsync(_ script: String, arguments: [Any] = [], timeoutSeconds: Double = 10) throws -> Any? {
        try send("POST", "/execute/async", body: ["script": script, "args": arguments], timeout: ("script", timeoutSeconds))
    }

    /// Evaluates `script` (a function body that `return`s a boolean) until it returns `true`, or
    /// until `timeoutSeconds` have passed (`Wait.holds`); whether it did. It is evaluated at least
    /// once; a script that throws fails the wait at once.
    public func waitUntil(_ script: String, timeoutSeconds: Double = Wait.defaultSeconds) throws -> Bool {
        let check = "return (() => {\n\(script)\n})() === true;"
        return try Wait.holds(seconds: timeoutSeconds) { try execute(check) as? Bool == true }
    }

    /// Ends the session (the browser quits), stops chromedriver (SIGTERM, SIGKILL after 2 s), kills
    /// any process of the session still running and removes the session's directory. Idempotent.
    public func close() {
        var ending: String?
        let first = lock.withLock {
            guard !closed else { return false }
            (closed, ending, sessionID) = (true, sessionID, nil)
            return true
        }
        guard first else { return }
        // A deleted session's browser quits by itself; without chromedriver there is no waiting for that.
        var quitting = false
        if let ending {
            do {
                _ = try connection.perform("DELETE", "/session/\(ending)", timeoutSeconds: 10)
                quitting = true
            } catch {}
        }
        Self.shutDown(driver: driver, directory: directory, browserProcessID: browserProcessID, graceSeconds: quitting ? 5 : 0)
    }

    /// The processes of this session still running: chromedriver, and every process whose command
    /// line or environment names the session's directory (the browser and all its helpers, which
    /// inherit `HOME`).
    public func processes() -> [Int32] {
        let named = Self.processes(naming: directory.path)
        return driver.isRunning && !named.contains(driverProcessID) ? [driverProcessID] + named : named
    }

    /// Appends `urls` to the URLs the performance log has reported, and returns them all.
    func recordNetworkRequests(_ urls: [String]) -> [String] {
        lock.withLock {
            networkLog += urls
            return networkLog
        }
    }

    /// Sends one command of this session: `path` is relative to `/session/{id}`. With `timeout`,
    /// that WebDriver timeout (`script` or `pageLoad`) is set first when it differs.
    func send(_ method: String, _ path: String, body: [String: Any]? = nil, timeout: (kind: String, seconds: Double)? = nil) throws -> Any?
    {
        try lock.withLock {
            guard let sessionID else { throw BrowserError.closed(command: "\(method) \(path)") }
            let seconds = timeout?.seconds ?? 10
            if let timeout, timeoutsSeconds[timeout.kind] != timeout.seconds {
                let milliseconds = Int((timeout.seconds * 1000).rounded())
                _ = try connection.perform("POST", "/session/\(sessionID)/timeouts", body: [timeout.kind: milliseconds], timeoutSeconds: 10)
                timeoutsSeconds[timeout.kind] = timeout.seconds
            }
            // The socket waits a little longer than WebDriver, so WebDriver's own timeout error is the one reported.
            return try connection.perform(method, "/session/\(sessionID)\(path)", body: body, timeoutSeconds: seconds + 5)
        }
    }
}

extension BrowserSession {
    /// Starts `chromedriver --port=0` with its output going to `chromedriver.log` in `directory`,
    /// and reads the port it chose from the line it prints once it listens.
    ///
    /// With port 0, chromedriver takes a port for one address family and then binds the other
    /// family to the same number, which another process may hold by then ("bind() failed: Address
    /// already in use", seen while other servers started): it is started again, up to three times.
    private static func launchDriver(
        _ path: String, directory: URL, environment: [String: String]
    ) throws -> (ChildProcess, port: Int) {
        var attempt = 1
        while true {
            do {
                return try launchDriverOnce(path, directory: directory, environment: environment)
            } catch BrowserError.driverDidNotStart(_, let output) where output.contains("Address already in use") && attempt < 3 {
                attempt += 1
            }
        }
    }

    private static func launchDriverOnce(
        _ path: String, directory: URL, environment: [String: String]
    ) throws -> (ChildProcess, port: Int) {
        let log = directory.appendingPathComponent("chromedriver.log")
        var environment = environment
        environment["HOME"] = directory.path
        for key in ["XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME"] { environment.removeValue(forKey: key) }
        // A ChildProcess starts with an empty signal mask (the test's threads block nearly every
        // signal): chromedriver, and the browser after it, leave on SIGTERM.
        let driver = try ChildProcess([path, "--port=0"], environment: environment, output: .file(log.path))
        ServerProcess.track(driver.processIdentifier)

        var port: Int?
        let printedPort = Wait.holds {
            let printed = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            if let line = printed.range(of: "started successfully on port ") {
                port = Int(printed[line.upperBound...].prefix(while: \.isNumber))
            }
            return port != nil || !driver.isRunning
        }
        if let port { return (driver, port) }
        let reason =
            printedPort ? "it exited with status \(driver.terminationStatus)" : "it printed no port within \(Wait.defaultSeconds) s"
        shutDown(driver: driver, directory: nil, browserProcessID: nil, graceSeconds: 0)
        throw BrowserError.driverDidNotStart(reason: reason, output: (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }

    /// Polls `GET /status` until chromedriver says it is ready for a session.
    private static func waitUntilReady(_ connection: WebDriverConnection, driver: ChildProcess, output: URL) throws {
        var last = "no answer"
        var ready = false
        _ = Wait.holds {
            do {
                let status = try connection.perform("GET", "/status", timeoutSeconds: 2) as? [String: Any]
                ready = status?["ready"] as? Bool == true
                last = "\(status ?? [:])"
            } catch {
                last = "\(error)"
            }
            return ready || !driver.isRunning
        }
        if ready { return }
        throw BrowserError.driverDidNotStart(
            reason: "GET /status never said ready (last: \(last))", output: (try? String(contentsOf: output, encoding: .utf8)) ?? "")
    }

    /// The `POST /session` body: headless Chromium at one device pixel per CSS pixel, with the
    /// performance log on (for `networkRequestURLs()`).
    private static func capabilities(
        chromiumPath: String, windowWidth: Int, windowHeight: Int, profile: URL, loopbackNames: [String], deviceScaleFactor: Int,
        reachableHosts: [String], extraArguments: [String]
    ) -> [String: Any] {
        let arguments = [
            "--headless=new",
            // Required when running as root, as CI does.
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--hide-scrollbars",
            "--force-device-scale-factor=\(deviceScaleFactor)",
            "--window-size=\(windowWidth),\(windowHeight)",
            "--user-data-dir=\(profile.path)",
            // Debian's new-tab page would fetch start.duckduckgo.com; tests reach loopback only.
            // The first rule that matches a name applies.
            "--host-resolver-rules=" + (loopbackNames.map { "MAP \($0) 127.0.0.1, " }.joined())
                + "MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost" + reachableHosts.map { ", EXCLUDE \($0)" }.joined(),
        ]
        let chromeOptions: [String: Any] = ["binary": chromiumPath, "args": arguments + extraArguments]
        let alwaysMatch: [String: Any] = [
            "browserName": "chrome",
            "pageLoadStrategy": "normal",
            "goog:chromeOptions": chromeOptions,
            "goog:loggingPrefs": ["performance": "ALL"],
        ]
        return ["capabilities": ["alwaysMatch": alwaysMatch]]
    }

    /// Stops `driver` (SIGTERM, SIGKILL after 2 s), waits up to `graceSeconds` for the processes
    /// that name `directory` to end and kills those that do not, then removes `directory`.
    private static func shutDown(driver: ChildProcess, directory: URL?, browserProcessID: Int32?, graceSeconds: Double) {
        driver.terminate(timeoutSeconds: 2)
        ServerProcess.untrack(driver.processIdentifier)
        guard let directory else { return }
        _ = Wait.holds(seconds: graceSeconds) { processes(naming: directory.path).isEmpty }
        for pid in processes(naming: directory.path) { kill(pid, SIGKILL) }
        // SIGKILLed processes linger for a moment; the session is over once none is left.
        _ = Wait.holds { processes(naming: directory.path).isEmpty }
        if let browserProcessID { ServerProcess.untrack(browserProcessID) }
        try? FileManager.default.removeItem(at: directory)
    }

    /// Live processes whose command line or environment contains `marker` (zombies have neither).
    static func processes(naming marker: String) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { Int32($0) }.filter { pid in
            ["cmdline", "environ"].contains { file in
                guard let bytes = FileManager.default.contents(atPath: "/proc/\(pid)/\(file)") else { return false }
                return String(decoding: bytes, as: UTF8.self).contains(marker)
            }
        }.sorted()
    }
}
