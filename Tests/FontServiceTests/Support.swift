import DynamicType
import FontResolution
import FontServiceTestSupport
import FontdTestSupport
import Foundation
import HTTPServer
import Logging
import ScopedPreferences
import ServerTestSupport
import Synchronization
import Testing

@testable import FontService

let defaultTable = Fixtures.defaultTable
let resolver = Fixtures.resolver

/// A fresh service over the shared resolver, with an empty answer cache.
func makeService(
    cacheEntries: Int = 10_000, trustedOrigins: [String] = [],
    willResolve: @escaping @Sendable (FontRequest) throws -> Void = { _ in }
) -> FontService {
    FontService(
        resolver: resolver, configuration: FontServiceConfiguration(cacheEntries: cacheEntries, trustedOrigins: trustedOrigins),
        logger: Logger(label: "FontServiceTests"), willResolve: willResolve)
}

extension FontService {
    /// A client that asks this service in process, on the calling thread with its own loop context.
    var client: TestClient { .inProcess(self) }
}

/// The real servers the live mode asks, by the origin they trust ("*": none), started together on first use with the
/// pinned fonts. No test changes their preferences, so they answer as a fresh service does.
private let liveServers: [String: Result<ServerProcess, any Error>] = [
    "*": Result { try ServerProcess() },
    "https://app.example": Result { try ServerProcess(["--cors-origin", "https://app.example"]) },
]

/// A client in `mode`: a fresh service asked in process, or a running `fontd serve` asked over a
/// socket (for the origins `liveServers` has).
func makeClient(_ mode: TestClient.Mode, trustedOrigin: String = "*") throws -> TestClient {
    switch mode {
    case .inProcess: return makeService(trustedOrigins: trustedOrigin == "*" ? [] : [trustedOrigin]).client
    case .live: return try #require(liveServers[trustedOrigin], "no live server for the origin \(trustedOrigin)").get().client
    }
}

extension FontService {
    /// Makes `preferences` the reader's, through the store as a PUT does (in memory: these
    /// services have no state file), and returns once they are current.
    func setPreferences(_ preferences: PerPreference<String>) {
        let changed = DispatchSemaphore(value: 0)
        var update = PerPreference<ScopeTree.Setting>(repeating: .keep)
        update[.category] = .set(preferences.category.rawValue)
        update[.legibilityWeight] = .set(preferences.legibilityWeight.rawValue)
        store.change(.root, update) { _ in changed.signal() }
        changed.wait()
    }

    /// How many exact request targets the calling thread's loop context remembers.
    var cachedTargetCount: Int { threadLoopContext.targets.count }
}

/// `value` as the JSON the API writes.
func expectedJSON<Value: Encodable>(_ value: Value) throws -> JSONDocument {
    try JSONDocument(parsing: OrderedJSONEncoder().encode(value))
}
