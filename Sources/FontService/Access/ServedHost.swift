#if canImport(Glibc)
    import Glibc
#endif

/// What the request's host (`Host`, or an absolute-form target's authority) may name
/// (docs/DESIGN.md §23 (Reader scopes and scoped tokens), "Consent"), with any port: a name
/// `--server-name` gives, `localhost`, or an address literal as a browser writes it that is not a
/// local address in disguise.
///
/// Two attacks are kept out. A *name* is what DNS rebinding needs: a page of `rebind.evil.example`
/// whose name is made to point at 127.0.0.1 sends `Host: rebind.evil.example`. And a browser marks
/// what a page sends (`Sec-Fetch-Site`, and `Origin` on a `<link>`'s request) only to a host it
/// counts as potentially trustworthy (the Secure Contexts specification: 127.0.0.0/8, `::1`,
/// `localhost`); Chromium and Firefox send neither to `http://[::ffff:7f00:1]:PORT` or
/// `http://0.0.0.0:PORT`, which reach a loopback listener all the same, so a page's request there
/// would look like a local program's. Such spellings are refused, and so is every spelling of an
/// IPv4 address a browser never sends (`127.1`, `2130706433`, `0x7f000001`, `0177.0.0.1`): the URL
/// parser rewrites them to dotted decimal, so only a program sends them, and it can send the plain one.
enum ServedHost {
    /// Why a host is not this server's.
    enum Refusal: Equatable, Sendable {
        /// A name other than `localhost` and the `--server-name`s (DNS rebinding), or no host at all.
        case otherName
        /// `0.0.0.0` or `[::]`: "this host", to which browsers send no marks.
        case unspecifiedAddress
        /// An IPv4 address inside IPv6 (`[::ffff:7f00:1]`, `[::127.0.0.1]`): browsers send no marks there.
        case embeddedIPv4
        /// An address written otherwise than a browser writes it (`127.1`, `0x7f000001`, `[0:0::1]`), with that spelling.
        case unusualSpelling(canonical: String)
        /// Something that ends like an IPv4 address but is none (`1.2.3.4.5`, `256.0.0.1`).
        case notAnAddress
    }

    /// Nil when `field` (a host with an optional port) names this server; else why not.
    /// `names` are the `--server-name`s, lowercased, without a port or a final dot.
    static func refusal(of field: String, names: [String]) -> Refusal? {
        var host = Substring(field)
        if host.hasPrefix("[") {
            // An IPv6 literal, then nothing or a port.
            guard let close = host.firstIndex(of: "]"), isPort(host[host.index(after: close)...]) else { return .otherName }
            return ipv6Refusal(host[host.index(after: host.startIndex)..<close])
        }
        if let colon = host.lastIndex(of: ":") {
            guard isPort(host[colon...]) else { return .otherName }
            host = host[..<colon]
        }
        let name = host.lowercased()
        let bare = name.hasSuffix(".") ? String(name.dropLast()) : name
        guard !bare.isEmpty else { return .otherName }
        if names.contains(bare) { return nil }
        // The URL Standard's rule: a host whose last label is a number is an IPv4 address.
        if endsInANumber(name) { return ipv4Refusal(name) }
        return bare == "localhost" ? nil : .otherName
    }

    /// Whether `field` names this server (`refusal(of:names:)` is nil).
    static func accepts(_ field: String, names: [String]) -> Bool {
        refusal(of: field, names: names) == nil
    }

    /// `:` and a port number (0 to 65535), or nothing.
    private static func isPort(_ text: Substring) -> Bool {
        guard let first = text.first else { return true }
        let digits = text.dropFirst()
        guard first == ":", (1...5).contains(digits.count), digits.utf8.allSatisfy(isDigit) else { return false }
        return Int(digits).map { $0 <= 65535 } ?? false
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    /// The URL Standard's "ends in a number": the last label (a final empty one dropped) is all
    /// digits, or `0x` and hexadecimal digits.
    private static func endsInANumber(_ host: String) -> Bool {
        var labels = host.split(separator: ".", omittingEmptySubsequences: false)
        if labels.last == "", labels.count > 1 { labels.removeLast() }
        guard let last = labels.last, !last.isEmpty else { return false }
        if last.utf8.allSatisfy(isDigit) { return true }
        return last.hasPrefix("0x") && last.dropFirst(2).allSatisfy(\.isHexDigit)
    }

    /// An IPv4 host as the URL Standard parses it (one to four decimal, octal or hexadecimal
    /// parts), refused unless it is written as dotted decimal and is not in 0.0.0.0/8.
    private static func ipv4Refusal(_ host: String) -> Refusal? {
        var parts = host.split(separator: ".", omittingEmptySubsequences: false)
        if parts.last == "" { parts.removeLast() }
        guard (1...4).contains(parts.count) else { return .notAnAddress }
        var numbers: [UInt64] = []
        for part in parts {
            guard let number = ipv4Number(part) else { return .notAnAddress }
            numbers.append(number)
        }
        guard numbers.dropLast().allSatisfy({ $0 <= 255 }), let last = numbers.last, last < UInt64(1) << (8 * (5 - numbers.count)) else {
            return .notAnAddress
        }
        var address = last
        for (index, number) in numbers.dropLast().enumerated() { address += number << (8 * (3 - index)) }
        let canonical = (0..<4).map { String((address >> (8 * (3 - $0))) & 0xFF) }.joined(separator: ".")
        guard canonical == host else { return .unusualSpelling(canonical: canonical) }
        return address >> 24 == 0 ? .unspecifiedAddress : nil
    }

    /// One part of an IPv4 host: decimal, `0x` hexadecimal, or octal after a leading `0`; at most 2³².
    private static func ipv4Number(_ part: Substring) -> UInt64? {
        guard !part.isEmpty, part.count <= 34 else { return nil }
        if part.hasPrefix("0x") || part.hasPrefix("0X") { return part.count == 2 ? 0 : UInt64(part.dropFirst(2), radix: 16) }
        if part.count > 1, part.hasPrefix("0") { return UInt64(part.dropFirst(), radix: 8) }
        return part.utf8.allSatisfy(isDigit) ? UInt64(part) : nil
    }

    /// An IPv6 literal (between the brackets), refused unless it is written as the URL Standard
    /// writes it and is neither `::` nor an IPv4 address inside IPv6.
    private static func ipv6Refusal(_ literal: Substring) -> Refusal? {
        var address = in6_addr()
        guard !literal.isEmpty, literal.utf8.count <= 45, inet_pton(AF_INET6, String(literal), &address) == 1 else { return .otherName }
        let pieces = withUnsafeBytes(of: &address) { bytes in (0..<8).map { UInt16(bytes[2 * $0]) << 8 | UInt16(bytes[2 * $0 + 1]) } }
        let canonical = serialized(pieces)
        guard canonical == literal.lowercased() else { return .unusualSpelling(canonical: "[\(canonical)]") }
        if pieces.allSatisfy({ $0 == 0 }) { return .unspecifiedAddress }
        // ::ffff:0:0/96 (mapped) and ::/96 (the old compatible form), ::1 aside.
        if pieces[0..<5].allSatisfy({ $0 == 0 }), pieces[5] == 0xFFFF || (pieces[5] == 0 && canonical != "::1") { return .embeddedIPv4 }
        return nil
    }

    /// The URL Standard's IPv6 serializer: lowercase hexadecimal pieces, the first longest run of
    /// two or more zero pieces written `::`, and no dotted IPv4 tail.
    static func serialized(_ pieces: [UInt16]) -> String {
        var best: (start: Int, length: Int) = (0, 0)
        var index = 0
        while index < pieces.count {
            guard pieces[index] == 0 else {
                index += 1
                continue
            }
            let start = index
            while index < pieces.count, pieces[index] == 0 { index += 1 }
            if index - start > best.length { best = (start, index - start) }
        }
        let hex = pieces.map { String($0, radix: 16) }
        guard best.length >= 2 else { return hex.joined(separator: ":") }
        let head = hex[..<best.start].joined(separator: ":")
        let tail = hex[(best.start + best.length)...].joined(separator: ":")
        return head + "::" + tail
    }
}
