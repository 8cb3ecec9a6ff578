import DynamicType

/// A revocation of scoped tokens (docs/DESIGN.md §23 (Reader scopes and scoped tokens)): every
/// token for `scope` or a scope below it issued before `revokedBefore` is refused from now on.
///
/// `revokedBefore` is whole seconds since 1970, the second after the revocation was made: a
/// token's `iat` is whole seconds too, so one issued in the same second is revoked with the
/// rest (rather than one issued just before it kept). A token without `iat` counts as issued
/// at the beginning of time. The answer of `PUT /revocations` is its `Codable` form,
/// `{"scope": "alice", "revokedBefore": 1764223201}`.
public struct TokenRevocation: Sendable, Hashable, Codable {
    /// The scope whose tokens, and whose descendants' tokens, are revoked.
    public var scope: PreferenceScope
    /// Tokens issued before this second (`iat` less than it, or no `iat`) are revoked.
    public var revokedBefore: Int

    public init(scope: PreferenceScope, revokedBefore: Int) {
        self.scope = scope
        self.revokedBefore = revokedBefore
    }

    /// Whether a token for `tokenScope` issued at `issued` (seconds since 1970; nil: no `iat`) is revoked by this.
    public func revokes(tokenScope: PreferenceScope, issued: Double?) -> Bool {
        scope.covers(tokenScope) && (issued.map { $0 < Double(revokedBefore) } ?? true)
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case scope, revokedBefore }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let path = try container.decode(String.self, forKey: .scope)
        do { scope = try PreferenceScope(parsing: path) } catch {
            throw DecodingError.dataCorruptedError(forKey: .scope, in: container, debugDescription: error.description)
        }
        revokedBefore = try container.decode(Int.self, forKey: .revokedBefore)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(scope.path, forKey: .scope)
        try container.encode(revokedBefore, forKey: .revokedBefore)
    }
}
