#if canImport(Glibc)
    import Glibc
#endif

/// The `Date` header's value (RFC 9110 §5.6.7 IMF-fixdate), formatted at most once a second.
struct HTTPDate {
    private var second = -1
    /// `Date: Sun, 06 Nov 1994 08:49:37 GMT\r\n`
    private(set) var headerLine: [UInt8] = []

    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Brings the line up to the current second.
    mutating func update() {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        guard now.tv_sec != second else { return }
        second = now.tv_sec
        var seconds = now.tv_sec
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let text =
            "Date: \(Self.days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(Self.months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT\r\n"
        headerLine = Array(text.utf8)
    }
}
