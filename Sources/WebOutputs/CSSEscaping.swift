/// Escaping for text from a table or a font that lands in CSS, so that it stays the one token
/// it is written as: a family called `x"; } body { color: red` is one string, a style called
/// `1 a{}` one identifier, a table called `*/` part of one comment.
///
/// `string(_:)` and `identifier(_:)` follow CSSOM §2.1 "Common serializing idioms" (serialize a
/// string, serialize an identifier), the way a browser writes them back out.
public enum CSSEscaping {
    /// `text` as a CSS string token, with its double quotes (CSSOM "serialize a string").
    ///
    /// NUL becomes U+FFFD (CSS Syntax §3.3 would read it so anyway), other C0 controls and DEL
    /// are escaped as code points (so a newline cannot end the string), `"` and `\` are escaped.
    public static func string(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x00: output += "\u{FFFD}"
            case 0x01...0x1F, 0x7F: output += codePointEscape(scalar)
            case 0x22, 0x5C: output += "\\" + String(scalar)
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }

    /// `text` as a CSS identifier (CSSOM "serialize an identifier").
    ///
    /// Letters, digits, `-`, `_` and every non-ASCII character stand as they are, except a
    /// leading digit, a digit after a leading `-`, and a lone `-`, which could not start an
    /// identifier; controls are escaped as code points, NUL becomes U+FFFD, and any other ASCII
    /// character is escaped with a backslash.
    public static func identifier(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var output = ""
        for (index, scalar) in scalars.enumerated() {
            let isDigit = ("0"..."9").contains(scalar)
            switch scalar.value {
            case 0x00:
                output += "\u{FFFD}"
            case 0x01...0x1F, 0x7F:
                output += codePointEscape(scalar)
            case _ where isDigit && (index == 0 || (index == 1 && scalars[0] == "-")):
                output += codePointEscape(scalar)
            case _ where index == 0 && scalar == "-" && scalars.count == 1:
                output += "\\-"
            case _
            where scalar.value >= 0x80 || isDigit || scalar == "-" || scalar == "_"
                || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar):
                output.unicodeScalars.append(scalar)
            default:
                output += "\\" + String(scalar)
            }
        }
        return output
    }

    /// `text` made safe inside `/* … */`: a `*/` in it gets a space (`* /`) so it cannot end the
    /// comment, and control characters and line breaks become U+FFFD, so a comment stays one line.
    public static func comment(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029:
                output.append("\u{FFFD}")
            case 0x2F where output.last == "*":
                output.append(" ")
                output.append(scalar)
            default:
                output.append(scalar)
            }
        }
        return String(output)
    }

    /// CSSOM "escape a character as code point": a backslash, the lowercase hexadecimal code
    /// point and a space, which ends the escape whatever follows.
    private static func codePointEscape(_ scalar: Unicode.Scalar) -> String {
        "\\" + String(scalar.value, radix: 16) + " "
    }
}
