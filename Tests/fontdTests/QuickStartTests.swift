import BrowserTestSupport
import DesktopTestSupport
import FontdTestSupport
import Foundation
import PostgresTestSupport
import ServerTestSupport
import Testing

/// README's quick start is what CI runs, and its first command installs everything the tests
/// start (docs/DESIGN.md §19 (Installation and the container)): a fresh machine needs nothing else.
@Suite(.ownThread) struct QuickStartTests {
    static let root = TestPaths.packageRoot

    /// The commands of README's quick start: its ```sh blocks under "## Quick start", split at `&&`.
    static func quickStartCommands() throws -> [String] {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(
            readme.components(separatedBy: "\n## Quick start").dropFirst().first?.components(separatedBy: "\n## ").first)
        let blocks = section.components(separatedBy: "```sh\n").dropFirst().map { $0.components(separatedBy: "\n```").first ?? "" }
        return blocks.flatMap { $0.split(separator: "\n") }.flatMap { $0.components(separatedBy: "&&") }
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The commands `.ci/run` runs: its lines that are neither comments nor shell set-up.
    static func ciCommands() throws -> [String] {
        let run = try String(contentsOf: root.appendingPathComponent(".ci/run"), encoding: .utf8)
        return run.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") && !$0.hasPrefix("set ") && !$0.hasPrefix("cd ") }
    }

    @Test func ciRunsTheQuickStartsSetUpAndTestsAsWritten() throws {
        let quickStart = try Self.quickStartCommands()
        let ci = try Self.ciCommands()
        #expect(quickStart.first == "scripts/install-dependencies", "\(quickStart)")
        #expect(quickStart.contains("swift test"), "\(quickStart)")
        // The same two commands, with no package names or options added by hand.
        #expect(ci.first == "scripts/install-dependencies", "\(ci)")
        #expect(ci.filter { $0.hasPrefix("scripts/install-dependencies") } == ["scripts/install-dependencies"], "\(ci)")
        #expect(ci.filter { $0.hasPrefix("swift ") } == ["swift test"], "\(ci)")
        // Everything else CI runs is a check script of the repository's, each named in docs/development.md (with
        // an option the script documents, perhaps in the background with a `wait` for it).
        let development = try String(contentsOf: Self.root.appendingPathComponent("docs/development.md"), encoding: .utf8)
        for command in ci where command != "scripts/install-dependencies" && command != "swift test" && command != "wait" {
            let match = try #require(command.wholeMatch(of: /(scripts\/check-[a-z]+)( --[a-z-]+)?( &)?/), "\(command)")
            #expect(development.contains("`\(match.output.0)`"), "docs/development.md does not name \(command)")
        }
    }

    /// The packages `scripts/install-dependencies --list` names.
    static func listedPackages() throws -> Set<String> {
        let result = try CommandRunner.run(
            ["--list"], executable: root.appendingPathComponent("scripts/install-dependencies"),
            environment: ProcessInfo.processInfo.environment)
        #expect(result.status == 0, "\(result.standardError)")
        return Set(result.standardOutput.split(separator: "\n").map(String.init))
    }

    /// The Debian package that installed `path`.
    static func owner(of path: String) throws -> String {
        let result = try CommandRunner.run(
            ["-S", path], executable: URL(fileURLWithPath: "/usr/bin/dpkg"), environment: ProcessInfo.processInfo.environment)
        #expect(result.status == 0, "no package holds \(path): \(result.standardError)")
        return String(result.standardOutput.prefix { $0 != ":" })
    }

    /// The packages `package` depends on directly, without versions or alternatives' second choices.
    static func dependencies(of package: String) throws -> Set<String> {
        let result = try CommandRunner.run(
            ["-W", "-f=${Depends}", package], executable: URL(fileURLWithPath: "/usr/bin/dpkg-query"),
            environment: ProcessInfo.processInfo.environment)
        return Set(
            result.standardOutput.split(separator: ",").compactMap {
                $0.split(separator: "|").first?.split(separator: " ").first.map(String.init)
            })
    }

    /// The programs the tests start (the test support's own paths), each from a package the list
    /// names or one such a package depends on, and each starts.
    @Test(arguments: [
        (BrowserSession.chromiumPath, ["--version"]),
        (BrowserSession.chromedriverPath, ["--version"]),
        (PostgresCluster.binDirectory + "/postgres", ["--version"]),
        (PostgresCluster.binDirectory + "/initdb", ["--version"]),
        (GnomeDesktop.gsettings.path, ["--version"]),
        ("/usr/bin/dbus-daemon", ["--version"]),
        (KDEDesktop.kwriteconfig.path, ["--help"]),
        (KDEDesktop.kreadconfig.path, ["--help"]),
        (DesktopPortal.executable, ["--version"]),
        ("/usr/bin/weston", ["--version"]),
        (SocketActivation.program, ["--version"]),
        ("/usr/bin/lintian", ["--version"]),
        // scripts/check-container's, which CI runs: the image built and run, the Debian root its base images are seeded from.
        ("/usr/bin/podman", ["--version"]),
        ("/usr/sbin/runc", ["--version"]),
        ("/usr/sbin/debootstrap", ["--version"]),
        (X11Display.xvfb, ["-help"]),
        (X11Display.xrdb, ["-version"]),
    ])
    func everyProgramTheTestsStartComesFromTheList(program: String, arguments: [String]) throws {
        try expectListed(program)
        let started = try CommandRunner.run(
            arguments, executable: URL(fileURLWithPath: program), environment: ProcessInfo.processInfo.environment)
        #expect(started.status == 0, "\(program) \(arguments): \(started.standardError)")
        #expect(!(started.standardOutput + started.standardError).isEmpty)
    }

    /// The same for the programs with no option that exits 0 without an X display: their usage
    /// (exit 1) shows they start.
    @Test(arguments: [X11Display.xsettingsd, X11Display.dumpXsettings])
    func everyProgramTheTestsStartWithoutAVersionOptionComesFromTheList(program: String) throws {
        try expectListed(program)
        let started = try CommandRunner.run(
            ["-h"], executable: URL(fileURLWithPath: program), environment: ProcessInfo.processInfo.environment)
        #expect(started.standardError.hasPrefix("Usage: "), "\(program) -h: \(started.standardError)")
    }

    private func expectListed(_ program: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let listed = try Self.listedPackages()
        let owner = try Self.owner(of: program)
        let reachable = try listed.contains(owner) || listed.contains { try Self.dependencies(of: $0).contains(owner) }
        #expect(
            reachable, "\(program) comes from \(owner), which scripts/install-dependencies --list neither names nor pulls in",
            sourceLocation: sourceLocation)
    }
}
