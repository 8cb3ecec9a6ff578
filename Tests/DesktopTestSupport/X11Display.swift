import FontdTestSupport
import Foundation
import ProcessSpawning

#if canImport(Glibc)
    import Glibc
#endif

/// An X server of one test's own (docs/DESIGN.md §30 (KDE Plasma, X11, and per-target limits)):
/// Debian's `Xvfb` on a display number it chooses itself (`-displayfd`), no TCP, kept as it is when
/// its last client leaves (`-noreset`: a reset would clear the resource database, which a session's
/// window manager keeps alive), and the `xrdb`,
/// `xsettingsd` and `dump_xsettings` a desktop session would run against it. Stopped with `stop()`.
public final class X11Display: @unchecked Sendable {
    /// A program did not do what it was asked.
    public struct ProgramError: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    public static let xvfb = "/usr/bin/Xvfb"
    public static let xrdb = "/usr/bin/xrdb"
    public static let xsettingsd = "/usr/bin/xsettingsd"
    public static let dumpXsettings = "/usr/bin/dump_xsettings"

    /// The display's name, `:N`.
    public let name: String
    /// `base` with `DISPLAY` naming this display.
    public let environment: [String: String]
    private let server: SpawnedProcess
    private let directory: URL
    private var daemons: [SpawnedProcess] = []
    private var stopped = false

    public init(base: [String: String] = PinnedFonts.environment, timeoutSeconds: Double = 20) throws {
        directory = try TestPaths.temporaryDirectory()
        let numberFile = directory.appendingPathComponent("display").path
        do {
            server = try SpawnedProcess(
                [Self.xvfb, "-displayfd", "1", "-nolisten", "tcp", "-noreset", "-screen", "0", "640x480x24"], environment: base,
                outputPath: numberFile, errorPath: directory.appendingPathComponent("xvfb.log").path)
        } catch {
            throw ProgramError(description: "Xvfb did not start (errno \(error.errno)); Debian: xvfb")
        }
        // Xvfb writes the number once it accepts connections.
        var number = ""
        _ = Wait.holds(seconds: timeoutSeconds) {
            let text = (try? String(contentsOfFile: numberFile, encoding: .utf8)) ?? ""
            number = text.hasSuffix("\n") ? text.trimmingCharacters(in: .whitespacesAndNewlines) : ""
            return !number.isEmpty
        }
        guard !number.isEmpty else {
            server.stop()
            let log = (try? String(contentsOfFile: directory.appendingPathComponent("xvfb.log").path, encoding: .utf8)) ?? ""
            throw ProgramError(description: "Xvfb named no display within \(timeoutSeconds) s: \(log)")
        }
        name = ":" + number
        var environment = base
        environment["DISPLAY"] = name
        // fontd keeps X11's values from before its first write, and the targets' status, under
        // XDG_STATE_HOME: this display's own, never the user's (unless the caller gave one).
        if base["XDG_STATE_HOME"] == nil || base["XDG_STATE_HOME"] == ProcessInfo.processInfo.environment["XDG_STATE_HOME"] {
            environment["XDG_STATE_HOME"] = directory.appendingPathComponent("state").path
        }
        self.environment = environment
    }

    deinit { stop() }

    /// Stops every xsettingsd started here, then the server.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        for daemon in daemons { daemon.stop() }
        daemons = []
        server.stop()
    }

    /// `xrdb -query`: the resource database, one `name:\tvalue` line each.
    public func resources() throws -> String {
        let result = try CommandRunner.run(
            ["-query"], executable: URL(fileURLWithPath: Self.xrdb), environment: environment, timeoutSeconds: 10)
        guard result.status == 0 else { throw ProgramError(description: "xrdb -query failed: \(result.standardError)") }
        return result.standardOutput
    }

    /// `xrdb -nocpp -merge` of `lines`.
    public func mergeResources(_ lines: String) throws {
        let file = directory.appendingPathComponent("merge-\(UUID().uuidString)")
        try lines.write(to: file, atomically: true, encoding: .utf8)
        let result = try CommandRunner.run(
            ["-nocpp", "-merge", file.path], executable: URL(fileURLWithPath: Self.xrdb), environment: environment, timeoutSeconds: 10)
        guard result.status == 0 else { throw ProgramError(description: "xrdb -merge failed: \(result.standardError)") }
    }

    /// The value of `Xft.dpi` in the resource database; nil when it has none.
    public func xftDPI() throws -> Int? {
        try resources().split(separator: "\n").lazy.compactMap { line -> Int? in
            guard line.hasPrefix("Xft.dpi:") else { return nil }
            return Int(line.dropFirst("Xft.dpi:".count).trimmingCharacters(in: .whitespaces))
        }.first
    }

    /// Reads `Xft.dpi` until it is `expected`, for at most `seconds`; returns what it last read.
    @discardableResult
    public func waitForXftDPI(_ expected: Int, seconds: Double = Wait.defaultSeconds) throws -> Int? {
        var value: Int?
        _ = try Wait.holds(seconds: seconds) {
            value = try xftDPI()
            return value == expected
        }
        return value
    }

    /// An `xsettingsd -c configuration` on this display, once it owns the XSETTINGS selection.
    public func startXSettingsDaemon(configuration: URL, seconds: Double = Wait.defaultSeconds) throws -> XSettingsDaemonProcess {
        let log = configuration.deletingLastPathComponent().appendingPathComponent("xsettingsd-\(UUID().uuidString).log")
        let program: SpawnedProcess
        do {
            program = try SpawnedProcess([Self.xsettingsd, "-c", configuration.path], environment: environment, errorPath: log.path)
        } catch {
            throw ProgramError(description: "xsettingsd did not start (errno \(error.errno)); Debian: xsettingsd")
        }
        daemons.append(program)
        let daemon = XSettingsDaemonProcess(pid: program.pid, logFile: log)
        guard daemon.waitForLog(containing: "Took ownership of selection", seconds: seconds) else {
            throw ProgramError(description: "xsettingsd took no selection: \(daemon.log())")
        }
        return daemon
    }

    /// `dump_xsettings`: the settings XSETTINGS serves now, one `Name value` line each.
    public func xsettings() throws -> String {
        let result = try CommandRunner.run(
            [], executable: URL(fileURLWithPath: Self.dumpXsettings), environment: environment, timeoutSeconds: 10)
        guard result.status == 0 else { throw ProgramError(description: "dump_xsettings failed: \(result.standardError)") }
        return result.standardOutput
    }
}

/// An `xsettingsd` an `X11Display` started: its pid, and its log (stderr), where it says
/// `Reloading configuration` on each SIGHUP.
public struct XSettingsDaemonProcess: Sendable {
    public let pid: Int32
    let logFile: URL

    public func log() -> String { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }

    /// How many times it has reloaded its configuration.
    public var reloads: Int { log().components(separatedBy: "Reloading configuration").count - 1 }

    /// Whether the process still runs (and is no zombie).
    public var isRunning: Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
        return !status.contains(") Z ")
    }

    /// Polls the log until it contains `text`, for at most `seconds`.
    public func waitForLog(containing text: String, count: Int = 1, seconds: Double = Wait.defaultSeconds) -> Bool {
        Wait.holds(seconds: seconds) { log().components(separatedBy: text).count - 1 >= count }
    }
}
