import FontdCommandLine
import Foundation
import Logging

/// How `fontd serve` writes its log on stderr (docs/DESIGN.md §18 (The command line)): the time, the
/// level, the logger's label and the message first, then its fields, sorted by name —
/// `2026-11-29T12:00:00+0000 warning fontd: serving without the session bus reason=…` — so that a
/// reader reads what happened before why. swift-log's `StreamLogHandler` writes the fields first.
/// Each line is one write(2), so lines of two threads never interleave.
struct ServeLogHandler: LogHandler {
    /// The logger's label, `fontd`.
    let label: String
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var fields = metadata
        if let explicit = event.metadata { fields.merge(explicit) { _, explicit in explicit } }
        if let error = event.error { fields["error"] = "\(error)" }
        let text = fields.sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }.joined()
        Output.writeLine("\(Self.timestamp()) \(event.level) \(label): \(event.message)\(text)", to: STDERR_FILENO)
    }

    /// Local time to the second with its offset from UTC, as swift-log's own handler writes it.
    private static func timestamp() -> String {
        var now = time(nil)
        var local = tm()
        guard localtime_r(&now, &local) != nil else { return "-" }
        var buffer = [CChar](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &local)
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
