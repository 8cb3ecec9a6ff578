/// An xdg-desktop-portal release number, `major.minor.micro`, ordered as releases are.
struct PortalVersion: Comparable, Sendable, CustomStringConvertible {
    let parts: [Int]

    init(_ major: Int, _ minor: Int, _ micro: Int) { parts = [major, minor, micro] }

    /// `1.16.0`; nil for anything else.
    init?(_ text: String) {
        let numbers = text.split(separator: ".").map { Int($0) }
        guard numbers.count == 3, !numbers.contains(nil) else { return nil }
        parts = numbers.compactMap { $0 }
    }

    static func < (left: PortalVersion, right: PortalVersion) -> Bool { left.parts.lexicographicallyPrecedes(right.parts) }

    var description: String { parts.map(String.init).joined(separator: ".") }
}
