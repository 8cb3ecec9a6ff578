import FontdTestSupport
import Foundation
import ProcessSpawning

/// A service on a test's session bus mocked by Debian's python3-dbusmock (run with Debian's own
/// `/usr/bin/python3`): a template of it (`notification_daemon`) or a bare name whose methods a
/// test adds; every call it takes is written to its log, which the test reads. Stopped when released.
public final class DBusMock: @unchecked Sendable {
    public struct StartError: Error, CustomStringConvertible {
        public var output: String
        public var description: String { "python3-dbusmock did not take its name on the bus (is python3-dbusmock installed?): \(output)" }
    }

    /// The bus name it owns.
    public let name: String
    private let logPath: String
    private var program: SpawnedProcess?

    /// `template` on the session bus of `environment`; or, without one, `name` with its object at
    /// `path` offering `interface`, whose methods `addMethod` adds. Ready (the name owned) when returned.
    public init(
        template: String? = nil, name: String, path: String = "/", interface: String = "", environment: [String: String], in directory: URL
    ) throws {
        self.name = name
        logPath = directory.appendingPathComponent("dbusmock-\(name).log").path
        let what = template.map { ["-t", $0] } ?? [name, path, interface]
        program = try SpawnedProcess(
            ["/usr/bin/python3", "-m", "dbusmock", "--session", "-l", logPath] + what, environment: environment,
            errorPath: logPath + ".stderr")
        // gdbus wait returns once the name has an owner.
        let wait = try CommandRunner.run(
            ["wait", "--session", "--timeout", String(Int(Wait.defaultSeconds)), name], executable: URL(fileURLWithPath: "/usr/bin/gdbus"),
            environment: environment)
        guard wait.status == 0 else {
            stop()
            throw StartError(output: wait.standardError + ((try? String(contentsOfFile: logPath + ".stderr", encoding: .utf8)) ?? ""))
        }
    }

    deinit { stop() }

    /// Every call the mock has taken, one a line: `TIME METHOD ARG…`.
    public var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// Stops the mock (SIGTERM; SIGKILL after 5 s).
    public func stop() {
        program?.stop()
        program = nil
    }
}
