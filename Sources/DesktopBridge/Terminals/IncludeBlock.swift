/// The two lines fontd adds to a reader's configuration file (docs/DESIGN.md §31 (Terminals and
/// editors)): a comment naming fontd, then the program's include line. Added once, at the end (so
/// that fontd's size comes after the reader's own) or at the start (where the format needs it),
/// and removed exactly: the file is then byte for byte what it was.
struct IncludeBlock: Sendable {
    /// Where the format lets the include go.
    enum Place: Sendable { case end, start }

    /// The comment line, with its comment marker (`# …`).
    let comment: String
    /// The include line itself (`include fontd.conf`).
    let line: String
    var place: Place = .end

    /// The comment that says fontd created the file, so `exclude` removes the file instead of leaving it empty.
    private var createdComment: String { comment + " (fontd created this file)" }

    /// `text` (nil: no file) with the block added; nil when it is there already.
    func adding(to text: String?) -> String? {
        guard let text else { return createdComment + "\n" + line + "\n" }
        if contains(text) { return nil }
        switch place {
        case .start: return comment + "\n" + line + "\n" + text
        case .end:
            // A last line without its newline keeps it missing: the block then starts with one and ends without.
            if text.isEmpty || text.hasSuffix("\n") { return text + comment + "\n" + line + "\n" }
            return text + "\n" + comment + "\n" + line
        }
    }

    /// Whether `text` holds the block.
    func contains(_ text: String) -> Bool {
        text.contains(comment + "\n" + line) || text.contains(createdComment + "\n" + line)
    }

    /// What removing the block leaves: the text as it was before `adding`, `.some(nil)` for a file
    /// fontd created and nothing else was written to, nil when the block is not there.
    func removing(from text: String) -> String?? {
        if text == createdComment + "\n" + line + "\n" { return .some(nil) }
        for block in [comment + "\n" + line + "\n", "\n" + comment + "\n" + line, createdComment + "\n" + line + "\n"] {
            if let range = text.range(of: block) {
                var result = text
                result.removeSubrange(range)
                return .some(result)
            }
        }
        return nil
    }

    /// Adds the block to `file` when it is not there; true when the file was written.
    func include(in file: String) throws(TerminalTargetError) -> Bool {
        guard let text = adding(to: try ConfigurationFolder.read(file)) else { return false }
        return try ConfigurationFolder.write(text, to: file)
    }

    /// Removes the block from `file` (the file itself when fontd created it for the block).
    func exclude(from file: String) throws(TerminalTargetError) {
        guard let text = try ConfigurationFolder.read(file), let remaining = removing(from: text) else { return }
        if let remaining {
            try ConfigurationFolder.write(remaining, to: file)
        } else {
            try ConfigurationFolder.remove(file)
        }
    }
}
