/// Why a `BrowserSession` could not start, or a command to it failed.
public enum BrowserError: Error, CustomStringConvertible {
    /// A program the session needs is not installed (Debian's `chromium` or `chromium-driver`).
    case missingExecutable(path: String)
    /// chromedriver exited, or did not say which port it listens on, or never became ready.
    case driverDidNotStart(reason: String, output: String)
    /// chromedriver answered a command with a WebDriver error (`{"value":{"error":…,"message":…}}`).
    case webDriver(command: String, error: String, message: String)
    /// chromedriver could not be reached, or its answer was not the JSON WebDriver promises.
    case transport(command: String, problem: String)
    /// A command was given after `close()`.
    case closed(command: String)
    /// Script arguments that JSON cannot carry.
    case argumentsNotJSON(String)
    /// The screenshot did not decode, or the asked region is not inside it.
    case screenshot(String)

    public var description: String {
        switch self {
        case .missingExecutable(let path):
            "\(path) is missing: the browser tests need Debian's chromium and chromium-driver; "
                + "run `scripts/install-dependencies chromium chromium-driver`"
        case .driverDidNotStart(let reason, let output):
            "chromedriver did not start: \(reason); it printed: \(output.isEmpty ? "nothing" : output)"
        case .webDriver(let command, let error, let message):
            "\(command): WebDriver error \"\(error)\": \(message)"
        case .transport(let command, let problem):
            "\(command): \(problem)"
        case .closed(let command):
            "\(command): the browser session is already closed"
        case .argumentsNotJSON(let arguments):
            "script arguments must be JSON values (strings, numbers, booleans, arrays, dictionaries): \(arguments)"
        case .screenshot(let problem):
            "screenshot: \(problem)"
        }
    }
}
