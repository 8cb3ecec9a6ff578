extension String {
    /// The string as a terminal may show it: every control character — C0 (U+0000–U+001F, tab
    /// and line feed too), DEL (U+007F) and C1 (U+0080–U+009F) — written out, ESC as `\e` and
    /// the others as `\u{XX}` in upper-case hexadecimal (`\u{07}`, `\u{0A}`, `\u{9B}`); every
    /// other character as it is.
    ///
    /// Every human (non-`--json`) line the command line prints goes through it, as names from
    /// a font, a style table or a server are not ours: a family named `\e]0;TITLE\a` would set
    /// the terminal's title (docs/DESIGN.md §18 (The command line)). A backslash is not escaped,
    /// so the form is for reading, not for reversing.
    public var escapingControlCharacters: String {
        guard unicodeScalars.contains(where: \.isControlCharacter) else { return self }
        var escaped = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if scalar == "\u{1B}" {
                escaped.append(contentsOf: #"\e"#.unicodeScalars)
            } else if scalar.isControlCharacter {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                escaped.append(contentsOf: "\\u{\(hex.count == 1 ? "0" + hex : hex)}".unicodeScalars)
            } else {
                escaped.append(scalar)
            }
        }
        return String(escaped)
    }
}

extension Unicode.Scalar {
    /// C0, DEL or C1: the characters a terminal may act on instead of showing.
    fileprivate var isControlCharacter: Bool {
        value < 0x20 || (0x7F...0x9F).contains(value)
    }
}
