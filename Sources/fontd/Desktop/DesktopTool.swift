import Foundation
import ProcessSpawning

/// A tool of the desktop (`gdbus`, `gsettings`) run to its end as a child process,
/// found on `PATH`: the command line reaches the session bus and GSettings through GLib's own
/// tools rather than by loading GIO (docs/DESIGN.md §37 (The reader's control)).
struct DesktopTool {
    /// What the tool did.
    struct Run {
        /// The tool's name.
        var tool: String
        /// Its exit status, or the signal's number; 127 when `env` found no such tool.
        var status: Int32
        var output: String
        var error: String

        /// Whether it exited with status 0.
        var succeeded: Bool { status == 0 }
        /// Its first line on stderr, else the exit status in words.
        var complaint: String {
            error.split(separator: "\n").first.map(String.init) ?? "\(tool) exited with status \(status)"
        }
    }

    /// The tool's name, as on `PATH`, or its path.
    let name: String
    /// What to say when it is not installed: which package has it.
    let package: String

    /// GLib's D-Bus tool.
    static let gdbus = DesktopTool(name: "gdbus", package: "libglib2.0-bin")
    /// GLib's GSettings tool.
    static let gsettings = DesktopTool(name: "gsettings", package: "libglib2.0-bin")

    /// The sentence for a tool that cannot be run.
    var missing: String { "cannot run \(name) (Debian: apt install \(package))" }

    /// Runs the tool with `arguments` in `environment` (without `DISPLAY`, so that GLib never
    /// autolaunches a session bus) and waits for it; nil when it could not be run at all.
    func run(_ arguments: [String], environment: [String: String]) -> Run? {
        var childEnvironment = environment
        childEnvironment["DISPLAY"] = nil
        guard
            let child = try? SpawnedProcess(
                ["/usr/bin/env", name] + arguments, environment: childEnvironment, output: .pipe, error: .pipe),
            let output = child.standardOutput, let error = child.standardError
        else { return nil }
        // Small answers: the tool's stderr fits its pipe while its stdout is read.
        let answer = String(decoding: SpawnedProcess.readToEnd(output), as: UTF8.self)
        let complaint = String(decoding: SpawnedProcess.readToEnd(error), as: UTF8.self)
        let status =
            switch child.wait() {
            case .exited(let status): status
            case .signalled(let signal): signal
            }
        guard status != 127 else { return nil }
        return Run(tool: name, status: status, output: answer, error: complaint)
    }
}
