import ArgumentParser

/// A web origin on the command line, `scheme://host[:port]` (RFC 6454 §6.2, as a browser's
/// `Origin` spells it): an origin whose pages `fontd serve --cors-origin` lets change the reader's
/// preferences (docs/DESIGN.md §23 (Reader scopes and scoped tokens), "Consent"). Kept lowercased, as origins compare.
struct WebOrigin: Sendable, Hashable {
    let text: String

    /// Reads `argument`, or says what is wrong with it in a sentence naming `--cors-origin`.
    init(parsing argument: String) throws(ValidationError) {
        let text = argument.lowercased()
        guard text != "*", text != "null" else {
            throw ValidationError(
                "--cors-origin '\(argument)' would let every web page change the reader's preferences; give each origin that may, such as https://app.example (one --cors-origin per origin)."
            )
        }
        let form = "an origin is scheme://host[:port], such as https://app.example or http://localhost:3000"
        guard let separator = text.range(of: "://") else { throw ValidationError("--cors-origin '\(argument)' is not an origin: \(form).") }
        let scheme = text[..<separator.lowerBound]
        let authority = text[separator.upperBound...]
        guard scheme == "http" || scheme == "https" else {
            throw ValidationError("--cors-origin '\(argument)' has the scheme '\(scheme)'; use http or https (\(form)).")
        }
        guard !authority.contains("/"), !authority.contains("?"), !authority.contains("#"), !authority.contains("@") else {
            throw ValidationError("--cors-origin '\(argument)' has more than an origin (a path, a query or a user); \(form).")
        }
        guard !authority.isEmpty, !authority.hasPrefix(":") else {
            throw ValidationError("--cors-origin '\(argument)' has no host; \(form).")
        }
        self.text = text
    }
}

/// A host name `fontd serve --server-name` lets a request's `Host` name (docs/DESIGN.md §23 (Reader scopes and scoped tokens),
/// "Consent"): letters, digits, `-` and `.`, without a port; kept lowercased.
struct ServerName: Sendable, Hashable {
    let text: String

    init(parsing argument: String) throws(ValidationError) {
        var text = argument.lowercased()
        if text.hasSuffix(".") { text.removeLast() }
        let allowed = text.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
        guard !text.isEmpty, allowed, !text.hasPrefix("."), !text.contains("..") else {
            throw ValidationError(
                "--server-name '\(argument)' is not a host name: give the name clients use, such as fonts.example.org, without scheme or port."
            )
        }
        self.text = text
    }
}
