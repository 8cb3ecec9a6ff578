import Glibc

/// What a fontd that died in the middle of an edit left beside a reader's file (docs/DESIGN.md §35
/// (Editing a reader's file)), and how the next edit tells what it may remove.
///
/// An edit's new bytes go to a temporary file named `.NAME.fontd-PID-INODE`: the writing process and
/// the temporary file's own inode. Killed before its exchange, it leaves that file, holding only
/// fontd's new bytes: the inode in the name is still the file's, and the process is gone, so the next
/// edit of the same file removes it. Killed after the exchange, the same name holds what stood at the
/// target — the reader's displaced file, another inode — and that is never removed. Nor is a file of a
/// process still running (another fontd mid-edit), or any other name.
extension ReaderFile {
    /// The start of every temporary file's name beside `target`: `.NAME.fontd-`.
    static func temporaryPrefix(of target: String) -> String { ".\(name(of: target)).fontd-" }

    /// The name a temporary file with `inode`, made by this process, takes beside `target`.
    static func temporaryPath(beside target: String, inode: ino_t) -> String {
        folder(of: target) + "/" + temporaryPrefix(of: target) + "\(getpid())-\(inode)"
    }

    /// Removes each temporary file beside `target` that a process no longer running made and never put
    /// in place; returns their names.
    @discardableResult
    static func removeLeftovers(beside target: String) -> [String] {
        let folder = folder(of: target)
        let prefix = temporaryPrefix(of: target)
        return (entries(of: folder) ?? []).filter { name in
            guard name.hasPrefix(prefix) else { return false }
            let fields = name.dropFirst(prefix.count).split(separator: "-")
            guard fields.count == 2, let process = pid_t(fields[0]), process > 0, process != getpid(), let inode = ino_t(fields[1])
            else { return false }
            // ESRCH: no such process. EPERM means one runs (another user's): it is kept.
            guard kill(process, 0) != 0, errno == ESRCH else { return false }
            var status = stat()
            let path = folder + "/" + name
            guard lstat(path, &status) == 0, status.st_ino == inode, status.st_mode & S_IFMT == S_IFREG else { return false }
            return unlink(path) == 0
        }
    }
}
