import Foundation

extension ServerProcess {
    /// The server's resident set size in bytes (`VmRSS` of /proc/PID/status).
    public func residentBytes() throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { throw CocoaError(.fileReadCorruptFile) }
        return kilobytes * 1024
    }
}
