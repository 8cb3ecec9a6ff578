import Foundation

/// A `postgres://` (or `postgresql://`) connection URL taken apart:
/// `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=MODE[&sslrootcert=FILE]]`,
/// percent-encoding decoded.
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
    /// libpq's `sslrootcert`: a PEM file of the certificate authorities that `verify-ca` and
    /// `verify-full` trust instead of the system's roots (a private CA's, typically).
    var rootCertificates: String?

    /// Takes `text` apart.
    ///
    /// - Throws: `.invalidURL` saying which part is wrong; the reason never quotes the URL,
    ///   which may hold the password.
    init(parsing text: String) throws(PostgresStoreError) {
        let scheme = text.prefix { $0 != ":" }.lowercased()
        guard scheme == "postgres" || scheme == "postgresql", text.dropFirst(scheme.count).hasPrefix("://") else {
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
        var rootCertificates: String?
        var seen: Set<String> = []
        for item in components.queryItems ?? [] {
            guard seen.insert(item.name).inserted else { throw .invalidURL("the parameter '\(item.name)' is given twice") }
            switch item.name {
            case "sslmode":
                let value = item.value ?? ""
                guard let mode = value == "allow" ? .prefer : SSLMode(rawValue: value) else {
                    throw .invalidURL("sslmode '\(value)' is not one of disable, allow, prefer, require, verify-ca, verify-full")
                }
                sslMode = mode
            case "sslrootcert":
                guard let path = item.value, !path.isEmpty else { throw .invalidURL("sslrootcert names no file") }
                rootCertificates = path
            default:
                throw .invalidURL("the parameter '\(item.name)' is not one fontd knows (only sslmode and sslrootcert)")
            }
        }
        if rootCertificates != nil, sslMode != .verifyCA, sslMode != .verifyFull {
            throw .invalidURL(
                "sslrootcert applies with sslmode=verify-ca or verify-full, which check the certificate; sslmode=\(sslMode.rawValue) does not"
            )
        }
        self.host = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        self.port = components.port ?? 5432
        self.user = user
        self.password = components.password
        self.database = database
        self.sslMode = sslMode
        self.rootCertificates = rootCertificates
    }

    /// `user@host:port/database`: whom the server is asked to let in.
    var server: String { "\(user)@\(host.contains(":") ? "[\(host)]" : host):\(port)/\(database)" }

    var description: String {
        "postgres://\(server)?sslmode=\(sslMode.rawValue)" + (rootCertificates.map { "&sslrootcert=\($0)" } ?? "")
    }
}
