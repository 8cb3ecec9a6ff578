import FontdCommandLine

/// How long a scoped token stays valid, as `--ttl` gives it: a whole number and a unit, `90s`,
/// `15m`, `12h` or `30d`, from a second to `longestSeconds`.
struct TokenLifetime: Hashable, Sendable {
    /// The lifetime in whole seconds.
    let seconds: Int

    /// The longest lifetime: 366 days. A longer-lived token is a password that is never changed.
    static let longestSeconds = 366 * 86_400

    /// The form `--ttl` takes, as error messages give it.
    static let form = "a whole number and a unit, Ns, Nm, Nh or Nd (seconds, minutes, hours, days), from 1s to 366d, such as 30d"

    /// Reads `30d`, `12h`, `15m` or `90s`.
    ///
    /// - Throws: `TokenIssueError.invalidLifetime` for another form, zero, or more than `longestSeconds`.
    init(parsing text: String) throws(TokenIssueError) {
        let units = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        guard let unit = text.last.flatMap({ units[String($0)] }) else { throw .invalidLifetime(text) }
        let digits = text.dropLast()
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            let count = Int(digits), count > 0, count <= Self.longestSeconds / unit
        else { throw .invalidLifetime(text) }
        seconds = count * unit
    }
}

/// `fontd token issue --ttl`, read when the command line is parsed and refused in
/// `TokenIssueError`'s words.
extension TokenLifetime: CommandLineValue {
    public init(commandLine text: String) throws(TokenIssueError) { try self.init(parsing: text) }
}
