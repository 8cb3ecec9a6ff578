import ArgumentParser
import FontService
import JWTKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Serve {
    /// The key of scoped tokens: exactly one of the secret and the public key, either only with
    /// the server's token (which is what may issue and revoke them: without it nobody is admin).
    static func scopedTokenKey(
        secret: String?, secretFromEnvironment: Bool, publicKeyPath: String?, token: String?
    ) throws -> FontServiceConfiguration.ScopedTokenKey? {
        let secretName = secretFromEnvironment ? "FONTD_JWT_SECRET" : "--jwt-secret"
        switch (secret, publicKeyPath) {
        case (nil, nil):
            return nil
        case (.some, .some):
            throw ValidationError("Give one of \(secretName) (HS256) and --jwt-public-key (ES256), not both.")
        case (let secret?, nil):
            guard token != nil else {
                throw ValidationError("\(secretName) needs --token (or FONTD_TOKEN): the server's token is the admin of every scope.")
            }
            let bytes = Array(secret.utf8)
            let minimum = FontServiceConfiguration.ScopedTokenKey.minimumSecretBytes
            guard bytes.count >= minimum else {
                throw ValidationError(
                    "\(secretName) is \(bytes.count) bytes; an HS256 secret needs at least \(minimum) (openssl rand -hex 32 makes one).")
            }
            return .secret(bytes)
        case (nil, let path?):
            guard token != nil else {
                throw ValidationError("--jwt-public-key needs --token (or FONTD_TOKEN): the server's token is the admin of every scope.")
            }
            let pem: String
            do { pem = try String(contentsOfFile: path, encoding: .utf8) } catch {
                throw ValidationError("--jwt-public-key \(path) cannot be read (\(error.localizedDescription)).")
            }
            do { _ = try ES256PublicKey(pem: pem) } catch {
                throw ValidationError("--jwt-public-key \(path) is not a PEM ES256 (P-256) public key (\(error)).")
            }
            return .publicKey(pem: pem)
        }
    }
}
