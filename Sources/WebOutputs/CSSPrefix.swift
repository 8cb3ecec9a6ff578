/// The name that starts every custom property and class a stylesheet defines (`--fontd-*`,
/// `.fontd-*`), validated against docs/DESIGN.md §22 (The web): `[a-z][a-z0-9-]{0,31}`.
///
/// The form keeps the prefix a plain CSS identifier, so it is written without escaping.
public struct CSSPrefix: Hashable, Sendable, CustomStringConvertible {
    /// The prefix as written, without the dashes around it.
    public let rawValue: String

    /// The prefix when none is asked for.
    public static let standard = CSSPrefix(validated: "fontd")

    /// The allowed form, as a regular expression, for error messages.
    public static let allowedForm = "[a-z][a-z0-9-]{0,31}"

    /// `text` as a prefix, or `nil` when it is not of `allowedForm`.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, (1...32).contains(bytes.count), Self.isLowercaseLetter(first),
            bytes.dropFirst().allSatisfy({ Self.isLowercaseLetter($0) || Self.isDigit($0) || $0 == UInt8(ascii: "-") })
        else { return nil }
        rawValue = text
    }

    private init(validated text: String) { rawValue = text }

    /// The prefix as written.
    public var description: String { rawValue }

    private static func isLowercaseLetter(_ byte: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) }
    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
}
