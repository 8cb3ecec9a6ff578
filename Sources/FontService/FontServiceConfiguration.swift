/// How a `FontService` caches and whom it lets read its answers.
public struct FontServiceConfiguration: Sendable, Hashable {
    /// How many ready-to-send answers to keep (least recently used go first); at least 1.
    public var cacheEntries: Int
    /// The `Access-Control-Allow-Origin` of every answer: `*` lets any web page read the API.
    public var corsOrigin: String

    /// - Parameters:
    ///   - cacheEntries: the answer cache's bound (`fontd serve --cache-entries`).
    ///   - corsOrigin: the origin web pages must have to read answers (`fontd serve --cors-origin`).
    public init(cacheEntries: Int = 10_000, corsOrigin: String = "*") {
        self.cacheEntries = cacheEntries
        self.corsOrigin = corsOrigin
    }
}
