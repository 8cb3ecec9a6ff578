import ArgumentParser
import FontdClient
import FontdCommandLine
import Foundation
import ProcessSpawning

/// `fontd settings`: the running server's control page, `/` (docs/DESIGN.md §37 (The reader's
/// control)), opened in the reader's browser with `xdg-open` when there is a display to open it on,
/// else its address printed; the launcher `org.fontd.Settings.desktop` runs it.
struct SettingsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Open fontd's control page (the server's /) in your browser, or print its address when there is no display.",
        discussion:
            "Opens it with xdg-open when DISPLAY or WAYLAND_DISPLAY is set and xdg-open is installed; otherwise, or with --print, prints the address. Either way it says which. Exit status 1 when the server does not answer."
    )

    @OptionGroup var options: ServerOptions
    @Flag(help: "Only print the control page's address.") var print = false

    /// How long `xdg-open` may take to say it failed; one that runs on (a browser it started in
    /// the foreground) has opened the page.
    static let openerSeconds = 5.0

    @MainActor
    func run() async throws {
        let base = try options.baseURL().absoluteString
        let page = base.hasSuffix("/") ? base : base + "/"
        let client = try options.client(timeout: .seconds(5))
        _ = try await client.command { client throws(FontdClientError) in try await client.health() }
        let environment = ProcessInfo.processInfo.environment
        let displays = ["WAYLAND_DISPLAY", "DISPLAY"].filter { environment[$0].map { !$0.isEmpty } == true }
        guard !print else { return Output.printLine(page) }
        guard !displays.isEmpty else {
            return Output.printLine("\(page) (not opened: no display, as neither DISPLAY nor WAYLAND_DISPLAY is set; open it in a browser)")
        }
        switch Self.open(page, environment: environment) {
        case .opened: Output.printLine("Opened \(page) with xdg-open.")
        case .failed(let reason): Output.printLine("\(page) (not opened: \(reason); open it in a browser)")
        }
    }

    /// What `xdg-open` did with the page.
    enum Opening {
        case opened
        case failed(String)
    }

    /// Runs `xdg-open page`, waiting at most `openerSeconds` for it to fail.
    static func open(_ page: String, environment: [String: String]) -> Opening {
        guard
            let opener = try? SpawnedProcess(
                ["/usr/bin/env", "xdg-open", page], environment: environment, output: .discarded, error: .discarded)
        else { return .failed("xdg-open could not be started") }
        let deadline = Date().addingTimeInterval(openerSeconds)
        while Date() < deadline {
            switch opener.poll() {
            case nil: usleep(20_000)
            case .exited(0): return .opened
            case .exited(127): return .failed("xdg-open is not installed (Debian: apt install xdg-utils)")
            case .exited(let status): return .failed("xdg-open exited with status \(status)")
            case .signalled(let signal): return .failed("xdg-open ended on signal \(signal)")
            }
        }
        return .opened
    }
}
