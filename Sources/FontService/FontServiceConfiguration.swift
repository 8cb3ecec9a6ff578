import ScopedPreferences

/// How a `FontService` caches and whom it lets read its answers.
public struct FontServiceConfiguration: Sendable, Hashable {
    /// How many ready-to-send answers to keep (least recently used go first); at least 1.
    public var cacheEntries: Int
    /// How many bytes of ready-to-send answers to keep: stylesheets run to tens of kilobytes,
    /// so a count alone does not bound the cache's memory. Each event loop's map of exact
    /// targets is bounded by the same figure.
    public var cacheBytes = 64 << 20
    /// The origins (`scheme://host[:port]`, lowercased) whose pages may change the preferences and
    /// read every scope a local program may (`--cors-origin`); the server's own origin always may
    /// (docs/DESIGN.md §23 (Reader scopes and scoped tokens), "Consent"). Every page may read the root's typography.
    public var trustedOrigins: [String]
    /// Host names, besides address literals and `localhost`, that a request's `Host` may name
    /// (`--server-name`; lowercased, without a port): any other name is 421.
    public var serverNames: [String] = []
    /// The bearer token PUTs must carry; nil lets anyone change the preferences.
    public var token: String?
    /// Seconds between `: keep-alive` comments on event streams.
    public var keepAliveSeconds = 15.0
    /// The key that checks scoped tokens (docs/DESIGN.md §23 (Reader scopes and scoped tokens)); nil: only `token` is a credential.
    public var scopedTokenKey: ScopedTokenKey?
    /// Whether, with no `token`, every scope is open to every request (a single-user desktop on
    /// loopback); otherwise a scope other than the root needs a credential.
    public var scopesOpenWithoutToken = true
    /// The furthest from now a scoped token's `exp` may be, in seconds (`--max-token-ttl`; 366 days).
    public var maximumTokenLifetimeSeconds = 366 * 86_400
    /// How many scopes other than the root may hold values of their own (`--max-scopes`).
    public var maximumScopes = 1_000_000
    /// How many of those one reader (a scope path's first segment) may hold (`--max-scopes-per-reader`).
    public var maximumScopesPerReader = 64
    /// How many changes a second one reader (the root counting as one) may make, on average; a
    /// burst of as many is allowed (`--max-writes-per-second`, 20 unless given; docs/DESIGN.md §23 (Reader scopes and scoped tokens),
    /// "Quotas"). Nil: no limit, for a service embedded in a program that makes its own changes.
    public var maximumWritesPerSecond: Double?
    /// How many of the store's newest changes are kept for replays (`--kept-changes`; docs/DESIGN.md §23 (Reader scopes and scoped tokens): at least 100,000).
    public var keptChanges = 100_000
    /// How many of each scope's newest changes are kept even when older than `keptChanges`
    /// (`--kept-changes-per-scope`; at least 1024).
    public var keptChangesPerScope = 1024
    /// Seconds between checks for fonts installed or removed (`--font-rescan-seconds`; docs/DESIGN.md §25 (Font set changes)); 0: never.
    public var fontRescanSeconds = 10.0

    /// How scoped tokens are checked: HS256 with a shared secret, or ES256 with a public key.
    public enum ScopedTokenKey: Sendable, Hashable {
        /// The HS256 secret, at least `minimumSecretBytes` bytes.
        case secret([UInt8])
        /// The ES256 public key, PEM-encoded.
        case publicKey(pem: String)

        /// The shortest HS256 secret taken: 256 bits, the hash's own size (RFC 7518 §3.2).
        public static let minimumSecretBytes = 32

        /// The `alg` a token's header must name (RFC 7518 §3.1).
        public var algorithm: String {
            switch self {
            case .secret: "HS256"
            case .publicKey: "ES256"
            }
        }
    }

    /// - Parameters:
    ///   - cacheEntries: the answer cache's bound (`fontd serve --cache-entries`).
    ///   - trustedOrigins: the origins whose pages may change the preferences (`fontd serve --cors-origin`).
    public init(cacheEntries: Int = 10_000, trustedOrigins: [String] = []) {
        self.cacheEntries = cacheEntries
        self.trustedOrigins = trustedOrigins.map { $0.lowercased() }
    }
}

extension FontServiceConfiguration {
    /// How much history the preferences keep (`--kept-changes`, `--kept-changes-per-scope`).
    public var retention: Retention { Retention(window: keptChanges, perScope: keptChangesPerScope) }

    /// How many scopes may hold values (`--max-scopes`, `--max-scopes-per-reader`).
    public var scopeLimits: ScopeLimits { ScopeLimits(maximumScopes: maximumScopes, maximumScopesPerReader: maximumScopesPerReader) }
}
