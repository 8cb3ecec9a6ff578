#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where a command's token comes from: `--token`, `--token-file` or `$FONTD_TOKEN`
/// (docs/DESIGN.md §18 (The command line)). Only `--token` puts the secret in the command line, which `ps` shows
/// to every user of the machine; the file and the variable do not.
struct TokenSource {
    /// `--token`.
    var option: String?
    /// `--token-file`.
    var file: String?

    /// Why no token could be taken from where the command line says; no case holds the token.
    enum Failure: Error, Equatable, CustomStringConvertible {
        /// Both `--token` and `--token-file` were given.
        case twoSources
        /// `--token-file` cannot be read; `reason` says why.
        case unreadableFile(path: String, reason: String)
        /// `--token-file` holds nothing (or only a newline).
        case emptyFile(path: String)
        /// The token has a character an `Authorization` field cannot carry; `source` names where it came from.
        case controlCharacter(source: String)

        var description: String {
            switch self {
            case .twoSources:
                "Give one of --token and --token-file, not both."
            case .unreadableFile(let path, let reason):
                "Cannot read the token file '\(path)' (--token-file): \(reason)."
            case .emptyFile(let path):
                "The token file '\(path)' (--token-file) is empty: write the token in it, or leave --token-file out."
            case .controlCharacter(let source):
                "The token from \(source) has a control character (a line break, say), which an Authorization field cannot carry; "
                    + "give the token alone (a token file may end with one newline)."
            }
        }
    }

    /// `--token`, else the contents of `--token-file` without one trailing newline, else
    /// `environment["FONTD_TOKEN"]`; nil when none gives a token (an empty variable gives none).
    func resolved(environment: [String: String]) throws(Failure) -> String? {
        if option != nil, file != nil { throw .twoSources }
        let token: String?
        let source: String
        if let option {
            (token, source) = (option.isEmpty ? nil : option, "--token")
        } else if let file {
            (token, source) = (try Self.read(file), "the token file '\(file)'")
        } else {
            (token, source) = (environment["FONTD_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }, "FONTD_TOKEN")
        }
        // HTAB aside, RFC 9110 §5.5 allows no control character in a field value.
        if let token, token.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F }) {
            throw .controlCharacter(source: source)
        }
        return token
    }

    /// The token in the file at `path`: its text without one trailing newline (`\n` or `\r\n`).
    static func read(_ path: String) throws(Failure) -> String {
        let bytes: Data
        do {
            bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let reason =
                !FileManager.default.fileExists(atPath: path)
                ? "there is no such file"
                : !FileManager.default.isReadableFile(atPath: path) ? "it is not readable by this user" : "it cannot be read as a file"
            throw .unreadableFile(path: path, reason: reason)
        }
        var text = String(decoding: bytes, as: UTF8.self)
        // "\r\n" is one Character.
        if text.last == "\n" || text.last == "\r\n" { text.removeLast() }
        guard !text.isEmpty else { throw .emptyFile(path: path) }
        return text
    }
}
