import DynamicType
import HTTPServer
import ScopedTokens

extension FontService {
    /// The credential a request that may go on was let in by.
    enum Bearer: Sendable {
        /// None: what anybody may do (or the server takes no token, and ignores every credential).
        case anonymous
        /// The server's own token (`--token`): the operator's.
        case serverToken
        /// A scoped token, with what it allows and until when.
        case scopedToken(ScopedTokenVerifier.Grant)
    }

    /// Whether a request may go on to its handler (docs/DESIGN.md §23 (Reader scopes and scoped tokens)).
    enum Access {
        /// It may go on, with the credential that lets it.
        case allowed(Bearer)
        case denied(FontServiceError)
        /// The credential is a token not yet checked: `verifier` checks it, then the request is asked again.
        case verifyFirst(String, ScopedTokenVerifier)
    }

    /// The request's credential: `Authorization: Bearer <token>`, or `access_token=` where the
    /// route takes it; nil when it has none, or when the server has no token (every credential
    /// is then ignored, as before scopes).
    func credential(of request: HTTPRequest, parameters: QueryParameters) throws(FontServiceError) -> String? {
        guard configuration.token != nil else { return nil }
        var bearer: String?
        if let field = request.header("Authorization") {
            guard field.utf8.count > 7, HTTPRequest.namesEqual(String(field.prefix(7)), "bearer ") else {
                throw .unauthorized(.malformedField)
            }
            bearer = String(field.dropFirst(7))
        }
        guard let query = parameters[.accessToken] else { return bearer }
        guard bearer == nil else {
            throw .conflictingParameters(
                "Authorization", "access_token", reason: "send the token once, in the field where a client can set one")
        }
        guard !query.isEmpty else { throw .unauthorized(.badCredential("access_token is empty")) }
        return query
    }

    /// Who may do what: the server's token everything; a scoped token its scope and what lies
    /// below it; no credential the root scope's reads (and its changes when the server has no
    /// token), and, with no token on loopback, every scope.
    func access(to scope: PreferenceScope, writing: Bool, credential: String?) -> Access {
        guard let serverToken = configuration.token else {
            if scope.isRoot || configuration.scopesOpenWithoutToken { return .allowed(.anonymous) }
            return .denied(.unauthorized(.closedScopes(scope)))
        }
        guard let credential else {
            return scope.isRoot && !writing ? .allowed(.anonymous) : .denied(.unauthorized(.noCredential(scope, writing: writing)))
        }
        if Self.constantTimeEqual(credential, serverToken) { return .allowed(.serverToken) }
        guard let tokenVerifier else { return .denied(.unauthorized(.badCredential("it is not this server's token"))) }
        // Before the verifier and its cache: a token the size of a header costs nothing to refuse.
        let bytes = credential.utf8.count
        guard bytes <= ScopedTokenVerifier.maximumTokenBytes else {
            let refusal = ScopedTokenRefusal.tooLong(bytes: bytes, limitBytes: ScopedTokenVerifier.maximumTokenBytes)
            return .denied(.unauthorized(.badCredential(refusal.description)))
        }
        guard let outcome = tokenVerifier.outcome(for: credential) else { return .verifyFirst(credential, tokenVerifier) }
        switch outcome {
        case .invalid(let refusal):
            return .denied(.unauthorized(.badCredential(refusal.description)))
        case .valid(let grant):
            if grant.scope.covers(scope) || (scope.isRoot && !writing) { return .allowed(.scopedToken(grant)) }
            return .denied(.forbidden(reason: "the token covers \(grant.scope.path) and the scopes below it, not \(scope)"))
        }
    }

    /// Refuses a page the reader did not trust (docs/DESIGN.md §23 (Reader scopes and scoped tokens), "Consent") that asks, without a
    /// credential, to change `scope` or to read a scope other than the root; a credential it
    /// sends is checked by `access` as any other.
    func consent(of origin: RequestOrigin, to scope: PreferenceScope, writing: Bool, credential: String?) throws(FontServiceError) {
        guard case .foreign(let name) = origin, credential == nil else { return }
        throw .foreignOrigin(name, scope: scope, writing: writing, takesTokens: configuration.token != nil)
    }

    /// The preflight of a route answering `methods`: PUT is granted to the pages the reader
    /// trusts, and to a page that will send a token (which the PUT itself must then prove).
    func preflightResponse(to request: HTTPRequest, allowing methods: [String]) -> HTTPResponse {
        let sendsToken =
            configuration.token != nil
            && request.header("Access-Control-Request-Headers")?.lowercased().contains("authorization") == true
        guard methods.contains("PUT"), !sendsToken, !RequestOrigin(request, trusting: configuration.trustedOrigins).consents else {
            return Self.preflightResponse(allowing: methods)
        }
        return Self.preflightResponse(allowing: methods, browserMethods: methods.filter { $0 != "PUT" })
    }

    /// Whether two tokens are equal, in time that depends only on the server's token's length.
    static func constantTimeEqual(_ given: String, _ expected: String) -> Bool {
        let given = Array(given.utf8)
        let expected = Array(expected.utf8)
        var difference = UInt8(given.count == expected.count ? 0 : 1)
        for index in 0..<expected.count { difference |= expected[index] ^ (index < given.count ? given[index] : 0) }
        return difference == 0
    }

    /// `target` as a log may show it: the value of `access_token=` replaced (docs/DESIGN.md
    /// §23 (Reader scopes and scoped tokens): logs never show a token).
    static func redacted(_ target: String) -> String {
        guard let mark = target.firstIndex(of: "?") else { return target }
        let pieces = target[target.index(after: mark)...].split(separator: "&", omittingEmptySubsequences: false).map { piece in
            isAccessToken(piece) ? "access_token=REDACTED" : String(piece)
        }
        return String(target[...mark]) + pieces.joined(separator: "&")
    }

    /// Whether `request` carries a credential — an `Authorization` field, or an `access_token=`
    /// anywhere in its query, well-formed or not — so that every answer to it, errors included,
    /// is `private, no-store` (docs/DESIGN.md §23 (Reader scopes and scoped tokens)).
    static func carriesCredential(_ request: HTTPRequest) -> Bool {
        request.header("Authorization") != nil || request.query.split(separator: "&").contains(where: isAccessToken)
    }

    /// Whether a query piece (`name=value`) is `access_token=`: names are matched as the query
    /// is read, percent-decoded.
    private static func isAccessToken(_ piece: Substring) -> Bool {
        let name = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return QueryParameters.percentDecoded(name) == QueryParameters.Name.accessToken.rawValue
    }
}
