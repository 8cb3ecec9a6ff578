import DynamicType
import Foundation
import JWTKit

/// The claims of a scoped token (docs/DESIGN.md §10): a JWT that may read and write one scope
/// and everything below it, until it expires.
///
/// `exp` is required and checked here with `leewaySeconds` of leeway: jwt-kit verifies the
/// signature and calls `verify(using:)`, but checks no claim by itself.
public struct ScopedTokenClaims: JWTPayload, Equatable {
    /// The scope the token covers, as `scope=` spells it.
    public var scope: String
    public var exp: ExpirationClaim

    /// How far past `exp` a token is still taken, for clocks that disagree a little.
    public static let leewaySeconds = 30.0

    public init(scope: PreferenceScope, expires: Date) {
        self.scope = scope.path
        self.exp = ExpirationClaim(value: expires)
    }

    public func verify(using algorithm: some JWTAlgorithm) async throws {
        try exp.verifyNotExpired(currentDate: Date().addingTimeInterval(-Self.leewaySeconds))
    }
}
