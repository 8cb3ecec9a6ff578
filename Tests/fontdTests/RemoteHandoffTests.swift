import FontdTestSupport
import Foundation
import Testing

/// `fontd` hands the commands that talk to a server over to `fontd-remote`, so that the local
/// commands never load the networking libraries (libcurl and its ~30 dependencies).
@Suite struct RemoteHandoffTests {
    /// The shared libraries `executable` needs, as the dynamic loader resolves them.
    private func sharedLibraries(_ executable: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
        process.arguments = [executable.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test func onlyFontdRemoteLinksLibcurl() throws {
        let fontd = try #require(TestPaths.fontdExecutable)
        let remote = try #require(TestPaths.builtExecutable("fontd-remote"))
        #expect(!(try sharedLibraries(fontd)).contains("libcurl"))
        #expect(try sharedLibraries(remote).contains("libcurl"))
    }

    @Test func fontdsHelpListsTheRemoteCommandsAndTheirHelpIsTheRealOne() throws {
        let help = try Fontd.run(["--help"])
        for command in ["category", "legibility", "watch", "health"] {
            #expect(help.standardOutput.contains("  \(command) "), "\(command) missing from: \(help.standardOutput)")
        }
        let category = try Fontd.run(["category", "set", "--help"])
        #expect(category.status == 0)
        #expect(category.standardOutput.contains("--token"))
        #expect(try Fontd.run(["help", "watch"]).standardOutput.contains("--json"))
    }

    @Test func withoutFontdRemoteBesideItTheRemoteCommandsSaySoAndLocalOnesWork() throws {
        let directory = try TestPaths.temporaryDirectory()
        let lonely = directory.appendingPathComponent("fontd")
        try FileManager.default.copyItem(at: try #require(TestPaths.fontdExecutable), to: lonely)
        for arguments in [["category"], ["query", "body", "--server", "http://127.0.0.1:1"], ["help", "health"]] {
            let result = try Fontd.run(arguments, executable: lonely)
            #expect(result.status != 0)
            #expect(result.standardOutput.isEmpty)
            #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)")
            #expect(result.standardError.contains("fontd-remote, which is not at \(directory.path)/fontd-remote"), "\(result.standardError)")
        }
        let local = try Fontd.run(["categories", "--json"], executable: lonely)
        #expect(local.status == 0)
        #expect(local.standardOutput.contains("\"ax5\""))
    }
}
