import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One process's /proc/PID/stat (proc(5)): its command name, then the fields after the parenthesized name.
package struct ProcessStat {
    /// The command name (`comm`, at most 15 bytes), which an exec sets to the program's.
    package let command: String
    private let fields: [Substring]  // proc(5)'s fields from the 3rd (the state) on

    /// Clock ticks per second, the unit of the times in the file.
    package static let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))

    /// The file's `text`; nil when it is not one (no parenthesized name, or fewer than 22 fields).
    package init?(_ text: String) {
        guard let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")") else { return nil }
        command = String(text[text.index(after: open)..<close])
        fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count >= 20 else { return nil }
    }

    /// Process `pid`'s, if it is there to read.
    package init?(pid: Int32) {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return nil }
        self.init(text)
    }

    /// proc(5)'s field `number`, counted as the manual counts them (1 is the pid, 3 the state).
    private func field(_ number: Int) -> Substring { fields[number - 3] }

    /// The parent's pid (field 4).
    package var parent: Int32? { Int32(field(4)) }
    /// CPU time used, user and system (fields 14 and 15), in clock ticks.
    package var processorTicks: Double { (Double(field(14)) ?? 0) + (Double(field(15)) ?? 0) }
    /// When it started (field 22), in clock ticks since boot.
    package var startTicks: Double? { Double(field(22)) }
}

/// CPU seconds (user + system) process `pid` has used so far, from /proc/PID/stat.
package func processorSeconds(of pid: Int32) throws -> Double {
    let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
    guard let parsed = ProcessStat(stat) else { return 0 }
    return parsed.processorTicks / ProcessStat.ticksPerSecond
}
