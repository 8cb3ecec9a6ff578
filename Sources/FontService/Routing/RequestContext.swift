import DynamicType
import HTTPServer
import ScopedPreferences

/// What a handler is given for one request: the request, its query checked against the route,
/// the scope it asks about (its credential already found good for it), and that scope's
/// effective preferences as they stood when it arrived.
struct RequestContext: Sendable {
    var request: HTTPRequest
    var route: Route
    var parameters: QueryParameters
    var preferences: PerPreference<String>
    /// `preferences` packed as the hub's atomic holds them when the scope is the root (nil for
    /// another scope): what a loop remembers an answer that followed them under.
    var packedPreferences: UInt64? = nil
    /// `scope=`, or the root scope.
    var scope: PreferenceScope = .root
    /// Whether the request carried a credential (`Authorization`, `access_token=`), even one a
    /// server without a token ignores.
    var hasCredential = false
    /// The credential that let the request in.
    var bearer = FontService.Bearer.anonymous

    /// What the scoped token that let the request in allows, and until when; nil for the
    /// server's token or no credential. An event stream ends when it expires.
    var grant: ScopedTokenVerifier.Grant? {
        if case .scopedToken(let grant) = bearer { return grant }
        return nil
    }

    /// Whether the server's own token (`--token`) let it in: the operator's, whose changes no
    /// write quota holds.
    var byOperator: Bool {
        if case .serverToken = bearer { return true }
        return false
    }

    /// Whether anybody may see the answer and keep it: the root scope, asked without a
    /// credential. Only such answers are remembered by target; others are `private, no-store`.
    var isPublic: Bool { scope.isRoot && !hasCredential }

    /// Whether the answer depends on the reader's preferences: the request left out a parameter
    /// that stands for one, or gave a value that stands for them. A loop's remembered answer to
    /// such a request is passed over once they change.
    var dependsOnPreferences: Bool {
        route.preferenceParameters.contains { parameters[$0] == nil }
            || route.preferenceValues.contains { name, value in parameters[name]?.lowercased() == value }
    }

    /// Whether the answer follows the reader as HTTP caches are told (`Cache-Control: no-cache`):
    /// it depends on a preference the reader has a value for. A preference with none (the empty
    /// raw value: no reading font) left out changes nothing in the answer, which is then what it
    /// was before that preference existed (docs/DESIGN.md §33 (The reading font)); should the reader choose one, its
    /// `ETag` changes.
    var followsPreferences: Bool {
        route.followedPreferences.contains { followed in
            parameters[followed.parameter] == nil && (!followed.startsAsNone || !preferences[followed.preference].isEmpty)
        } || route.preferenceValues.contains { name, value in parameters[name]?.lowercased() == value }
    }

    /// The path after a prefix route's own (`<sha256>` of `/font-files/<sha256>`); empty for an exact route.
    var pathRemainder: Substring {
        route.matchesPrefix ? request.path.dropFirst(route.path.count) : ""
    }
}

/// What one event loop keeps for the service: the exact targets it has answered, so a repeated
/// request is answered without parsing, normalizing or taking the service's lock.
///
/// Only the loop's own thread touches it (`HTTPServer` makes one per loop), so it needs no lock.
public final class ServiceLoopContext {
    let targets: TargetCache

    init(capacity: Int, maximumBytes: Int) {
        targets = TargetCache(capacity: capacity, maximumBytes: maximumBytes)
    }
}
