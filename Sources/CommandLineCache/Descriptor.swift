import Glibc

/// Whole reads and writes on file descriptors, with plain POSIX calls (the cache's hit runs before
/// anything else in the process, so it stays off Foundation).
public enum Descriptor {
    /// Writes all of `bytes` to `descriptor`, retrying on `EINTR`; false when a write failed.
    @discardableResult
    public static func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            written += count
        }
        return true
    }

    /// Everything `descriptor` holds from `offset` on, at most `limit` bytes; nil when a read failed
    /// or there is more. Read straight into the array, first sized `expectedBytes` (what `fstat`
    /// said, say) and one more, so that a file of that size takes one read and one that says it ended.
    static func read(_ descriptor: Int32, from offset: Int = 0, limit: Int, expectedBytes: Int = 64 * 1024) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: min(max(expectedBytes, 0), limit) + 1)
        var filled = 0
        while true {
            if filled == bytes.count {
                guard filled <= limit else { return nil }
                bytes += repeatElement(0, count: min(bytes.count, limit - bytes.count + 1))
            }
            let count = bytes.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress.map { $0 + filled }, buffer.count - filled, off_t(offset + filled))
            }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 {
                bytes.removeLast(bytes.count - filled)
                return bytes
            }
            filled += count
        }
    }

    /// The whole file at `path`, at most `limit` bytes; nil when it cannot be read or is larger.
    static func readFile(_ path: String, limit: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return read(descriptor, limit: limit)
    }
}
