import Foundation

extension FirefoxScreenshot {
    /// Firefox ESR, not yet running, with `arguments`, headless in a home of its own (`home`) and
    /// without its crash reporter, seeing `environment` otherwise; its output discarded.
    static func firefoxProcess(arguments: [String], home: URL, environment: [String: String]) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: firefoxPath)
        process.arguments = ["--headless", "--no-remote"] + arguments
        var childEnvironment = environment
        childEnvironment["HOME"] = home.path
        childEnvironment["MOZ_CRASHREPORTER_DISABLE"] = "1"
        process.environment = childEnvironment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        return process
    }
}
