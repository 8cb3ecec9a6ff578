import DynamicType

extension TextStyle {
    /// The style's name as CSS names are written, kebab-case: `largeTitle` → `large-title`,
    /// `title1` → `title1` (a digit stays with the word before it), `XMLHeading` → `xml-heading`
    /// (docs/DESIGN.md §22 (The web), The web: stylesheets, design tokens, font files).
    ///
    /// A dash goes before an uppercase letter that follows a lowercase letter or a digit, or that
    /// starts a word after a run of uppercase ones; then every letter is lowercased. What is not a
    /// letter or a digit is kept as it is, for `CSSEscaping` to escape.
    public var cssName: String {
        let characters = Array(rawValue)
        var name = ""
        for (index, character) in characters.enumerated() {
            if character.isUppercase, index > 0 {
                let previous = characters[index - 1]
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                let startsWord =
                    previous.isLowercase || previous.isNumber
                    || (previous.isUppercase && next?.isLowercase == true)
                if startsWord { name += "-" }
            }
            name += character.lowercased()
        }
        return name
    }
}
