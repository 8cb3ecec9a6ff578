import FontService
import Foundation
import JWTKit

/// Checks what `fontd token issue` printed with jwt-kit, as the server does, and makes the ES256
/// keys a test signs with, so test targets need not import jwt-kit themselves (`ScopedTokens`
/// makes tokens).
public enum TokenVerification {
    /// What a verified scoped token says.
    public struct Claims: Sendable, Equatable {
        public var scope: String
        public var expires: Date
        /// `iat`, when the token has one.
        public var issued: Date?
    }

    /// The claims of `token`, verified with the HS256 `secret`; throws when the signature or the
    /// claims do not verify (an expired token included).
    public static func claims(of token: String, secret: String) async throws -> Claims {
        let keys = JWTKeyCollection()
        await keys.add(hmac: HMACKey(from: Array(secret.utf8)), digestAlgorithm: .sha256)
        return try await claims(of: token, keys: keys)
    }

    /// The claims of `token`, verified with the ES256 public key `publicKeyPEM`.
    public static func claims(of token: String, publicKeyPEM: String) async throws -> Claims {
        let keys = JWTKeyCollection()
        await keys.add(ecdsa: try ES256PublicKey(pem: publicKeyPEM))
        return try await claims(of: token, keys: keys)
    }

    /// A new ES256 key pair, both halves in PEM form.
    public static func es256KeyPair() -> (privateKeyPEM: String, publicKeyPEM: String) {
        let key = ES256PrivateKey()
        return (key.pemRepresentation, key.publicKey.pemRepresentation)
    }

    /// The JSON of the token's header, decoded from its first part, without verifying anything.
    public static func header(of token: String) -> [String: String] {
        guard let part = token.split(separator: ".").first else { return [:] }
        var base64 = part.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return [:] }
        return object.compactMapValues { $0 as? String }
    }

    private static func claims(of token: String, keys: JWTKeyCollection) async throws -> Claims {
        let claims = try await keys.verify(token, as: ScopedTokenClaims.self)
        return Claims(scope: claims.scope, expires: claims.exp.value, issued: claims.iat?.value)
    }
}
