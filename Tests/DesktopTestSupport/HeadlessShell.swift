import FontdTestSupport
import Foundation
import ProcessSpawning
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A real GNOME Shell of one test suite's own, headless (Debian 12's gnome-shell 43, mutter's virtual monitor, no GPU),
/// scriptable through `org.gnome.Shell.Eval` (`--unsafe-mode`) and screenshot-able: docs/DESIGN.md §37 (The reader's
/// control).
///
/// The session is prepared first and the Shell started after (`start()`), so that a test can install an extension
/// and list it in `org.gnome.shell enabled-extensions` before the Shell reads the list at start. Around the Shell: a
/// private *system* bus with python3-dbusmock's logind and UPower on it (the Shell dies at start without logind), and
/// a private session bus whose dconf-service writes under the session's `HOME` (`environment` gives both buses and
/// `GSETTINGS_BACKEND=dconf`, so `gsettings`, `fontd serve --desktop gnome` and `fontd desktop install` run with it
/// write what the Shell reads). Every run has a fresh `XDG_RUNTIME_DIR`: a Shell killed mid-start leaves a file there
/// that starts the next one with extensions off.
///
/// The Shell takes seconds to start: a suite keeps one (in a `static let`) and runs under `.ownThread`. What it
/// started is stopped by `stop()`, else killed when the test process exits. Its threads: the test's, one at a time.
public final class HeadlessShell: @unchecked Sendable {
    /// Something around the Shell did not come up; each case says what it waited for and what it saw.
    public enum StartError: Error, CustomStringConvertible {
        case noSystemBus(log: String)
        case noMock(name: String, log: String)
        /// `state`: where the Shell's start-up stood when the wait gave up, if it still answered `Eval`.
        case notStarted(log: String, state: String?)

        public var description: String {
            switch self {
            case .noSystemBus(let log): "the private system bus did not start (is dbus-daemon installed?): \(log)"
            case .noMock(let name, let log):
                "python3-dbusmock did not own \(name) on the system bus (is python3-dbusmock installed?): \(log)"
            case .notStarted(let log, let state):
                "gnome-shell did not finish starting (is gnome-shell installed?); its start-up stood at: \(state ?? "(no answer to Eval)"); "
                    + "its log ends: \(log.suffix(3000))"
            }
        }
    }

    /// The Shell answered an `Eval` with a failure, or with something that is not JSON.
    public struct EvalError: Error, CustomStringConvertible {
        public var script: String
        public var answer: String
        public var description: String { "org.gnome.Shell.Eval failed for `\(script.prefix(200))`: \(answer)" }
    }

    /// The session's own folder: `home`, the runtime folder, the buses' sockets and every log.
    public let directory: URL
    /// `HOME`, with `XDG_CONFIG_HOME`, `XDG_DATA_HOME` and `XDG_STATE_HOME` at their default places under it.
    public let home: URL
    /// `$XDG_DATA_HOME/gnome-shell/extensions`: where a user's extensions live.
    public var userExtensions: URL { home.appendingPathComponent(".local/share/gnome-shell/extensions") }
    /// The environment of the Shell and of anything run in its session (`fontd serve`, `fontd desktop install`,
    /// `gsettings`): `base` with the session's folders, both buses, dconf and `XDG_CURRENT_DESKTOP=GNOME`.
    public let environment: [String: String]
    /// `DBUS_SESSION_BUS_ADDRESS`.
    public var sessionBusAddress: String { sessionBus.address }
    /// gnome-shell's stdout and stderr.
    public var logPath: String { directory.appendingPathComponent("gnome-shell.log").path }

    private let sessionBus: PrivateSessionBus
    private var systemBus: SpawnedProcess?
    private var mocks: [SpawnedProcess] = []
    private var shell: SpawnedProcess?
    private let size: (width: Int, height: Int)

    /// Prepares the session: both buses and the mocks, not the Shell (`start()`).
    public init(base: [String: String] = PinnedFonts.environment, width: Int = 1280, height: Int = 800) throws {
        directory = try TestPaths.temporaryDirectory()
        home = directory.appendingPathComponent("home")
        size = (width, height)
        let runtime = directory.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try FileManager.default.createDirectory(at: home.appendingPathComponent(".config"), withIntermediateDirectories: true)
        var environment = base
        environment["HOME"] = home.path
        environment["XDG_CONFIG_HOME"] = home.appendingPathComponent(".config").path
        environment["XDG_DATA_HOME"] = home.appendingPathComponent(".local/share").path
        environment["XDG_STATE_HOME"] = home.appendingPathComponent(".local/state").path
        environment["XDG_CACHE_HOME"] = home.appendingPathComponent(".cache").path
        environment["XDG_RUNTIME_DIR"] = runtime.path
        environment["XDG_CURRENT_DESKTOP"] = "GNOME"
        environment["XDG_SESSION_TYPE"] = "wayland"
        environment["GSETTINGS_BACKEND"] = "dconf"
        for name in ["DISPLAY", "WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "DBUS_SYSTEM_BUS_ADDRESS"] { environment[name] = nil }

        let systemSocket = directory.appendingPathComponent("system_bus_socket").path
        environment["DBUS_SYSTEM_BUS_ADDRESS"] = "unix:path=\(systemSocket)"
        // The bus starts dconf-service with its own environment: it must be the session's, HOME included.
        sessionBus = try PrivateSessionBus(in: directory, environment: environment)
        sessionBus.processIdentifier.map(Self.started)
        environment["DBUS_SESSION_BUS_ADDRESS"] = sessionBus.address
        self.environment = environment
        do {
            try startSystemBus(socket: systemSocket)
            for (template, name) in [("logind", "org.freedesktop.login1"), ("upower", "org.freedesktop.UPower")] {
                try startMock(template, owning: name)
            }
        } catch {
            stop()
            throw error
        }
    }

    deinit { stop() }

    /// Starts `gnome-shell --headless --wayland --unsafe-mode` on a virtual monitor; returns once it has finished
    /// starting (`Main.layoutManager._startingUp` false) and answers `Eval`.
    public func start() throws {
        let arguments = [
            "/usr/bin/gnome-shell", "--headless", "--wayland", "--no-x11", "--virtual-monitor", "\(size.width)x\(size.height)",
            "--unsafe-mode",
        ]
        let program = try SpawnedProcess(arguments, environment: environment, outputPath: logPath)
        shell = program
        Self.started(program.pid)
        // The Shell logs "GNOME Shell started at …" when its start-up completes (js/ui/main.js, on the layout's
        // startup-complete, just after `_startingUp` is set false): the log is read while waiting, not `Eval` run
        // (a python3 each time), then `Eval` confirms once.
        let ready = Wait.holds {
            guard program.poll() == nil else { return true }
            for child in Self.forksStuckBeforeExec(of: program.pid) {
                kill(child, SIGKILL)
                let note = "HeadlessShell: killed gnome-shell's child \(child), forked and stuck before its exec (forksStuckBeforeExec)\n"
                FileHandle.standardError.write(Data(note.utf8))
            }
            return ((try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "").contains("GNOME Shell started at")
        }
        guard ready, program.poll() == nil, (try? eval("Main.layoutManager._startingUp")) as? Bool == false else {
            let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
            let state = program.poll() == nil ? (try? eval(Self.startUpState)).map { "\($0)" } : nil
            stop()
            throw StartError.notStarted(log: log, state: state)
        }
        // The banner a root session shows would cover the Quick Settings menu in screenshots.
        _ = try? eval("Main.messageTray._bannerBin.hide(); true")
    }

    /// Children of `parent` still named gnome-shell `seconds` after their fork: gnome-shell 43 starts ibus-daemon with
    /// `GLib.spawn_async` and a JavaScript child-setup function (js/misc/ibusManager.js), which runs in the forked
    /// child of a process with threads; when another thread held GObject's type lock at the fork, the child waits
    /// for it forever before its exec (its stack ends in `g_type_get_qdata` under `g_spawn_async`), and the Shell,
    /// which reads a pipe until that exec, never finishes starting (seen in about one start in ten beside two CPU
    /// hogs). Killed, such a child closes the pipe as an exec would, and the Shell goes on without ibus-daemon,
    /// which nothing here needs. A child that execs takes its program's name within milliseconds.
    public static func forksStuckBeforeExec(of parent: Int32, olderThan seconds: Double = 5) -> [Int32] {
        let uptime = (try? String(contentsOfFile: "/proc/uptime", encoding: .utf8))?.split(separator: " ").first.flatMap { Double($0) }
        guard let uptime, let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        return entries.compactMap { Int32($0) }.filter { pid in
            guard let stat = ProcessStat(pid: pid), stat.command == "gnome-shell", stat.parent == parent,
                let started = stat.startTicks
            else { return false }
            return uptime - started / ProcessStat.ticksPerSecond > seconds
        }
    }

    /// The steps of gnome-shell 43's start-up (js/ui/layout.js), for a start that does not finish: the system
    /// background loaded (then an idle at low priority shows the stage and adds the cover pane), the monitors'
    /// backgrounds loaded, then the user interface group eased in, whose end sets `_startingUp` false.
    static let startUpState = """
        (() => { const l = Main.layoutManager; return { startingUp: l._startingUp, primaryMonitor: !!l.primaryMonitor,
          systemBackground: !!l._systemBackground, stageShown: global.stage.visible, coverPane: !!l._coverPane,
          backgrounds: l._bgManagers.length, easing: !!l.uiGroup.get_transition('opacity'),
          uiGroup: [l.uiGroup.opacity, l.uiGroup.scale_x] }; })()
        """

    /// Runs `script` in the Shell (`org.gnome.Shell.Eval`) and returns its value, which the Shell passes through
    /// `JSON.stringify` (a string, number, Boolean, array or dictionary; NSNull for `null`).
    @discardableResult
    public func eval(_ script: String) throws -> Any {
        let answer = try SessionBusScript.call(
            "org.gnome.Shell", "/org/gnome/Shell", "org.gnome.Shell", "Eval", "(\(Self.gvariantString(script)),)",
            address: sessionBus.address)
        guard answer.count == 2, answer[0] as? String == "ok", let pair = answer[1] as? [Any], pair.count == 2,
            pair[0] as? Bool == true, let text = pair[1] as? String
        else { throw EvalError(script: script, answer: "\(answer)") }
        if text.isEmpty { return NSNull() }
        do {
            return try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        } catch {
            throw EvalError(script: script, answer: text)
        }
    }

    /// A PNG of the whole screen at `path` (`org.gnome.Shell.Screenshot.Screenshot`, without the pointer).
    public func screenshot(to path: String) throws {
        let answer = try SessionBusScript.call(
            "org.gnome.Shell", "/org/gnome/Shell/Screenshot", "org.gnome.Shell.Screenshot", "Screenshot",
            "(false, false, \(Self.gvariantString(path)))", address: sessionBus.address)
        guard answer.first as? String == "ok", FileManager.default.fileExists(atPath: path) else {
            throw EvalError(script: "Screenshot \(path)", answer: "\(answer)")
        }
    }

    /// Stops the Shell, the mocks and both buses (SIGTERM, then SIGKILL after 5 s); the services the buses started
    /// leave with them.
    public func stop() {
        for program in [shell].compactMap({ $0 }) + mocks.reversed() + [systemBus].compactMap({ $0 }) {
            program.stop()
            Self.stopped(program.pid)
        }
        shell = nil
        mocks = []
        systemBus = nil
        sessionBus.processIdentifier.map(Self.stopped)
        sessionBus.stop()
    }

    // MARK: The system bus and its mocks

    private func startSystemBus(socket: String) throws {
        let configuration = directory.appendingPathComponent("system-bus.conf")
        // The policy of NOTES.md's recipe: anyone may own and send anything on this private bus.
        try Data(
            """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>system</type>
              <listen>unix:path=\(socket)</listen>
              <auth>EXTERNAL</auth>
              <policy context="default">
                <allow user="*"/>
                <allow own="*"/>
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow receive_sender="*"/>
              </policy>
            </busconfig>
            """.utf8
        ).write(to: configuration)
        let log = directory.appendingPathComponent("system-bus.log").path
        let program = try SpawnedProcess(
            ["/usr/bin/dbus-daemon", "--config-file=\(configuration.path)", "--nofork", "--nopidfile"], environment: environment,
            errorPath: log)
        systemBus = program
        Self.started(program.pid)
        guard Wait.holds({ access(socket, F_OK) == 0 }) else {
            throw StartError.noSystemBus(log: (try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
        }
    }

    /// `python3 -m dbusmock --system -t template` (Debian's interpreter, which has Debian's python3-dbusmock);
    /// returns once it owns `name`.
    private func startMock(_ template: String, owning name: String) throws {
        let log = directory.appendingPathComponent("\(template).log").path
        let program = try SpawnedProcess(
            ["/usr/bin/python3", "-m", "dbusmock", "--system", "-t", template], environment: environment, errorPath: log)
        mocks.append(program)
        Self.started(program.pid)
        let address = environment["DBUS_SYSTEM_BUS_ADDRESS"] ?? ""
        let owned = Wait.holds {
            guard program.poll() == nil else { return true }
            let answer = try? SessionBusScript.call(
                "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner", "('\(name)',)", address: address)
            return answer?.last as? Bool == true
        }
        guard owned, program.poll() == nil else {
            throw StartError.noMock(name: name, log: (try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
        }
    }

    /// `text` as a GVariant text-format string.
    static func gvariantString(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }

    // MARK: Killed at exit

    /// What every session of this test process started and has not stopped: a suite's Shell lives in a `static let`,
    /// never deinitialized, so it is killed when the process exits.
    private static let running = Mutex<Set<pid_t>>([])
    private static let installExitHandler: Void = { atexit { HeadlessShell.running.withLock { $0.forEach { kill($0, SIGKILL) } } } }()

    private static func started(_ pid: pid_t) {
        installExitHandler
        running.withLock { _ = $0.insert(pid) }
    }

    private static func stopped(_ pid: pid_t) { running.withLock { _ = $0.remove(pid) } }
}
