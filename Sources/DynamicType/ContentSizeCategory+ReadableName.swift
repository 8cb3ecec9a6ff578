extension ContentSizeCategory {
    /// The category in words, as a control shows it beside a slider or on screen
    /// (docs/DESIGN.md §37 (The reader's control)): Apple's name, its words spaced and capitalised.
    public var readableName: String {
        var words: [String] = []
        for character in appleName {
            if character.isUppercase || words.isEmpty {
                words.append(String(character).uppercased())
            } else {
                words[words.count - 1].append(character)
            }
        }
        return words.joined(separator: " ")
    }

    /// The category's place on a control's scale, 0 for `xs` to 1 for `ax5` (its ordinal ÷ 11).
    public var level: Double { Double(ordinal) / Double(Self.allCases.count - 1) }
}
