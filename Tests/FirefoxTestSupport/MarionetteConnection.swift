import BrowserTestSupport
import Foundation
import ServerTestSupport

/// Firefox's Marionette protocol, the remote agent's own (Debian ships no geckodriver): one TCP
/// connection to `127.0.0.1:port`, each message `LENGTH:JSON`, a command `[0, id, name, parameters]`
/// answered by `[1, id, error, result]`. Commands are the WebDriver ones under their Marionette names
/// (`WebDriver:Navigate`, `WebDriver:ExecuteScript`, `WebDriver:TakeScreenshot` …).
final class MarionetteConnection {
    private let connection: RawHTTPConnection
    private var lastID = 0

    /// Connects and reads the greeting Firefox sends first (`{"applicationType":"gecko",…}`).
    init(port: Int, timeoutSeconds: Double) throws {
        do {
            connection = try RawHTTPConnection(port: port, timeoutSeconds: timeoutSeconds)
        } catch {
            throw BrowserError.transport(command: "connect", problem: "\(error) (Marionette on port \(port))")
        }
        let greeting = try readMessage(command: "connect") as? [String: Any]
        guard greeting?["applicationType"] as? String == "gecko" else {
            throw BrowserError.transport(command: "connect", problem: "greeted with \(greeting ?? [:]), not Marionette's")
        }
    }

    /// Sends `name` with `parameters` and returns the result's `value` when it has one, else the result.
    func perform(_ name: String, _ parameters: [String: Any] = [:]) throws -> Any? {
        lastID += 1
        guard JSONSerialization.isValidJSONObject(parameters) else { throw BrowserError.argumentsNotJSON("\(parameters)") }
        let message = Array(try JSONSerialization.data(withJSONObject: [0, lastID, name, parameters] as [Any]))
        do {
            try connection.send(Array("\(message.count):".utf8) + message)
        } catch {
            throw BrowserError.transport(command: name, problem: "\(error)")
        }
        guard let answer = try readMessage(command: name) as? [Any], answer.count == 4, answer[1] as? Int == lastID else {
            throw BrowserError.transport(command: name, problem: "the answer is not [1, \(lastID), error, result]")
        }
        if let failure = answer[2] as? [String: Any] {
            throw BrowserError.webDriver(
                command: name, error: failure["error"] as? String ?? "\(failure)", message: failure["message"] as? String ?? "")
        }
        let result = answer[3]
        if let object = result as? [String: Any], let value = object["value"] { return value is NSNull ? nil : value }
        return result is NSNull ? nil : result
    }

    private func readMessage(command: String) throws -> Any {
        do {
            let colon = try connection.readUntil(Array(":".utf8), what: "a Marionette message's length")
            let digits = try connection.take(colon + 1).dropLast()
            guard let length = Int(String(decoding: digits, as: UTF8.self)) else {
                throw BrowserError.transport(command: command, problem: "a message length of \(Array(digits))")
            }
            return try JSONSerialization.jsonObject(with: Data(try connection.take(length)), options: [.fragmentsAllowed])
        } catch let error as BrowserError {
            throw error
        } catch {
            throw BrowserError.transport(command: command, problem: "\(error) (Marionette)")
        }
    }
}
