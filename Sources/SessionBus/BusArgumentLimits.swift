/// The sizes past which a method call's arguments are refused before anything reads them
/// (docs/DESIGN.md §27 (The session bus)), as HTTP bounds a request (§14 (Request framing and
/// limits)): any process of the session may call, sandboxed applications through the portal
/// included, and a megabyte's key would otherwise be compared with every key for the nearest one,
/// or a megabyte's options encoded into a request and kept in the answer cache.
public struct BusArgumentLimits: Sendable, Hashable {
    /// Longest string of an argument: a key, a namespace, a style, an option's name or value. fontd's
    /// keys and names run to tens of bytes; a family name to a few dozen.
    public var maxStringBytes = 1024
    /// Most entries of one array or dictionary argument (`Resolve`'s options, `Set`'s changes,
    /// `Clear`'s keys, the portal's namespaces), as an HTTP request has at most 100 header fields.
    public var maxEntries = 64
    /// Most bytes of all of a call's strings together: an HTTP request line's (8 KiB), which bounds
    /// what a `GET /font` can ask, so `Resolve` cannot ask more over the bus.
    public var maxCallBytes = 8 * 1024

    public init() {}

    /// Why a call is refused.
    public enum Refusal: Error, Hashable, Sendable, CustomStringConvertible {
        /// A string of `argument` is `bytes` long, past `limit`.
        case stringTooLong(member: String, argument: String, bytes: Int, limit: Int)
        /// `argument` has `entries` entries, past `limit`.
        case tooManyEntries(member: String, argument: String, entries: Int, limit: Int)
        /// The call's strings are `bytes` together, past `limit`.
        case callTooLarge(member: String, bytes: Int, limit: Int)

        public var description: String {
            switch self {
            case .stringTooLong(let member, let argument, let bytes, let limit):
                "\(member)'s argument '\(argument)' holds a string of \(bytes) bytes; at most \(limit) bytes are taken"
            case .tooManyEntries(let member, let argument, let entries, let limit):
                "\(member)'s argument '\(argument)' has \(entries) entries; at most \(limit) are taken"
            case .callTooLarge(let member, let bytes, let limit):
                "\(member)'s arguments hold \(bytes) bytes together; at most \(limit) bytes are taken"
            }
        }
    }

    /// Why `call` is refused, or nil when its arguments are within the limits. Counts lengths only:
    /// no string is compared, copied or decoded.
    public func refusal(of call: BusCall) -> Refusal? {
        var total = 0
        for argument in call.arguments {
            let entries = argument.entryCount
            if entries > maxEntries {
                return .tooManyEntries(member: call.member, argument: argument.name, entries: entries, limit: maxEntries)
            }
            for value in argument.values {
                let bytes = value.utf8.count
                if bytes > maxStringBytes {
                    return .stringTooLong(member: call.member, argument: argument.name, bytes: bytes, limit: maxStringBytes)
                }
                total += bytes
            }
        }
        return total > maxCallBytes ? .callTooLarge(member: call.member, bytes: total, limit: maxCallBytes) : nil
    }
}
