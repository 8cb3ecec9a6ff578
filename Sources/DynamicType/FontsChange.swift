/// The installed fonts changed (docs/DESIGN.md §25 (Font set changes)): answers may have changed with them.
///
/// The data of a `fontsDidChange` event, which carries no `id:` (it is not a preference change
/// and is not replayed): `{"fontGeneration": "3f2a9c0d51e7b864"}`. The generation is opaque: a
/// hash of the installed faces' files, equal on servers with the same fonts.
public struct FontsChange: Hashable, Sendable, Codable {
    public var fontGeneration: String

    public init(fontGeneration: String) {
        self.fontGeneration = fontGeneration
    }
}
