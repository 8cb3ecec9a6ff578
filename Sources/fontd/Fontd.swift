import ArgumentParser
import DynamicType
import FontdCommandLine
import Glibc

/// The `fontd` command: Dynamic Type for Linux.
@main
struct Fontd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fontd",
        abstract: "Dynamic Type for Linux: text styles resolved into measured fonts for the reader's chosen size.",
        subcommands: [
            Query.self, StylesCommand.self, Categories.self, List.self, Serve.self,
            CategoryStub.self, LegibilityStub.self, WatchStub.self, HealthStub.self,
        ])

    /// Runs the command line; the commands that talk to a server run in `fontd-remote`.
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if RemoteCommand.isRemote(arguments) { RemoteHandoff.exec(arguments) }
        await CommandLineMain.run(Self.self, arguments: arguments)
    }
}

/// Hands the command line over to `fontd-remote`, found beside this executable.
enum RemoteHandoff {
    /// Replaces this process with `fontd-remote arguments…`; returns only by exiting with an error.
    static func exec(_ arguments: [String]) -> Never {
        guard let directory = executableDirectory() else {
            CommandLineMain.failure("Cannot find fontd's own location (/proc/self/exe) to run \(RemoteCommand.executableName).")
        }
        let path = directory + "/" + RemoteCommand.executableName
        guard access(path, X_OK) == 0 else {
            CommandLineMain.failure(
                "'\(arguments.first ?? "")' talks to a fontd server through \(RemoteCommand.executableName), which is not at \(path); "
                    + "build every product (swift build) or install \(RemoteCommand.executableName) beside fontd.")
        }
        // argv[0] stays "fontd": it is the command the user typed.
        let argv = (["fontd"] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        CommandLineMain.failure("Cannot run \(path): \(String(cString: strerror(errno))).")
    }

    /// The directory of the running executable, symbolic links resolved.
    private static func executableDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        let path = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[..<slash])
    }
}

/// The remote commands as `fontd --help` lists them; `fontd` hands them over before parsing,
/// so these never run.
protocol RemoteCommandStub: ParsableCommand {
    static var remote: RemoteCommand { get }
}

extension RemoteCommandStub {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: remote.rawValue, abstract: remote.abstract)
    }

    func run() throws { RemoteHandoff.exec([Self.remote.rawValue]) }
}

struct CategoryStub: RemoteCommandStub { static let remote = RemoteCommand.category }
struct LegibilityStub: RemoteCommandStub { static let remote = RemoteCommand.legibility }
struct WatchStub: RemoteCommandStub { static let remote = RemoteCommand.watch }
struct HealthStub: RemoteCommandStub { static let remote = RemoteCommand.health }
