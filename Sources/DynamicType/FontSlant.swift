/// Whether a face is upright, italic (a designed cursive) or oblique (slanted roman).
public enum FontSlant: String, CaseIterable, Hashable, Sendable, Codable {
    case roman, italic, oblique
}
