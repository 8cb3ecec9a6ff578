import Foundation
import ServerTestSupport

/// chromedriver's W3C WebDriver HTTP API, one blocking request per command on a fresh
/// `Connection: close` connection to `127.0.0.1:port`.
struct WebDriverConnection {
    let port: Int

    /// Sends `method path` with `body` as JSON and returns the answer's `value` (nil for JSON null).
    ///
    /// Throws `BrowserError.webDriver` when chromedriver answers with a WebDriver error,
    /// `.transport` when it cannot be reached within `timeoutSeconds` or answers something else.
    func perform(_ method: String, _ path: String, body: [String: Any]? = nil, timeoutSeconds: Double) throws -> Any? {
        let command = "\(method) \(path)"
        var payload: [UInt8] = []
        if let body {
            guard JSONSerialization.isValidJSONObject(body) else { throw BrowserError.argumentsNotJSON("\(body)") }
            payload = Array(try JSONSerialization.data(withJSONObject: body))
        }
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        if body != nil { head += "Content-Type: application/json; charset=utf-8\r\nContent-Length: \(payload.count)\r\n" }
        let response: TestResponse
        do {
            let connection = try RawHTTPConnection(port: port, timeoutSeconds: timeoutSeconds)
            try connection.send(Array((head + "\r\n").utf8) + payload)
            response = try connection.readResponse()
        } catch {
            throw BrowserError.transport(command: command, problem: "\(error) (chromedriver on port \(port))")
        }
        let answer = try? JSONSerialization.jsonObject(with: Data(response.body), options: [.fragmentsAllowed]) as? [String: Any]
        guard let answer, let value = answer["value"] else {
            throw BrowserError.transport(
                command: command, problem: "answered \(response.status) without a JSON value: \(response.bodyText.prefix(500))")
        }
        if let failure = value as? [String: Any], let error = failure["error"] as? String {
            throw BrowserError.webDriver(command: command, error: error, message: failure["message"] as? String ?? "")
        }
        guard response.status == 200 else {
            throw BrowserError.transport(command: command, problem: "answered \(response.status): \(response.bodyText.prefix(500))")
        }
        return value is NSNull ? nil : value
    }
}
