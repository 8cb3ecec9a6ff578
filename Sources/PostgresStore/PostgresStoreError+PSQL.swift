import PostgresNIO

extension PostgresStoreError {
    /// The store's error for what a database call threw: the store's own errors pass through,
    /// PostgreSQL's SQLSTATEs and postgres-nio's connection failures are sorted into the cases a
    /// person (or the service) acts on differently. Built from the server's message and the
    /// error's code only, never from the connection's configuration, so no password gets in.
    static func from(_ error: any Error, url: PostgresURL) -> PostgresStoreError {
        switch error {
        case let error as PostgresStoreError:
            return error
        case is CancellationError:
            return .unavailable("the call was cancelled")
        case let error as PSQLError:
            return from(error, url: url)
        case let error as PostgresDecodingError:
            return .damaged("a column holds a value of another type than fontd writes (column \(error.columnName): \(error.code))")
        default:
            // NIO's connect errors (refused, unreachable, timed out) arrive unwrapped from a few paths.
            return .unavailable(String(describing: error))
        }
    }

    private static func from(_ error: PSQLError, url: PostgresURL) -> PostgresStoreError {
        if error.code == .server, let state = error.serverInfo?[.sqlState] {
            let message = error.serverInfo?[.message] ?? "SQLSTATE \(state)"
            switch state {
            case "28P01", "28000":
                // invalid_password, invalid_authorization_specification (no such user, pg_hba refuses).
                return .authenticationFailed(server: url.server, reason: message)
            case "3D000":
                return .noSuchDatabase(url.database)
            case "57P01", "57P02", "57P03", "53300":
                // admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections.
                return .unavailable("\(url.server): \(message)")
            default:
                if state.hasPrefix("08") { return .unavailable("\(url.server): \(message)") }
                return .postgres("\(message) (SQLSTATE \(state))")
            }
        }
        switch error.code {
        case .connectionError where error.underlying.map(isCertificateRefusal) == true:
            let roots = url.rootCertificates.map { "the CAs of \($0)" } ?? "this machine's trusted roots"
            let checks = url.sslMode == .verifyFull ? "against \(roots) and the host name \(url.host)" : "against \(roots)"
            let remedy =
                url.rootCertificates == nil
                ? "name its CA with sslrootcert=FILE or add it to the trusted roots"
                : "check that the file holds the CA that signed it, and that the certificate names \(url.host)"
            return .unavailable(
                "\(url.server): its TLS certificate was not accepted (sslmode=\(url.sslMode.rawValue) checks it \(checks)); "
                    + "\(remedy), or use sslmode=require to encrypt without checking it")
        case .connectionError, .serverClosedConnection, .uncleanShutdown, .clientClosedConnection, .poolClosed:
            let cause = error.underlying.map { ": \($0)" } ?? ""
            return .unavailable("\(url.server) (\(error.code))\(cause)")
        case .sslUnsupported:
            return .unavailable("\(url.server) does not offer TLS, which sslmode=\(url.sslMode.rawValue) requires")
        case .authMechanismRequiresPassword:
            return .authenticationFailed(server: url.server, reason: "the server asks for a password and the URL gives none")
        case .unsupportedAuthMechanism, .saslError:
            return .authenticationFailed(server: url.server, reason: "\(error.code)")
        default:
            return .postgres("\(error.code)")
        }
    }

    /// Whether `error` is a TLS handshake that failed on the server's certificate (NIOSSL's
    /// errors, told by their description: their types are not fontd's to import).
    private static func isCertificateRefusal(_ error: any Error) -> Bool {
        let text = String(describing: error)
        return text.contains("CERTIFICATE_VERIFY_FAILED") || text.contains("failedToValidateHostname")
    }
}
