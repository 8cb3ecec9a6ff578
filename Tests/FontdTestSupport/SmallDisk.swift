import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A real small disk for a test: a tmpfs of a given size mounted on a fresh directory (the tests
/// run as root), which a filler file makes full and its removal frees again. Unmounted, lazily,
/// when the test is done, so a server still holding a file there cannot keep it.
public final class SmallDisk {
    public enum DiskError: Error, CustomStringConvertible {
        case mountFailed(String)
        case fillFailed(Int32)

        public var description: String {
            switch self {
            case .mountFailed(let reason): "cannot mount a tmpfs (the tests need root): \(reason)"
            case .fillFailed(let code): "cannot fill the disk: \(String(cString: strerror(code)))"
            }
        }
    }

    /// The mounted directory.
    public let path: String
    private var filler: String { path + "/filler" }

    /// Mounts a tmpfs of `kibibytes` on a new temporary directory.
    public init(kibibytes: Int) throws {
        path = try TestPaths.temporaryDirectory().appendingPathComponent("disk").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let (status, output) = try Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kibibytes)k,mode=0700", "tmpfs", path])
        guard status == 0 else { throw DiskError.mountFailed(output) }
    }

    deinit {
        _ = try? Self.run("/bin/umount", ["--lazy", path])
        rmdir(path)
    }

    /// Runs `tool` to its end: its status and what it wrote on stdout and stderr.
    private static func run(_ tool: String, _ arguments: [String]) throws -> (Int32, String) {
        let result = try CommandRunner.run(
            arguments, executable: URL(fileURLWithPath: tool), environment: ProcessInfo.processInfo.environment)
        return (result.status, result.standardOutput + result.standardError)
    }

    /// Fills every free block with the filler file: writes of a page, then of a byte, until ENOSPC.
    public func fill() throws {
        let file = open(filler, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard file >= 0 else { throw DiskError.fillFailed(errno) }
        defer { close(file) }
        for size in [65536, 4096, 1] {
            let chunk = [UInt8](repeating: 0, count: size)
            while true {
                let written = chunk.withUnsafeBytes { write(file, $0.baseAddress, size) }
                if written > 0 { continue }
                if written < 0, errno == EINTR { continue }
                guard written < 0, errno == ENOSPC else { throw DiskError.fillFailed(errno) }
                break
            }
        }
    }

    /// Removes the filler: the room it took is free again.
    public func free() {
        unlink(filler)
    }

    /// Free bytes on the disk, as `statvfs` counts them.
    public var freeBytes: Int {
        var status = statvfs()
        guard statvfs(path, &status) == 0 else { return -1 }
        return Int(status.f_bavail) * Int(status.f_frsize)
    }
}
