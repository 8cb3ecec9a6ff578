import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// CPU seconds (user + system) process `pid` has used so far, from /proc/PID/stat.
package func processorSeconds(of pid: Int32) throws -> Double {
    let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
    // Fields after the parenthesized command name; utime and stime are the 14th and 15th.
    guard let close = stat.lastIndex(of: ")") else { return 0 }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
    return ((Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)) / ticks
}
