/// Whether every glyph of a face has the same advance.
public enum FontSpacing: String, CaseIterable, Hashable, Sendable, Codable {
    case proportional, monospace
}
