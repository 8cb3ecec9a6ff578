import DynamicType
import Foundation

/// What a scoped token says, read strictly before jwt-kit checks its signature (docs/DESIGN.md
/// §23 (Reader scopes and scoped tokens)).
///
/// jwt-kit 5 reads the header's `alg` and `kid` only to pick a JWK; a key added directly (an
/// HMAC secret, an ES256 public key) verifies whatever the header names, and its JSON decoding
/// keeps one of two repeated members. So fontd reads both parts itself: a member named twice,
/// an `alg` other than its key's, any `crit`, and a claim of the wrong form are refused here.
public struct ScopedTokenContents: Sendable, Equatable {
    /// The scope the token covers.
    public var scope: PreferenceScope
    /// `exp`.
    public var expires: Date
    /// `nbf`, when given.
    public var notBefore: Date?
    /// `iat`, when given.
    public var issuedAt: Date?

    /// Reads `token`'s header and payload; `algorithm` is the server's key's (`HS256`, `ES256`).
    public init(parsing token: String, algorithm: String) throws(ScopedTokenRefusal) {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw .notJWT(reason: "it needs three base64url parts separated by dots") }
        let header = try Self.object(parts[0], part: "header")
        let payload = try Self.object(parts[1], part: "payload")

        switch Self.member("alg", of: header) {
        case .string(let found)? where found == algorithm: break
        case .string(let found)?: throw .wrongAlgorithm(found: found, expected: algorithm)
        default: throw .wrongAlgorithm(found: nil, expected: algorithm)
        }
        // RFC 7515 §4.1.11: a recipient that does not understand a listed extension must refuse
        // the token; fontd understands none, and an empty list is itself invalid.
        if let critical = Self.member("crit", of: header) {
            guard case .array(let names) = critical else { throw .wrongForm(claim: "crit", expected: "a list of names") }
            throw .criticalExtensions(names.map { if case .string(let name) = $0 { name } else { "a non-name" } })
        }

        guard case .string(let scopeText)? = Self.member("scope", of: payload) else {
            if Self.member("scope", of: payload) == nil { throw .missingClaim("scope") }
            throw .wrongForm(claim: "scope", expected: "a string naming one scope")
        }
        do {
            scope = try PreferenceScope(parsing: scopeText)
        } catch {
            throw .wrongForm(claim: "scope", expected: "a scope (\(error.description))")
        }
        guard let expires = try Self.date("exp", of: payload) else { throw .missingClaim("exp") }
        self.expires = expires
        notBefore = try Self.date("nbf", of: payload)
        issuedAt = try Self.date("iat", of: payload)
    }

    /// Refuses a token that has expired, is not valid yet, was issued in the future (each with
    /// `leewaySeconds` for clocks that disagree a little), or expires further than
    /// `maximumLifetimeSeconds` (plus the leeway) from `now`.
    public func check(at now: Date, leewaySeconds: Double, maximumLifetimeSeconds: Int) throws(ScopedTokenRefusal) {
        guard expires.addingTimeInterval(leewaySeconds) > now else { throw .expired }
        if let notBefore, notBefore > now.addingTimeInterval(leewaySeconds) { throw .notYetValid }
        if let issuedAt, issuedAt > now.addingTimeInterval(leewaySeconds) { throw .issuedInTheFuture }
        guard expires <= now.addingTimeInterval(Double(maximumLifetimeSeconds) + leewaySeconds) else {
            throw .livesTooLong(maximumSeconds: maximumLifetimeSeconds)
        }
    }

    /// The members of the JSON object in the base64url `part`, refusing one named twice at any depth.
    private static func object(_ encoded: Substring, part: String) throws(ScopedTokenRefusal) -> [JSONDocument.Member] {
        guard let bytes = base64URLDecoded(encoded) else { throw .notJWT(reason: "its \(part) is not base64url") }
        let document: JSONDocument
        do { document = try JSONDocument(parsing: bytes) } catch { throw .notJWT(reason: "its \(part) is not JSON") }
        guard case .object(let members) = document else { throw .notJWT(reason: "its \(part) is not a JSON object") }
        if let repeated = repeatedMember(in: document) { throw .repeatedMember(part: part, member: repeated) }
        return members
    }

    /// The first member named twice in one object of `document`, at any depth.
    private static func repeatedMember(in document: JSONDocument) -> String? {
        switch document {
        case .object(let members):
            var seen = Set<String>()
            for member in members {
                if !seen.insert(member.key).inserted { return member.key }
                if let repeated = repeatedMember(in: member.value) { return repeated }
            }
            return nil
        case .array(let elements):
            return elements.lazy.compactMap(repeatedMember(in:)).first
        default:
            return nil
        }
    }

    private static func member(_ name: String, of members: [JSONDocument.Member]) -> JSONDocument? {
        members.first { $0.key == name }?.value
    }

    /// A NumericDate claim (RFC 7519 §2): a finite number of seconds since 1970; nil when absent.
    private static func date(_ claim: String, of members: [JSONDocument.Member]) throws(ScopedTokenRefusal) -> Date? {
        guard let value = member(claim, of: members) else { return nil }
        guard case .number(let seconds) = value, seconds.isFinite else {
            throw .wrongForm(claim: claim, expected: "a number of seconds since 1970")
        }
        return Date(timeIntervalSince1970: seconds)
    }

    /// Unpadded base64url (RFC 7515 §2) as bytes; nil for any other character.
    private static func base64URLDecoded(_ text: Substring) -> [UInt8]? {
        guard text.utf8.allSatisfy({ $0 != UInt8(ascii: "=") && $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "/") }) else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.utf8.count % 4) % 4)
        return Data(base64Encoded: base64).map(Array.init)
    }
}
