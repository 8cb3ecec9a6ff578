/// Why `fontd token issue` printed no token.
enum TokenIssueError: Error, Equatable, CustomStringConvertible {
    /// `--ttl` is not of `TokenLifetime.form`.
    case invalidLifetime(String)
    /// Neither `--jwt-secret` (nor `FONTD_JWT_SECRET`) nor `--jwt-private-key` was given.
    case noKey
    /// Both a secret (from `source`: `--jwt-secret` or `FONTD_JWT_SECRET`) and a private key were given.
    case twoKeys(secretSource: String)
    /// The HS256 secret is `bytes` long, under `minimumBytes`.
    case shortSecret(bytes: Int, minimumBytes: Int)
    /// The private key file cannot be read.
    case unreadableKey(path: String, reason: String)
    /// The private key file holds no ES256 private key in PEM form.
    case invalidKey(path: String, reason: String)
    /// jwt-kit could not sign the claims.
    case signingFailed(String)

    var description: String {
        switch self {
        case .invalidLifetime(let text):
            "Invalid --ttl '\(text)': use \(TokenLifetime.form)."
        case .noKey:
            "A token needs a key to be signed with: --jwt-secret SECRET (or FONTD_JWT_SECRET), the HS256 secret fontd serve was given, "
                + "or --jwt-private-key FILE.pem, the ES256 private key whose public key fontd serve was given."
        case .twoKeys(let source):
            "Give one key to sign with, not two: \(source) gives an HS256 secret and --jwt-private-key an ES256 key; leave one out."
        case .shortSecret(let bytes, let minimum):
            "The JWT secret is \(bytes) byte\(bytes == 1 ? "" : "s") long; HS256 needs at least \(minimum) bytes "
                + "(openssl rand -hex 32 makes one)."
        case .unreadableKey(let path, let reason):
            "Cannot read the private key '\(path)': \(reason)."
        case .invalidKey(let path, let reason):
            "'\(path)' is not an ES256 private key in PEM form (a P-256 key, such as openssl ecparam -name prime256v1 -genkey -noout "
                + "writes; jwt-kit: \(reason))."
        case .signingFailed(let reason):
            "The token could not be signed: \(reason)."
        }
    }
}
