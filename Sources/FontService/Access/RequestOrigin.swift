import HTTPServer

/// Who sent a request, as far as the browser that sent it says (docs/DESIGN.md §23 (Reader scopes and scoped tokens), "Consent"):
/// what decides whether it may change the reader's preferences or read a scope without a token.
///
/// A browser marks what a page sends: `Origin` on every cross-origin fetch and every change, and
/// `Sec-Fetch-Site` on everything (Chromium and Firefox). A program that is not a browser sends
/// neither, and a local program is the reader's own.
enum RequestOrigin: Equatable, Sendable {
    /// No page: a local program, the command line, another server.
    case program
    /// A page of the server's own origin (its specimen page): `Origin` is `http(s)://` and the `Host` asked.
    case ownPage
    /// A page of an origin `--cors-origin` names.
    case trusted
    /// A page of any other origin: what `Origin` said, or nil when only `Sec-Fetch-Site` told
    /// (a stylesheet or image a page of another site loads sends no `Origin`).
    case foreign(String?)

    /// Whether the reader consented to what the request does: anything but another site's page.
    var consents: Bool {
        if case .foreign = self { return false }
        return true
    }

    /// Classifies `request` against the origins the server trusts (lowercased, as `TrustedOrigin` keeps them).
    init(_ request: HTTPRequest, trusting trusted: [String]) {
        guard let origin = request.header("Origin") else {
            // A top-level navigation is the reader following a link: what it shows, the reader sees.
            let site = request.header("Sec-Fetch-Site")?.lowercased()
            let crossSite = site == "cross-site" || site == "same-site"
            self = crossSite && request.header("Sec-Fetch-Mode")?.lowercased() != "navigate" ? .foreign(nil) : .program
            return
        }
        let lowered = origin.lowercased()
        if let host = request.header("Host")?.lowercased(), lowered == "http://" + host || lowered == "https://" + host {
            self = .ownPage
        } else if trusted.contains(lowered) {
            self = .trusted
        } else {
            self = .foreign(origin)
        }
    }
}

/// What `Host` may name (docs/DESIGN.md §23 (Reader scopes and scoped tokens), "Consent"): an address literal, a loopback name, or a
/// name `--server-name` gives, with any port. A name is what DNS rebinding needs: a page of
/// `rebind.evil.example` whose name is made to point at 127.0.0.1 sends `Host: rebind.evil.example`.
enum ServedHost {
    /// Whether `field` (a `Host` value) names this server; `names` are lowercased, without a port.
    static func accepts(_ field: String, names: [String]) -> Bool {
        var host = Substring(field)
        if host.hasPrefix("[") {
            // An IPv6 literal, then nothing or a port.
            guard let close = host.firstIndex(of: "]") else { return false }
            return isPort(host[host.index(after: close)...])
        }
        if let colon = host.lastIndex(of: ":") {
            guard isPort(host[colon...]) else { return false }
            host = host[..<colon]
        }
        if host.hasSuffix(".") { host = host.dropLast() }
        guard !host.isEmpty else { return false }
        if host.utf8.allSatisfy({ $0 == UInt8(ascii: ".") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) { return true }
        let name = host.lowercased()
        return name == "localhost" || names.contains(name)
    }

    /// `:` and a port number (0 to 65535), or nothing.
    private static func isPort(_ text: Substring) -> Bool {
        guard let first = text.first else { return true }
        let digits = text.dropFirst()
        guard first == ":", (1...5).contains(digits.count), digits.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else {
            return false
        }
        return Int(digits).map { $0 <= 65535 } ?? false
    }
}
