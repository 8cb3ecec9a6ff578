import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// One `fontd` executable serves every command, and it loads no more than it needs: the client
/// runs on async-http-client, so libcurl (FoundationNetworking's ~30 libraries, ~8 ms a start)
/// stays out of every process, `fontd query` included.
@Suite(.ownThread) struct ExecutableTests {
    /// The shared libraries `executable` needs, as the dynamic loader resolves them.
    private func sharedLibraries(_ executable: URL) throws -> String {
        try CommandRunner.run(
            [executable.path], executable: URL(fileURLWithPath: "/usr/bin/ldd"), environment: ProcessInfo.processInfo.environment
        ).standardOutput
    }

    @Test func fontdLinksNeitherLibcurlNorFoundationNetworking() throws {
        let libraries = try sharedLibraries(try #require(TestPaths.fontdExecutable))
        #expect(libraries.contains("libc.so.6"), "ldd printed: \(libraries)")
        // Opened on their first call, not at start (docs/DESIGN.md §18 (The command line)).
        for library in ["libfontconfig", "libfreetype", "libsqlite3"] {
            #expect(!libraries.contains(library), "ldd printed: \(libraries)")
        }
        #expect(!libraries.contains("libcurl"), "ldd printed: \(libraries)")
        #expect(!libraries.contains("FoundationNetworking"), "ldd printed: \(libraries)")
    }

    @Test func thereIsNoSecondExecutable() {
        #expect(TestPaths.builtExecutable("fontd-remote") == nil)
    }

    @Test func fontdsHelpListsEveryCommandAndEachHasItsOwnHelp() throws {
        let help = try CommandRunner.run(["--help"])
        for command in ["query", "styles", "categories", "list", "serve", "category", "legibility", "watch", "health"] {
            #expect(help.standardOutput.contains("  \(command) "), "\(command) missing from: \(help.standardOutput)")
        }
        let category = try CommandRunner.run(["category", "set", "--help"])
        #expect(category.status == 0)
        #expect(category.standardOutput.contains("--token"))
        #expect(try CommandRunner.run(["help", "watch"]).standardOutput.contains("--json"))
        #expect(try CommandRunner.run(["query", "--help"]).standardOutput.contains("--server"))
    }

    @Test func queryWithServerAsksThatServer() throws {
        let server = try ServerProcess(["--token", "executable-token"])
        _ = try server.client.put("/category", #"{"category":"ax1"}"#, token: "executable-token")
        let result = try CommandRunner.run(["query", "body", "--server", server.url.absoluteString, "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput.contains(#""category" : "ax1""#) || result.standardOutput.contains(#""category": "ax1""#),
            "the reader's category, not the local default: \(result.standardOutput)")
    }
}
