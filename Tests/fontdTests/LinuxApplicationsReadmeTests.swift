import DesktopTestSupport
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// The examples of docs/linux-applications.md (docs/DESIGN.md §27 (The session bus), §28 (The Settings portal backend)), each taken from README.md by the
/// comment before its block and run as a reader would run it: against `fontd serve --dbus on` on a
/// session bus of the test's own, with Debian's xdg-desktop-portal asking fontd for its settings.
/// A program prints the new reader's category first; a change made after that line must reach it.
@Suite(.ownThread) struct LinuxApplicationsReadmeTests {
    static let bash = URL(fileURLWithPath: "/bin/bash")

    /// The block that follows `<!-- run by LinuxApplicationsReadmeTests: NAME -->` in docs/linux-applications.md.
    static func snippet(_ name: String) throws -> String {
        let readme = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/linux-applications.md"), encoding: .utf8)
        let parts = readme.components(separatedBy: "<!-- run by LinuxApplicationsReadmeTests: \(name) -->\n")
        try #require(parts.count == 2, "docs/linux-applications.md has \(parts.count - 1) blocks marked \(name)")
        let fenced = parts[1]
        try #require(fenced.hasPrefix("```"), "the mark \(name) is not right before a block")
        let body = fenced.drop { $0 != "\n" }.dropFirst()
        let end = try #require(body.range(of: "\n```\n"), "the block marked \(name) does not end")
        return String(body[..<end.lowerBound]) + "\n"
    }

    /// A bus, `fontd serve --dbus on` on it, and the portal.
    private func serve() throws -> (SessionBusHarness, ServerProcess, DesktopPortal) {
        let harness = try SessionBusHarness()
        let server = try ServerProcess(["--dbus", "on"], environment: harness.environment)
        return (harness, server, try harness.portal())
    }

    /// The shell block: each command, and the `# ` lines under it that show what it prints (a `…`
    /// within a line stands for any text: the fonts' generation differs from machine to machine).
    @Test func theShellExamplesPrintWhatTheReadmeShows() throws {
        let (harness, server, portal) = try serve()
        defer {
            server.stop()
            portal.stop()
        }
        var commands: [(command: String, shown: [String])] = []
        for line in try Self.snippet("shell").split(separator: "\n").map(String.init) {
            if line.hasPrefix("# ") {
                commands[commands.count - 1].shown.append(String(line.dropFirst(2)))
            } else {
                commands.append((line, []))
            }
        }
        #expect(commands.count == 4)
        for (command, shown) in commands {
            let result = try CommandRunner.run(["-c", command], executable: Self.bash, environment: harness.environment)
            let printed = (result.standardOutput + result.standardError).split(separator: "\n").map(String.init)
            #expect(printed.count == shown.count && zip(shown, printed).allSatisfy(Self.lineMatches), "\(command)\nprinted \(printed)")
            let showsError = shown.first?.hasPrefix("Error:") == true
            #expect((result.status != 0) == showsError, "\(command): exit status \(result.status)")
        }
    }

    /// The C program, compiled as docs/linux-applications.md says, prints the category the portal answers, then the
    /// one a `fontd category set` made.
    @Test func theCProgramFollowsThePortal() throws {
        let (harness, server, portal) = try serve()
        defer {
            server.stop()
            portal.stop()
        }
        let directory = try TestPaths.temporaryDirectory()
        try Self.snippet("c").write(to: directory.appendingPathComponent("text-size.c"), atomically: true, encoding: .utf8)
        let compile = try CommandRunner.run(
            ["-c", "cd '\(directory.path)' && cc text-size.c $(pkg-config --cflags --libs gio-2.0) -o text-size"],
            executable: Self.bash, environment: harness.environment, timeoutSeconds: 120)
        try #require(compile.status == 0, "\(compile.standardError)")

        let program = try CommandProcess(program: directory.appendingPathComponent("text-size"), [], environment: harness.environment)
        defer { program.stop() }
        #expect(program.line(0)?.text == "l", "\(program.standardError)")
        let set = try CommandRunner.run(
            ["category", "set", "ax2", "--server", server.url.absoluteString], environment: harness.environment)
        #expect(set.status == 0, "\(set.standardError)")
        #expect(program.line(1)?.text == "ax2", "\(program.allLines) \(program.standardError)")
    }

    /// The Python program (Debian's python3 with python3-gi) prints the category and its text scale
    /// from `org.fontd.Fontd1`, then again after a PUT.
    @Test func thePythonProgramFollowsFontd() throws {
        let (harness, server, portal) = try serve()
        defer {
            server.stop()
            portal.stop()
        }
        // Debian's python3, which python3-gi extends: a python3 earlier on PATH (pyenv's, say) has no gi.
        let program = try CommandProcess(
            program: URL(fileURLWithPath: "/usr/bin/python3"), ["-c", try Self.snippet("python")], environment: harness.environment)
        defer { program.stop() }
        #expect(program.line(0)?.text == "l 1.0", "\(program.standardError)")
        #expect(try server.client.put("/preferences", #"{"category":"xl"}"#).status == 200)
        #expect(program.line(1)?.text == "xl 1.1176470588235294", "\(program.allLines) \(program.standardError)")
    }

    /// The Rust program, built offline with Debian's cargo and zbus as docs/linux-applications.md says, prints the
    /// category from `ReadOne`, then the one a change over the bus made. Its build is kept in
    /// `.build/readme-rust`, so zbus is compiled once.
    @Test func theRustProgramFollowsFontd() throws {
        let (harness, server, portal) = try serve()
        defer {
            server.stop()
            portal.stop()
        }
        let project = try TestPaths.temporaryDirectory()
        let kept = TestPaths.packageRoot.appendingPathComponent(".build/readme-rust")
        try FileManager.default.createDirectory(at: project.appendingPathComponent("src"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: project.appendingPathComponent(".cargo"), withIntermediateDirectories: true)
        let manifest = "[package]\nname = \"text-size\"\nversion = \"0.1.0\"\nedition = \"2018\"\n\n" + (try Self.snippet("cargo"))
        try manifest.write(to: project.appendingPathComponent("Cargo.toml"), atomically: true, encoding: .utf8)
        try Self.snippet("rust").write(to: project.appendingPathComponent("src/main.rs"), atomically: true, encoding: .utf8)
        let configuration = """
            [source.crates-io]
            replace-with = "debian-packages"

            [source.debian-packages]
            directory = "/usr/share/cargo/registry"

            """
        try configuration.write(to: project.appendingPathComponent(".cargo/config.toml"), atomically: true, encoding: .utf8)
        var environment = harness.environment
        // Debian's toolchain, whatever else is on PATH; nothing of the user's ~/.cargo.
        environment["RUSTC"] = "/usr/bin/rustc"
        environment["CARGO_HOME"] = kept.appendingPathComponent("cargo-home").path
        environment["CARGO_TARGET_DIR"] = kept.appendingPathComponent("target").path
        let build = try CommandRunner.run(
            ["-c", "cd '\(project.path)' && /usr/bin/cargo build --offline --quiet"], executable: Self.bash, environment: environment,
            timeoutSeconds: 1200)
        try #require(build.status == 0, "\(build.standardError)")

        let program = try CommandProcess(
            program: kept.appendingPathComponent("target/debug/text-size"), [], environment: harness.environment)
        defer { program.stop() }
        #expect(program.line(0)?.text == "l", "\(program.standardError)")
        let set = try harness.call(
            "org.fontd.Fontd1", "/org/fontd/Fontd1", "org.fontd.Fontd1", "Set", "({'content-size-category': <'ax1'>},)")
        #expect(set.first as? String == "ok", "\(set)")
        #expect(program.line(1)?.text == "ax1", "\(program.allLines) \(program.standardError)")
    }

    /// Whether a printed line is the shown one, a `…` within it standing for any text.
    static func lineMatches(_ shown: String, _ printed: String) -> Bool {
        let parts = shown.components(separatedBy: "…")
        guard parts.count > 1 else { return shown == printed }
        let pattern = "^" + parts.map(NSRegularExpression.escapedPattern(for:)).joined(separator: ".*") + "$"
        return printed.range(of: pattern, options: .regularExpression) != nil
    }
}
