/// A reader's own size in a `key value` or `key = value` configuration line (docs/DESIGN.md §34
/// (The reader's own sizes)): kitty's `font_size 11.0`, Ghostty's `font-size = 13`, WezTerm's
/// `config.font_size = 12.0`.
enum ConfigurationLine {
    /// The number the last of `lines` that sets `key` gives it; nil when none does (comments,
    /// lines starting with `#` or `--`, are not read). `prefix` is what may stand before the key
    /// (WezTerm's `config.`); `equals` whether an `=` separates key and value.
    static func lastNumber(of key: String, in lines: [String], prefix: String = "", equals: Bool) -> Double? {
        var number: Double?
        for line in lines {
            var text = Substring(line).drop { $0 == " " || $0 == "\t" }
            if text.hasPrefix("#") || text.hasPrefix("--") { continue }
            if !prefix.isEmpty, text.hasPrefix(prefix) { text = text.dropFirst(prefix.count) }
            guard text.hasPrefix(key) else { continue }
            text = text.dropFirst(key.count)
            let separated = text.first == " " || text.first == "\t" || (equals && text.first == "=")
            guard separated else { continue }
            text = text.drop { $0 == " " || $0 == "\t" }
            if equals {
                guard text.first == "=" else { continue }
                text = text.dropFirst().drop { $0 == " " || $0 == "\t" }
            }
            let value = text.prefix { $0.isNumber || $0 == "." }
            if let parsed = Double(value) { number = parsed }
        }
        return number
    }
}
