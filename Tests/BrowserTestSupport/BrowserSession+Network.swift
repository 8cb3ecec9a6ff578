import Foundation

extension BrowserSession {
    /// The current document's URL, then every resource it requested, from the page's own
    /// `performance.getEntriesByType('resource')` (what the page fetched, in the order it started).
    public func resourceURLs() throws -> [String] {
        let script = "return [document.URL].concat(performance.getEntriesByType('resource').map(entry => entry.name));"
        guard let urls = try execute(script) as? [String] else {
            throw BrowserError.transport(command: "resourceURLs", problem: "the page returned no list of URLs")
        }
        return urls
    }

    /// Every URL the browser sent a request for since the session started (after its first blank
    /// page), in order, from chromedriver's performance log (`Network.requestWillBeSent`): the
    /// browser's own network log, across navigations, with failed requests and each redirect.
    public func networkRequestURLs() throws -> [String] {
        guard let entries = try send("POST", "/se/log", body: ["type": "performance"]) as? [[String: Any]] else {
            throw BrowserError.transport(command: "POST /se/log", problem: "the performance log is not a list of entries")
        }
        let urls = entries.compactMap { entry -> String? in
            guard let text = entry["message"] as? String,
                let event = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                let message = event["message"] as? [String: Any], message["method"] as? String == "Network.requestWillBeSent",
                let parameters = message["params"] as? [String: Any], let request = parameters["request"] as? [String: Any]
            else { return nil }
            return request["url"] as? String
        }
        return recordNetworkRequests(urls)
    }
}
