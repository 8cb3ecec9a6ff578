import DynamicType
import Foundation
import JWTKit

/// The claims of a scoped token (docs/DESIGN.md §23 (Reader scopes and scoped tokens)): a JWT that
/// may read and write one scope and everything below it, from when it was issued until it expires.
///
/// This is the form `fontd token issue` signs. The server reads a token's claims strictly itself
/// (`ScopedTokenContents`: `nbf`, `iat`, repeated members, `alg`, `crit`) and gives jwt-kit only
/// the signature to check; `verify(using:)` checks `exp` with `leewaySeconds` of leeway for other
/// readers of this type.
public struct ScopedTokenClaims: JWTPayload, Equatable {
    /// The scope the token covers, as `scope=` spells it.
    public var scope: String
    public var exp: ExpirationClaim
    /// When the token was issued: a revocation of its scope made later refuses it.
    public var iat: IssuedAtClaim?

    /// How far past `exp` (and before `nbf` and `iat`) a token is still taken, for clocks that disagree a little.
    public static let leewaySeconds = 30.0

    public init(scope: PreferenceScope, issued: Date, expires: Date) {
        self.scope = scope.path
        self.iat = IssuedAtClaim(value: issued)
        self.exp = ExpirationClaim(value: expires)
    }

    public func verify(using algorithm: some JWTAlgorithm) async throws {
        try exp.verifyNotExpired(currentDate: Date().addingTimeInterval(-Self.leewaySeconds))
    }
}
