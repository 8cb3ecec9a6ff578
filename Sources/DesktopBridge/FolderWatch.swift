import Dispatch
import Glibc

/// Reports when a file of one folder is replaced or written (inotify on the folder, since KConfig
/// and fontd both write by renaming a new file over the old). Reports run on `queue`; the dispatch
/// source, its only state, may be cancelled from any thread.
final class FolderWatch: @unchecked Sendable {
    private let source: any DispatchSourceRead

    /// Watches `folder` for `name`: `changed` runs on `queue` after each close-after-write or
    /// rename onto it (several may be reported at once as one).
    init(folder: String, name: String, queue: DispatchQueue, changed: @escaping @Sendable () -> Void) throws(KDEBridgeError) {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { throw .notWatched(folder: folder, reason: String(cString: strerror(errno))) }
        let mask = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_CREATE)
        guard inotify_add_watch(descriptor, folder, mask) >= 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .notWatched(folder: folder, reason: reason)
        }
        source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        source.setEventHandler {
            if Self.drain(descriptor).contains(name) { changed() }
        }
        source.setCancelHandler { close(descriptor) }
        source.resume()
    }

    deinit { source.cancel() }

    /// Stops the reports; one already under way may still run.
    func cancel() { source.cancel() }

    /// The names of the events waiting on `descriptor`.
    private static func drain(_ descriptor: Int32) -> Set<String> {
        var names: Set<String> = []
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { break }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let length = buffer.withUnsafeBytes { Int($0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)) }
                let start = offset + header
                let nameBytes = buffer[start..<min(start + length, count)].prefix { $0 != 0 }
                names.insert(String(decoding: nameBytes, as: UTF8.self))
                offset = start + length
            }
        }
        return names
    }
}
