/// One pixel of a screenshot: red, green, blue and alpha, 0…255 each (sRGB, not premultiplied).
public struct RGBA: Hashable, Sendable, CustomStringConvertible {
    /// Red.
    public var r: UInt8
    /// Green.
    public var g: UInt8
    /// Blue.
    public var b: UInt8
    /// Alpha: 255 is opaque.
    public var a: UInt8

    /// A pixel; opaque unless `a` says otherwise.
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        (self.r, self.g, self.b, self.a) = (r, g, b, a)
    }

    /// Opaque black.
    public static let black = RGBA(r: 0, g: 0, b: 0)
    /// Opaque white.
    public static let white = RGBA(r: 255, g: 255, b: 255)

    /// `#rrggbbaa`, as CSS writes it.
    public var description: String {
        "#" + [r, g, b, a].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}
