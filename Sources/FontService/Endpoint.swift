/// A path the service answers, with the query parameters and methods it accepts (docs/DESIGN.md §7).
enum Endpoint: String, CaseIterable, Sendable {
    case font = "/font"
    case fonts = "/fonts"
    case scale = "/scale"
    case styles = "/styles"
    case categories = "/categories"
    case faces = "/faces"
    case healthz = "/healthz"

    /// The endpoint at `path` (exact, case-sensitive), or nil for an unknown path.
    init?(path: Substring) {
        self.init(rawValue: String(path))
    }

    /// The parameters the endpoint accepts, in the order error messages list them.
    var parameters: [QueryParameters.Name] {
        switch self {
        case .font: [.style, .category, .traits, .family, .weight, .legibility, .maximumPointSize]
        case .fonts: [.category, .traits, .family, .weight, .legibility, .maximumPointSize]
        case .scale: [.style, .category, .legibility, .value]
        case .faces: [.family]
        case .styles, .categories, .healthz: []
        }
    }

    /// The parameters a request must give.
    var requiredParameters: [QueryParameters.Name] {
        switch self {
        case .font: [.style]
        case .scale: [.style, .value]
        case .fonts, .styles, .categories, .faces, .healthz: []
        }
    }

    /// The methods every endpoint answers.
    static let methods = ["GET", "HEAD", "OPTIONS"]
}
