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
    /// A page of the server's own origin (its specimen page): `Origin` is `http(s)://` and the host asked.
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
        if let host = request.host?.lowercased(), lowered == "http://" + host || lowered == "https://" + host {
            self = .ownPage
        } else if trusted.contains(lowered) {
            self = .trusted
        } else {
            self = .foreign(origin)
        }
    }
}
