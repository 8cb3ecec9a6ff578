import DynamicType

/// Why fontd refuses a scoped token (docs/DESIGN.md §23 (Reader scopes and scoped tokens)): one
/// line that names the part or claim at fault and never the token, as the 401's body says it.
public enum ScopedTokenRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// Longer than `limitBytes`: refused before it is verified or remembered.
    case tooLong(bytes: Int, limitBytes: Int)
    /// Not three base64url parts separated by dots, or a part that is not a JSON object.
    case notJWT(reason: String)
    /// The header (`part` "header") or the payload ("payload") names `member` twice.
    case repeatedMember(part: String, member: String)
    /// The header's `alg` is not the server's algorithm (`found` nil: there is none).
    case wrongAlgorithm(found: String?, expected: String)
    /// The header has `crit`; fontd understands no extension (RFC 7515 §4.1.11).
    case criticalExtensions([String])
    /// A claim fontd needs is absent.
    case missingClaim(String)
    /// A claim has the wrong form; `expected` says what it must be.
    case wrongForm(claim: String, expected: String)
    /// `exp` (with leeway) has passed.
    case expired
    /// `nbf` is in the future, beyond the leeway.
    case notYetValid
    /// `iat` is in the future, beyond the leeway.
    case issuedInTheFuture
    /// `exp` is further from now than `--max-token-ttl`.
    case livesTooLong(maximumSeconds: Int)
    /// The signature does not verify with the server's key.
    case badSignature
    /// A revocation of `scope` (the token's scope or one above it) came after the token was issued.
    case revoked(PreferenceScope)

    public var description: String {
        switch self {
        case .tooLong(let bytes, let limit): "it is \(bytes) bytes, and a scoped token may have at most \(limit)"
        case .notJWT(let reason): "it is not a JWT (\(reason))"
        case .repeatedMember(let part, let member): "its \(part) names \(member) twice"
        case .wrongAlgorithm(let found?, let expected): "its header's alg is \(found), and this server's key is \(expected)"
        case .wrongAlgorithm(nil, let expected): "its header has no alg, and this server's key is \(expected)"
        case .criticalExtensions(let names):
            "its header's crit names \(names.isEmpty ? "no extension" : names.joined(separator: ", ")), and fontd understands no extension"
        case .missingClaim(let claim): "it has no \(claim) claim; a scoped token needs scope and exp"
        case .wrongForm(let claim, let expected): "its \(claim) claim must be \(expected)"
        case .expired: "it has expired (its exp has passed)"
        case .notYetValid: "it is not valid yet (its nbf is in the future)"
        case .issuedInTheFuture: "its iat is in the future"
        case .livesTooLong(let seconds): "its exp is more than \(seconds) seconds from now, this server's --max-token-ttl"
        case .badSignature: "its signature does not verify with this server's key"
        case .revoked(let scope): "the tokens of \(scope.path) issued before it were revoked (fontd token revoke)"
        }
    }
}
