import Foundation

/// The folders the test support made for this process's tests, removed when the process exits
/// (`atexit`), so that a run leaves neither `/tmp/fontd-tests-*` nor `.build/test-fontconfig-fontd-tests-*`
/// behind.
///
/// Only what this process registered is removed: a suite running beside it in another process
/// keeps its own until it exits. Folders with fixed names (`.build/test-fontconfig`, the answer
/// cache) are shared by every run and kept, which is what makes their caches worth having. Any
/// thread registers, under `lock`; the exit handler runs once, on the exiting thread.
public enum RemovedAtExit {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var paths: [String] = []
    nonisolated(unsafe) private static var installed = false

    /// Removes `path` (a folder and everything in it) when the process exits.
    public static func register(_ path: String) {
        lock.withLock {
            if !installed {
                installed = true
                atexit { RemovedAtExit.removeAll() }
            }
            paths.append(path)
        }
    }

    /// Whether `path` is to be removed at exit: registered itself, or inside a registered folder.
    public static func willRemove(_ path: String) -> Bool {
        lock.withLock { paths.contains { path == $0 || path.hasPrefix($0 + "/") } }
    }

    private static func removeAll() {
        let paths = lock.withLock { Self.paths }
        for path in paths { try? FileManager.default.removeItem(atPath: path) }
    }
}
