import FontdTestSupport
import Foundation
import ProcessSpawning

#if canImport(Glibc)
    import Glibc
#endif

/// Debian's weston as a headless Wayland compositor of one test's own (no screen, no GPU), for a
/// real GTK 4 application to run under (docs/DESIGN.md §28 (The Settings portal backend)); stopped when released.
public final class HeadlessWayland: @unchecked Sendable {
    public enum StartError: Error, CustomStringConvertible {
        case notStarted(Int32)
        case noSocket(String)

        public var description: String {
            switch self {
            case .notStarted(let error): "weston did not start (is weston installed?): \(String(cString: strerror(error)))"
            case .noSocket(let log): "weston made no Wayland socket within 10 s: \(log)"
            }
        }
    }

    /// The compositor's socket name, `WAYLAND_DISPLAY`.
    public let display = "fontd-test"
    /// Its `XDG_RUNTIME_DIR` (0700), where the socket is.
    public let runtimeDirectory: String
    private let weston: SpawnedProcess
    private let logPath: String

    /// Starts weston in `directory`; returns once its socket is there.
    ///
    /// - Parameter x11: an X display to run weston's X11 backend on instead of the headless one:
    ///   the headless backend offers no seat, without which foot will not start.
    public init(in directory: URL, x11: X11Display? = nil) throws {
        let runtime = directory.appendingPathComponent("wayland-runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        runtimeDirectory = runtime.path
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtime.path
        environment.removeValue(forKey: "WAYLAND_DISPLAY")
        environment.removeValue(forKey: "DISPLAY")
        if let x11 { environment["DISPLAY"] = x11.name }
        logPath = directory.appendingPathComponent("weston.log").path
        do {
            weston = try SpawnedProcess(
                [
                    "/usr/bin/weston", x11 == nil ? "--backend=headless-backend.so" : "--backend=x11-backend.so", "--socket=\(display)",
                    "--idle-time=0", "--no-config",
                ] + (x11 == nil ? [] : ["--use-pixman"]),
                environment: environment, outputPath: logPath)
        } catch {
            throw StartError.notStarted(error.errno)
        }
        let socket = "\(runtime.path)/\(display)"
        guard Wait.holds({ access(socket, F_OK) == 0 }) else {
            weston.stop()
            throw StartError.noSocket((try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "")
        }
    }

    deinit { weston.stop() }

    /// What a GTK application under this compositor needs in its environment.
    public var clientEnvironment: [String: String] {
        ["WAYLAND_DISPLAY": display, "XDG_RUNTIME_DIR": runtimeDirectory, "GDK_BACKEND": "wayland"]
    }
}
