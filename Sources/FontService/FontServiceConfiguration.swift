/// How a `FontService` caches and whom it lets read its answers.
public struct FontServiceConfiguration: Sendable, Hashable {
    /// How many ready-to-send answers to keep (least recently used go first); at least 1.
    public var cacheEntries: Int
    /// The `Access-Control-Allow-Origin` of every answer: `*` lets any web page read the API.
    public var corsOrigin: String
    /// The bearer token PUTs must carry; nil lets anyone change the preferences.
    public var token: String?
    /// Seconds between `: keep-alive` comments on event streams.
    public var keepAliveSeconds = 15.0

    /// - Parameters:
    ///   - cacheEntries: the answer cache's bound (`fontd serve --cache-entries`).
    ///   - corsOrigin: the origin web pages must have to read answers (`fontd serve --cors-origin`).
    public init(cacheEntries: Int = 10_000, corsOrigin: String = "*") {
        self.cacheEntries = cacheEntries
        self.corsOrigin = corsOrigin
    }
}
