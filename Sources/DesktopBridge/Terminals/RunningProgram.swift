import Glibc

/// A running program of this user found in /proc, with the environment it started with: how fontd
/// finds the kitty instances that read the configuration it wrote (they register nowhere else).
struct RunningProgram: Sendable {
    let pid: pid_t
    let environment: [String: String]

    /// Every process of this user whose `comm` is `name`, whose parent is not one too (kitty's
    /// prewarmed child is not a terminal), and that blocks or catches `signal`, so that sending it
    /// cannot end the process.
    static func all(named name: String, handling signal: Int32) -> [RunningProgram] {
        var found: [RunningProgram] = []
        for entryName in ReaderFile.entries(of: "/proc") ?? [] {
            guard let pid = pid_t(entryName) else { continue }
            var info = stat()
            guard stat("/proc/\(pid)", &info) == 0, info.st_uid == getuid(),
                AtomicFile.read("/proc/\(pid)/comm") == name + "\n",
                let status = AtomicFile.read("/proc/\(pid)/status"),
                Self.handles(signal, status: status),
                Self.field("PPid", status: status).flatMap({ AtomicFile.read("/proc/\($0)/comm") }) != name + "\n",
                let environ = AtomicFile.read("/proc/\(pid)/environ")
            else { continue }
            var environment: [String: String] = [:]
            for item in environ.split(separator: "\0") {
                guard let equals = item.firstIndex(of: "=") else { continue }
                environment[String(item[..<equals])] = String(item[item.index(after: equals)...])
            }
            found.append(RunningProgram(pid: pid, environment: environment))
        }
        return found
    }

    /// Whether /proc's `status` shows `signal` blocked (SigBlk) or caught (SigCgt).
    private static func handles(_ signal: Int32, status: String) -> Bool {
        let bit = UInt64(1) << UInt64(signal - 1)
        return ["SigBlk", "SigCgt"].contains { field($0, status: status).flatMap { UInt64($0, radix: 16) }.map { $0 & bit != 0 } ?? false }
    }

    private static func field(_ name: String, status: String) -> String? {
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            return String(line.dropFirst(name.count + 1).trimmingPrefix(while: { $0 == " " || $0 == "\t" }))
        }
        return nil
    }
}
