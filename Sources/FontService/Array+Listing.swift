extension Array<String> {
    /// The items as a sentence lists them: `a`, `a or b`, `a, b or c` (with `conjunction` "or").
    func listed(_ conjunction: String) -> String {
        count > 1 ? dropLast().joined(separator: ", ") + " \(conjunction) " + (last ?? "") : joined()
    }
}
