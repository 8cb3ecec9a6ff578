/// Whose preferences (docs/DESIGN.md §23 (Reader scopes and scoped tokens)): the root scope, a reader, a reader's device, or an
/// application on that device — up to three `/`-separated segments such as
/// `alice/phone/org.gnome.Terminal`.
///
/// A scope's effective preference is its own value where it set one, else its parent's, up to
/// the root. The root scope is spelled as nothing (no `scope=`).
public struct PreferenceScope: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The segments joined by `/`; empty for the root scope.
    public let path: String

    /// The most segments a scope has: reader, device, application.
    public static let maximumDepth = 3
    /// The most characters a segment has.
    public static let maximumSegmentLength = 64
    /// The form a scope takes, as error messages give it.
    public static let form =
        "up to 3 segments separated by '/', each 1 to 64 of A-Z a-z 0-9 . _ - starting with a letter or digit (alice, alice/phone, alice/phone/org.gnome.Terminal)"

    /// The root scope: the preferences of docs/DESIGN.md §10 (Reader preferences).
    public static let root = PreferenceScope(checkedPath: "")

    private init(checkedPath: String) {
        path = checkedPath
    }

    /// Reads a scope as `scope=`, a token's `scope` claim or `--scope` give it.
    ///
    /// - Throws: `DynamicTypeError.invalidScope` naming what is wrong: an empty text or
    ///   segment, a segment too long or with a character outside the form, a fourth segment.
    public init(parsing text: String) throws(DynamicTypeError) {
        guard !text.isEmpty else { throw .invalidScope(text, reason: "it is empty; leave scope out for the root scope") }
        let segments = text.split(separator: "/", omittingEmptySubsequences: false)
        guard segments.count <= Self.maximumDepth else {
            throw .invalidScope(
                text, reason: "it has \(segments.count) segments; a scope has at most \(Self.maximumDepth) (reader/device/app)")
        }
        for (index, segment) in segments.enumerated() {
            let ordinal = ["first", "second", "third"][index]
            guard let first = segment.utf8.first else { throw .invalidScope(text, reason: "its \(ordinal) segment is empty") }
            guard segment.utf8.count <= Self.maximumSegmentLength else {
                throw .invalidScope(
                    text,
                    reason: "its \(ordinal) segment is \(segment.utf8.count) characters long; the most is \(Self.maximumSegmentLength)")
            }
            guard Self.isAlphanumeric(first) else {
                throw .invalidScope(
                    text, reason: "its \(ordinal) segment starts with '\(Self.shown(first))'; a segment starts with a letter or digit")
            }
            if let bad = segment.utf8.first(where: {
                !Self.isAlphanumeric($0) && $0 != UInt8(ascii: ".") && $0 != UInt8(ascii: "_") && $0 != UInt8(ascii: "-")
            }) {
                throw .invalidScope(
                    text, reason: "its \(ordinal) segment holds '\(Self.shown(bad))'; a segment holds only A-Z a-z 0-9 . _ -")
            }
        }
        self.init(checkedPath: text)
    }

    /// Whether this is the root scope.
    public var isRoot: Bool { path.isEmpty }

    /// The segments, reader first; none for the root scope.
    public var segments: [Substring] { isRoot ? [] : path.split(separator: "/") }

    /// How many segments it has: 0 for the root scope.
    public var depth: Int { isRoot ? 0 : path.utf8.reduce(1) { $0 + ($1 == UInt8(ascii: "/") ? 1 : 0) } }

    /// The scope it inherits from; nil for the root scope.
    public var parent: PreferenceScope? {
        guard !isRoot else { return nil }
        guard let slash = path.lastIndex(of: "/") else { return .root }
        return PreferenceScope(checkedPath: String(path[..<slash]))
    }

    /// The root scope, then every ancestor, then this scope.
    public var lineage: [PreferenceScope] {
        var scopes = [self]
        while let parent = scopes[0].parent { scopes.insert(parent, at: 0) }
        return scopes
    }

    /// The scope one segment below this one.
    ///
    /// - Throws: `DynamicTypeError.invalidScope` for a segment outside the form or a fourth segment.
    public func child(_ segment: String) throws(DynamicTypeError) -> PreferenceScope {
        try PreferenceScope(parsing: isRoot ? segment : path + "/" + segment)
    }

    /// Whether `other` is this scope or lies below it: what a token for this scope may read and write.
    public func covers(_ other: PreferenceScope) -> Bool {
        isRoot || other.path == path
            || (other.path.hasPrefix(path) && other.path.utf8.dropFirst(path.utf8.count).first == UInt8(ascii: "/"))
    }

    public var description: String { isRoot ? "the root scope" : path }

    public static func < (lhs: PreferenceScope, rhs: PreferenceScope) -> Bool { lhs.path < rhs.path }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// A byte as a message shows it: printable ASCII as itself, anything else as `%XX`.
    private static func shown(_ byte: UInt8) -> String {
        byte >= 0x21 && byte < 0x7F ? String(UnicodeScalar(byte)) : "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
