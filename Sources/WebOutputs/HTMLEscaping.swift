/// Escaping for text from a table or a font that lands in HTML (`GET /specimen`), so that it is
/// always text: never markup, never the end of an attribute or of a `<style>` element.
public enum HTMLEscaping {
    /// `text` for element content or a double-quoted attribute value: `& < > " '` as character
    /// references, NUL as U+FFFD.
    public static func text(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            case "\u{0}": output += "\u{FFFD}"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// CSS for the inside of a `<style>` element: `<` written as the CSS escape `\3c `, so no
    /// `</style>` can end the element. Everything from a table or a font is in CSS strings or
    /// comments there, where the escape reads back as `<` or stays inert.
    public static func styleElementContent(_ css: String) -> String {
        var output = ""
        output.reserveCapacity(css.utf8.count)
        for scalar in css.unicodeScalars {
            if scalar == "<" { output += "\\3c " } else { output.unicodeScalars.append(scalar) }
        }
        return output
    }
}
