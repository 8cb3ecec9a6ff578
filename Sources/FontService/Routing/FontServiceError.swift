import DynamicType
import HTTPServer

/// Why a request without a usable credential is refused (401).
enum Unauthorized: Sendable, Equatable {
    /// No credential, where `scope` needs one (for a change of it when `writing`).
    case noCredential(PreferenceScope, writing: Bool)
    /// The server has no token and listens beyond loopback: no scope but the root is served.
    case closedScopes(PreferenceScope)
    /// A credential that is neither the server's token nor a valid scoped token; `reason` says why.
    case badCredential(String)
    /// An `Authorization` field that is not `Bearer <token>`.
    case malformedField
}

/// Why the service answers with an error: the HTTP status, the code of docs/DESIGN.md §8 (Errors) and a
/// sentence a person can act on, with the accepted values where a list helps.
enum FontServiceError: Error, Sendable, CustomStringConvertible {
    /// A parameter value the model refused: unknown style, category, trait, a bad number…
    case invalidValue(DynamicTypeError)
    /// A parameter the endpoint at `path` does not take; `allowed` are those it does.
    case unknownParameter(String, path: String, allowed: [String], elsewhere: String? = nil)
    /// A parameter given more than once.
    case duplicateParameter(String)
    /// A parameter the route at `path` needs; `example` is a request that works.
    case missingParameter(String, path: String, example: String)
    /// A parameter's value (or, with `parameter` nil, a parameter's name) whose `%XX` escapes are
    /// broken; `text` is nil for a credential's value, which is never shown.
    case malformedPercentEncoding(parameter: String?, text: String?)
    /// No endpoint at `path`.
    case notFound(path: String)
    /// A known path asked with a method it does not answer; `allowed` are those it does.
    case methodNotAllowed(method: String, path: String, allowed: [String])
    /// A method that is not an HTTP method at all (RFC 9110 §15.6.2: 501, whatever the path).
    case unknownMethod(String)
    /// The font system failed on a valid request.
    case resolutionFailed(what: String, reason: String)
    /// A PUT body that is not the JSON object the endpoint takes.
    case invalidBody(String)
    /// A PUT body names a field `path` does not take; `allowed` are the ones it takes.
    case unknownField(String, path: String, allowed: [String])
    /// A PUT without the server's bearer token.
    case unauthorized(Unauthorized)
    /// A new scope past `--max-scopes`.
    case scopeLimit(String)
    /// The store cannot be reached (a change is not known to be committed, docs/DESIGN.md §24 (Replicas on PostgreSQL)),
    /// or takes no change for now (a full disk, a write-ahead log removed: §12 (The store and the state file)).
    case storeUnavailable(String)
    /// The state file could not be written; nothing changed.
    case stateNotSaved(String)
    /// The server refused the request before the service saw it.
    case refused(HTTPFailure)
    /// A value of the wrong form: `what` names it (a parameter, a part of the path), `allowed`
    /// the values or the form it may take.
    case invalidParameter(what: String, value: String, allowed: [String])
    /// Two parameters that cannot be given together; `reason` says why and what to do.
    case conflictingParameters(String, String, reason: String)
    /// A file the server will not send; `reason` says why.
    case forbidden(reason: String)
    /// No font file a stylesheet names has this hash (any more).
    case unknownFontFile(String)
    /// A host (`Host`, or an absolute-form target's) that is not this server's (421): another
    /// name (DNS rebinding), or a local address spelled so that browsers do not mark a page's request.
    case misdirected(host: String, ServedHost.Refusal)
    /// A page of an origin the reader did not trust (`origin`, nil when only `Sec-Fetch-Site`
    /// told), without a credential, asked to change `scope` (`writing`) or to read it; whether
    /// the server takes tokens at all decides what the message suggests.
    case foreignOrigin(String?, scope: PreferenceScope, writing: Bool, takesTokens: Bool)
    /// A change past `--max-writes-per-second` for `reader` (nil: the root); `retryAfterSeconds` until one is allowed.
    case tooManyWrites(retryAfterSeconds: Int, reader: String?, perSecond: Double)

    /// The HTTP status of the answer.
    var status: Int {
        switch self {
        case .invalidValue, .unknownParameter, .duplicateParameter, .missingParameter, .malformedPercentEncoding:
            400
        case .invalidBody, .unknownField, .invalidParameter, .conflictingParameters: 400
        case .unauthorized: 401
        case .scopeLimit: 409
        case .misdirected: 421
        case .foreignOrigin: 403
        case .tooManyWrites: 429
        case .storeUnavailable: 503
        case .forbidden: 403
        case .stateNotSaved: 500
        case .notFound, .unknownFontFile: 404
        case .methodNotAllowed: 405
        case .unknownMethod: 501
        case .resolutionFailed: 500
        case .refused(let failure): failure.status.code
        }
    }

    /// The error code of docs/DESIGN.md §8 (Errors).
    var code: ErrorCode {
        switch self {
        case .invalidValue(let error): error.code
        case .unknownParameter: .unknownParameter
        case .duplicateParameter: .duplicateParameter
        case .missingParameter: .missingParameter
        case .malformedPercentEncoding: .badRequest
        case .notFound, .unknownFontFile: .notFound
        case .methodNotAllowed: .methodNotAllowed
        case .unknownMethod: .notImplemented
        case .invalidBody, .unknownField: .invalidBody
        case .unauthorized: .unauthorized
        case .scopeLimit: .scopeLimit
        case .storeUnavailable: .unavailable
        case .stateNotSaved: .internal
        case .resolutionFailed: .internal
        case .invalidParameter: .invalidParameter
        case .conflictingParameters: .conflictingParameters
        case .forbidden, .foreignOrigin: .forbidden
        case .misdirected: .misdirectedRequest
        case .tooManyWrites: .tooManyRequests
        case .refused(let failure):
            switch failure {
            case .malformed: .badRequest
            case .timeout: .requestTimeout
            case .bodyTooLarge: .payloadTooLarge
            case .lineTooLong: .uriTooLong
            case .headersTooLarge: .headersTooLarge
            case .unsupportedCoding, .unsupportedVersion: .notImplemented
            case .overloaded: .unavailable
            case .internalError: .internal
            }
        }
    }

    /// What would have been accepted, where a list helps.
    var allowed: [String]? {
        switch self {
        case .invalidValue(let error): error.allowed
        case .unknownParameter(_, _, let allowed, _), .methodNotAllowed(_, _, let allowed), .invalidParameter(_, _, let allowed),
            .unknownField(_, _, let allowed):
            allowed
        case .notFound: FontService.routes.paths
        default: nil
        }
    }

    /// The value the asker most likely meant, where one is near enough (docs/DESIGN.md §8 (Errors)): a
    /// style, category, trait… for a misspelt one, a parameter or a path for a misspelt name.
    var suggestion: String? {
        switch self {
        case .invalidValue(let error): error.suggestion
        case .unknownParameter(_, _, _, let elsewhere?): elsewhere
        case .unknownParameter(let name, _, let allowed, nil), .unknownField(let name, _, let allowed):
            NearestNames.suggestion(for: name, among: allowed)
        case .invalidParameter(_, let value, let allowed): NearestNames.suggestion(for: value, among: allowed)
        case .notFound(let path): NearestNames.suggestion(for: path, among: FontService.routes.paths)
        default: nil
        }
    }

    var description: String {
        switch self {
        case .invalidValue(let error):
            return error.description
        case .unknownParameter(let name, let path, let allowed, _):
            return allowed.isEmpty
                ? "\(path) takes no parameters; remove '\(name)'."
                : "Unknown parameter '\(name)' for \(path); use: \(allowed.joined(separator: ", "))." + NearestNames.didYouMean(suggestion)
        case .duplicateParameter(let name):
            return "The parameter '\(name)' is given more than once; give it once."
        case .missingParameter(let name, let path, let example):
            return "\(path) needs the parameter '\(name)', as in \(example)."
        case .malformedPercentEncoding(let parameter, let text):
            let subject = parameter.map { "The value of '\($0)'" } ?? "A parameter name"
            let shown = text.map { " ('\($0)')" } ?? " (not shown: it is a credential)"
            return "\(subject)\(shown) is not valid percent-encoded UTF-8; write '%' as %25 and other bytes as %XX."
        case .notFound(let path):
            return "There is nothing at '\(path)'; the API has: \(FontService.routes.paths.joined(separator: ", "))."
                + NearestNames.didYouMean(suggestion)
        case .methodNotAllowed(let method, let path, let allowed):
            // "GET or HEAD", "GET, HEAD or PUT": the methods a request can use, then the preflight.
            let usable = allowed.filter { $0 != "OPTIONS" }
            return "\(path) does not answer \(method); use \(usable.listed("or")) (OPTIONS for CORS preflights)."
        case .unknownMethod(let method):
            return "'\(method)' is not an HTTP method fontd implements; the API answers GET, HEAD, PUT and OPTIONS."
        case .invalidBody(let reason):
            return "Invalid request body: \(reason)."
        case .unknownField(let name, let path, let allowed):
            return "Invalid request body: unknown field '\(name)'; \(path) takes \(allowed.listed("and"))."
                + NearestNames.didYouMean(suggestion)
        case .unauthorized(.noCredential(let scope, let writing)) where scope.isRoot && writing:
            return
                "Changing preferences needs the server's token: send 'Authorization: Bearer <token>' (the token fontd serve was given with --token-file or FONTD_TOKEN; fontd's own commands read the same)."
        case .unauthorized(.noCredential(let scope, let writing)):
            return
                "\(writing ? "Changing" : "Reading") the preferences of \(scope.path) needs a token for it, because a reader's text size is personal: send 'Authorization: Bearer <token>' (or access_token= on /events, /css, /tokens and /specimen); fontd token issue --scope \(scope.segments.first ?? "") makes one."
        case .unauthorized(.closedScopes(let scope)):
            return
                "The preferences of \(scope.path) are not served: this server has no token and listens beyond loopback, so scopes other than the root are closed; start it with --token-file or FONTD_TOKEN (and --jwt-secret or --jwt-public-key for scoped tokens)."
        case .unauthorized(.badCredential(let reason)):
            return "The token is refused: \(reason); send the server's token or a scoped token from fontd token issue."
        case .unauthorized(.malformedField):
            return "The Authorization field must be 'Bearer <token>'."
        case .scopeLimit(let reason):
            return "No new scope: \(reason)."
        case .storeUnavailable(let reason):
            return reason.prefix(1).uppercased() + reason.dropFirst() + "."
        case .stateNotSaved(let reason):
            return
                "The change was not saved, so nothing changed (\(reason)); check the preferences store (the server's log says more) and try again."
        case .resolutionFailed(let what, let reason):
            return "Could not resolve \(what): \(reason)"
        case .invalidParameter(let what, let value, let allowed):
            let list = allowed.count == 1 ? allowed[0] : allowed.joined(separator: ", ")
            return "\(what) is '\(value)', which is not allowed; use \(allowed.count == 1 ? "the form " : "one of: ")\(list)."
                + NearestNames.didYouMean(suggestion)
        case .conflictingParameters(let first, let second, let reason):
            return "'\(first)' and '\(second)' cannot be given together: \(reason)."
        case .forbidden(let reason):
            return "Refused: \(reason)."
        case .unknownFontFile(let hash):
            return "No font file that a stylesheet names has the hash \(hash); ask /css again for the current url()s."
        case .misdirected(let host, let refusal):
            let ask =
                "Ask for localhost, 127.0.0.1 or [::1] (or the server's address as a browser writes it), or start fontd serve --server-name NAME for a name of its own."
            let unmarked = "browsers do not say which page sends a request there, so a web page could pass for a local program."
            switch refusal {
            case .otherName:
                return
                    "This server does not answer for the host '\(host)': a page whose name was made to point at it (DNS rebinding) must not reach the reader's preferences. "
                    + ask
            case .unspecifiedAddress:
                return "This server does not answer for the host '\(host)': 0.0.0.0 and [::] stand for this machine, and \(unmarked) " + ask
            case .embeddedIPv4:
                return "This server does not answer for the host '\(host)': it is an IPv4 address written inside IPv6, and \(unmarked) "
                    + ask
            case .unusualSpelling(let canonical):
                return
                    "This server does not answer for the host '\(host)': it is the address \(canonical) written as no browser writes it, so only a program sends it, and a program can ask for the plain address. "
                    + ask
            case .notAnAddress:
                return "This server does not answer for the host '\(host)': it ends like an IPv4 address but is none. " + ask
            }
        case .foreignOrigin(let origin, let scope, let writing, let takesTokens):
            let page = origin.map { "A page of \($0)" } ?? "A page of another site"
            let allow = "fontd serve --cors-origin \(origin ?? "ORIGIN")"
            if writing {
                return
                    "\(page) may not change the reader's preferences: changes come from local programs, fontd's own pages, origins the reader trusts and requests with a token. To let its pages change them, start \(allow)."
            }
            let token =
                takesTokens
                ? "send a token for it (access_token= on /events, /css, /tokens and /specimen; fontd token issue --scope \(scope.segments.first ?? "") makes one)"
                : "this server takes no tokens (start it with --token-file or FONTD_TOKEN, and --jwt-secret, for scoped tokens)"
            return
                "\(page) may not read the preferences of \(scope.path), because a reader's text size is personal: \(token), or start \(allow)."
        case .tooManyWrites(let seconds, let reader, let perSecond):
            let who = reader.map { "The reader \($0)" } ?? "The root scope"
            return
                "Too many changes: \(who) may make \(formatNumber(perSecond)) a second (fontd serve --max-writes-per-second); try again in \(seconds) s."
        case .refused(let failure):
            let reason = failure.reason
            switch failure {
            case .malformed: return "Malformed HTTP request (\(reason)); send well-formed HTTP/1.1."
            case .timeout: return "The request did not arrive in time (\(reason)); send it whole, without pauses."
            case .bodyTooLarge: return "The request body is too large (\(reason)); send a smaller body."
            case .lineTooLong: return "The request target is too long (\(reason)); shorten the query."
            case .headersTooLarge: return "The request's header fields are too large (\(reason)); send fewer or shorter fields."
            case .unsupportedCoding, .unsupportedVersion: return "Not implemented: \(reason); use plain HTTP/1.1."
            case .overloaded: return "The server is busy (\(reason)); try again shortly."
            case .internalError: return "The server could not handle the request (\(reason))."
            }
        }
    }
}

extension [String] {
    /// The items as a sentence lists them: `a`, `a or b`, `a, b or c` (with `conjunction` "or").
    func listed(_ conjunction: String) -> String {
        count > 1 ? dropLast().joined(separator: ", ") + " \(conjunction) " + (last ?? "") : joined()
    }
}
