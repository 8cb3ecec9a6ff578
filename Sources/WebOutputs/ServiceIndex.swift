import DynamicType

/// What `GET /` answers (docs/DESIGN.md §7 (HTTP endpoints)): what the server is, the reader's preferences now, and
/// every endpoint in one line. Its JSON is this model's `Codable` form; `ControlPage` shows the
/// same model for a browser.
public struct ServiceIndex: Hashable, Sendable, Codable {
    /// One endpoint of the API, as the route table declares it.
    public struct Endpoint: Hashable, Sendable, Codable {
        /// The path, a prefix route's with its placeholder (`/font-files/<sha256>`).
        public var path: String
        /// The methods it answers, as `Allow` lists them.
        public var methods: [String]
        /// What it answers, in one line.
        public var summary: String
        /// A request that works (`/font?style=body`); nil where no request is complete without a
        /// value only a stylesheet knows (a font file's hash).
        public var example: String?

        public init(path: String, methods: [String], summary: String, example: String?) {
            self.path = path
            self.methods = methods
            self.summary = summary
            self.example = example
        }
    }

    /// `fontd`.
    public var name: String
    public var version: String
    /// The loaded style table's name.
    public var table: String
    /// The reader's preferences now (the root scope's).
    public var category: ContentSizeCategory
    public var legibilityWeight: LegibilityWeight
    public var textSpacing: TextSpacing
    /// Every endpoint, in the route table's order.
    public var endpoints: [Endpoint]

    public init(
        name: String = "fontd", version: String = FontdVersion.current, table: String, category: ContentSizeCategory,
        legibilityWeight: LegibilityWeight, textSpacing: TextSpacing, endpoints: [Endpoint]
    ) {
        self.name = name
        self.version = version
        self.table = table
        self.category = category
        self.legibilityWeight = legibilityWeight
        self.textSpacing = textSpacing
        self.endpoints = endpoints
    }
}
