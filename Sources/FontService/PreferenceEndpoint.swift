/// The paths about the reader's preferences (docs/DESIGN.md §10, §11), which change state or stream.
enum PreferenceEndpoint: String, CaseIterable, Sendable {
    case preferences = "/preferences"
    case category = "/category"
    case events = "/events"

    /// The endpoint `target` asks for, or nil; allocates nothing.
    init?(target: String) {
        let bytes = target.utf8
        for endpoint in Self.allCases {
            let path = endpoint.rawValue.utf8
            guard bytes.starts(with: path) else { continue }
            let rest = bytes.dropFirst(path.count)
            if rest.isEmpty || rest.first == UInt8(ascii: "?") {
                self = endpoint
                return
            }
        }
        return nil
    }

    /// The methods the endpoint answers.
    var methods: [String] {
        self == .events ? Endpoint.methods : ["GET", "HEAD", "PUT", "OPTIONS"]
    }

    /// Query parameters the endpoint takes.
    var parameters: [String] { self == .events ? ["lastEventId"] : [] }
}
