import ProcessSpawning

/// One run of a desktop's own command-line tool (`gnome-shell --version`, `gsettings`), found in `PATH`, for
/// `fontd desktop`: what it printed and how it ended. The tools print a line or two, so reading stdout to its end
/// before stderr cannot fill a pipe.
struct DesktopProgram {
    /// What the program printed on stdout, trimmed.
    var output: String
    /// Its first line on stderr, if any.
    var complaint: String?
    /// Its exit status (a signal's number when one ended it).
    var status: Int32

    /// Runs `arguments` (the first a name looked up in `environment`'s `PATH`, through `env`, or a path) with
    /// `environment`; nil when it cannot be started (not installed).
    static func run(_ arguments: [String], environment: [String: String]) -> DesktopProgram? {
        var childEnvironment = environment
        childEnvironment["DISPLAY"] = nil  // GLib's tools would otherwise autolaunch a session bus under X11
        guard
            let program = try? SpawnedProcess(
                (arguments[0].contains("/") ? [] : ["/usr/bin/env"]) + arguments, environment: childEnvironment, output: .pipe,
                error: .pipe),
            let output = program.standardOutput, let error = program.standardError
        else { return nil }
        let printed = String(decoding: SpawnedProcess.readToEnd(output), as: UTF8.self)
        let complained = String(decoding: SpawnedProcess.readToEnd(error), as: UTF8.self)
        let status: Int32 =
            switch program.wait() {
            case .exited(let status): status
            case .signalled(let signal): signal
            }
        // env reports a program it did not find with the exit status 127.
        if status == 127, printed.isEmpty { return nil }
        return DesktopProgram(
            output: printed.trimmingCharacters(in: .whitespacesAndNewlines),
            complaint: complained.split(separator: "\n").first.map(String.init), status: status)
    }
}
