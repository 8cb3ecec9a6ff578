import ArgumentParser
import FontdCommandLine
import Logging

/// `fontd serve --log-level`: swift-log's level names, exactly.
extension Logger.Level: CommandLineValue {
    public init(commandLine text: String) throws(ValidationError) {
        guard let level = Logger.Level(rawValue: text) else {
            throw ValidationError(
                "Invalid log level '\(text)'; use one of: \(Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        self = level
    }
}
