import Foundation

/// A `postgres://` (or `postgresql://`) connection URL taken apart:
/// `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=MODE]`, percent-encoding decoded.
///
/// `description` is the URL with the password left out, the only form logs and errors show.
struct PostgresURL: Sendable, CustomStringConvertible {
    /// `sslmode` as libpq spells it, mapped onto what postgres-nio supports.
    enum SSLMode: String, Sendable, CaseIterable {
        /// No TLS.
        case disable
        /// TLS when the server offers it, plain otherwise (`allow` is taken as this too).
        case prefer
        /// TLS, the server's certificate not checked (as libpq's `require`).
        case require
        /// TLS, the certificate checked against the trusted roots but not the host name.
        case verifyCA = "verify-ca"
        /// TLS, the certificate and the host name checked.
        case verifyFull = "verify-full"
    }

    var host: String
    var port: Int
    var user: String
    var password: String?
    var database: String
    var sslMode: SSLMode

    /// Takes `text` apart.
    ///
    /// - Throws: `.invalidURL` saying which part is wrong; the reason never quotes the URL,
    ///   which may hold the password.
    init(parsing text: String) throws(PostgresStoreError) {
        guard text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") else {
            throw .invalidURL("it does not start with postgres:// or postgresql://")
        }
        guard let components = URLComponents(string: text) else {
            throw .invalidURL("it is not a well-formed URL (percent-encode any of : / @ ? # % in the user or password)")
        }
        guard let host = components.host, !host.isEmpty else { throw .invalidURL("it names no host") }
        guard let user = components.user, !user.isEmpty else { throw .invalidURL("it names no user (postgres://USER@HOST/DATABASE)") }
        let path = components.path
        let database = path.hasPrefix("/") ? String(path.dropFirst()) : path
        guard !database.isEmpty else { throw .invalidURL("it names no database (the path after the host)") }
        guard !database.contains("/") else { throw .invalidURL("its path names more than a database") }
        if let port = components.port, !(1...65535).contains(port) {
            throw .invalidURL("its port \(port) is not from 1 to 65535")
        }
        guard components.fragment == nil else { throw .invalidURL("it has a fragment (#…), which a connection URL does not") }
        var sslMode = SSLMode.prefer
        for item in components.queryItems ?? [] {
            switch item.name {
            case "sslmode":
                let value = item.value ?? ""
                guard let mode = value == "allow" ? .prefer : SSLMode(rawValue: value) else {
                    throw .invalidURL("sslmode '\(value)' is not one of disable, allow, prefer, require, verify-ca, verify-full")
                }
                sslMode = mode
            default:
                throw .invalidURL("the parameter '\(item.name)' is not one fontd knows (only sslmode)")
            }
        }
        self.host = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        self.port = components.port ?? 5432
        self.user = user
        self.password = components.password
        self.database = database
        self.sslMode = sslMode
    }

    /// `user@host:port/database`: whom the server is asked to let in.
    var server: String { "\(user)@\(host.contains(":") ? "[\(host)]" : host):\(port)/\(database)" }

    var description: String { "postgres://\(server)?sslmode=\(sslMode.rawValue)" }
}
