import BrowserTestSupport
import FontdTestSupport
import Foundation

extension FirefoxScreenshot {
    /// Starts Firefox ESR with `arguments`, headless in a home of its own (`home`) and without its
    /// crash reporter, seeing `environment` otherwise; its output discarded.
    static func startFirefox(arguments: [String], home: URL, environment: [String: String]) throws -> ChildProcess {
        var childEnvironment = environment
        childEnvironment["HOME"] = home.path
        childEnvironment["MOZ_CRASHREPORTER_DISABLE"] = "1"
        return try ChildProcess([firefoxPath, "--headless", "--no-remote"] + arguments, environment: childEnvironment)
    }
}
