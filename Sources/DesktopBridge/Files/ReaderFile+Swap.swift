import CFontdSystem
import Glibc

/// The compare-and-swap at the end of an edit (docs/DESIGN.md §35 (Editing a reader's file)): the
/// new bytes go to a temporary file beside the target (its mode, flushed), which is exchanged with
/// the target in one `renameat2(RENAME_EXCHANGE)`. What the exchange displaced is then compared
/// with what fontd read: the same, it is removed; different — another program wrote between the
/// read and the exchange, in place or by a rename of its own — it is exchanged back and the edit
/// starts over. An in-place writer still holding the displaced file thus writes it back where it
/// belongs. Where the file system has no exchange, the target is read again just before a plain rename.
extension ReaderFile {
    /// Puts `change` in place if the file is still `read`; nil when it was not, and nothing changed.
    func swap(_ change: Change, for read: Read, at target: String) throws(ReaderFileError) -> Outcome? {
        switch change {
        case .write(let bytes):
            let (temporary, inode) = try Self.writeTemporary(bytes, beside: target, mode: read.bytes == nil ? newFileMode : read.mode)
            guard read.bytes != nil else {
                if fontd_rename_noreplace(temporary, target) == 0 { return Self.synced(target, .written) }
                let code = errno
                if code == EINVAL || code == ENOSYS, access(target, F_OK) != 0, rename(temporary, target) == 0 {
                    return Self.synced(target, .written)
                }
                unlink(temporary)
                if code == EEXIST || code == EINVAL || code == ENOSYS { return nil }
                throw .notWritten(file: target, reason: "renaming \(temporary): \(String(cString: strerror(code)))")
            }
            // Read again just before the swap: a change found here costs nothing to undo.
            guard Self.isStill(read, at: target) else {
                unlink(temporary)
                return nil
            }
            guard fontd_rename_exchange(temporary, target) == 0 else {
                let code = errno
                guard code == EINVAL || code == ENOSYS, Self.isStill(read, at: target) else {
                    unlink(temporary)
                    if code == EINVAL || code == ENOSYS { return nil }
                    throw .notWritten(file: target, reason: "exchanging \(temporary): \(String(cString: strerror(code)))")
                }
                guard rename(temporary, target) == 0 else {
                    let failure = ReaderFileError.notWritten(
                        file: target, reason: "renaming \(temporary): \(String(cString: strerror(errno)))")
                    unlink(temporary)
                    throw failure
                }
                return Self.synced(target, .written)
            }
            // `temporary` now names what stood at the target: another inode (a writer's rename) goes
            // back at once, before anyone can read fontd's file and build on it; the same inode is
            // compared byte for byte (an in-place writer).
            var status = stat()
            if lstat(temporary, &status) == 0, status.st_ino == read.inode, (try? Self.readOnce(temporary))?.bytes == read.bytes {
                unlink(temporary)
                return Self.synced(target, .written)
            }
            if lstat(target, &status) == 0, status.st_ino == inode { _ = fontd_rename_exchange(temporary, target) }
            unlink(temporary)
            return nil
        case .remove:
            let grabbed =
                Self.folder(of: target) + "/.\(Self.name(of: target)).fontd-removed-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            guard fontd_rename_noreplace(target, grabbed) == 0 else {
                let code = errno
                if code == ENOENT { return nil }
                guard code == EINVAL || code == ENOSYS else {
                    throw .notWritten(file: target, reason: "removing it: \(String(cString: strerror(code)))")
                }
                guard Self.isStill(read, at: target) else { return nil }
                guard unlink(target) == 0 || errno == ENOENT else {
                    throw .notWritten(file: target, reason: "removing it: \(String(cString: strerror(errno)))")
                }
                return Self.synced(target, .removed)
            }
            if (try? Self.readOnce(grabbed))?.bytes == read.bytes {
                unlink(grabbed)
                return Self.synced(target, .removed)
            }
            // Changed since the read: it goes back (unless a newer file took its place, which stays).
            if fontd_rename_noreplace(grabbed, target) != 0 { unlink(grabbed) }
            return nil
        }
    }

    /// Whether the file at `target` is still the one `read` found: the same inode, the same bytes.
    static func isStill(_ read: Read, at target: String) -> Bool {
        guard let now = try? readOnce(target) else { return false }
        return now.inode == read.inode && now.bytes == read.bytes
    }

    /// Writes `bytes` to a new temporary file beside `target` with `mode`, flushed; its path and inode.
    static func writeTemporary(_ bytes: [UInt8], beside target: String, mode: mode_t) throws(ReaderFileError) -> (String, ino_t) {
        let folder = folder(of: target)
        var template = Array("\(folder)/.\(name(of: target)).fontd-XXXXXX".utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else {
            throw .notWritten(file: target, reason: "creating a temporary file in \(folder): \(String(cString: strerror(errno)))")
        }
        var temporary = String(cString: template)
        func failed(_ step: String) -> ReaderFileError {
            let failure = ReaderFileError.notWritten(file: target, reason: "\(step) \(temporary): \(String(cString: strerror(errno)))")
            close(descriptor)
            unlink(temporary)
            return failure
        }
        // Named by this process and its own inode, so that what a killed fontd leaves is known for its
        // own (ReaderFile+Leftovers).
        var made = stat()
        guard fstat(descriptor, &made) == 0 else { throw failed("reading the inode of") }
        let named = temporaryPath(beside: target, inode: made.st_ino)
        guard fontd_rename_noreplace(temporary, named) == 0 || (errno != EEXIST && rename(temporary, named) == 0) else {
            throw failed("naming")
        }
        temporary = named
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw failed("writing") }
            written += count
        }
        var status = stat()
        guard fchmod(descriptor, mode) == 0 else { throw failed("setting the mode of") }
        guard fsync(descriptor) == 0 else { throw failed("flushing") }
        guard fstat(descriptor, &status) == 0 else { throw failed("reading the inode of") }
        guard close(descriptor) == 0 else {
            let failure = ReaderFileError.notWritten(file: target, reason: "closing \(temporary): \(String(cString: strerror(errno)))")
            unlink(temporary)
            throw failure
        }
        return (temporary, status.st_ino)
    }

    /// The last segment of `path`.
    static func name(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// Flushes `target`'s folder, so that the rename survives a crash; then `outcome`.
    private static func synced(_ target: String, _ outcome: Outcome) -> Outcome {
        let directory = open(folder(of: target), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directory >= 0 {
            _ = fsync(directory)
            close(directory)
        }
        return outcome
    }
}
