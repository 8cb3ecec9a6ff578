import Foundation
import Glibc

/// The few file operations `fontd desktop` needs, each failing with the file's name: a file is
/// replaced by writing a temporary file beside it and renaming it over the old one, so that no
/// reader ever sees half of it, and it keeps the mode it had.
enum UserFiles {
    /// The file's bytes; nil when there is no such file.
    static func read(_ path: String) throws(DesktopInstallError) -> Data? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do { return try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw .fileFailure(path: path, action: "read", reason: reason(error))
        }
    }

    /// The file's permission bits; nil when there is no such file.
    static func mode(_ path: String) -> UInt16? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return UInt16(status.st_mode & 0o7777)
    }

    /// Replaces (or creates) `path` with `data` at once, with `mode`. A symbolic link (a dotfiles
    /// repository's, say) stays one: the file it points to is replaced.
    static func write(_ data: Data, to link: String, mode: UInt16) throws(DesktopInstallError) {
        var status = stat()
        let isLink = lstat(link, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK
        let path = isLink ? URL(fileURLWithPath: link).resolvingSymlinksInPath().path : link
        let folder = (path as NSString).deletingLastPathComponent
        let temporary = folder + "/.\((path as NSString).lastPathComponent).fontd-\(getpid())"
        do {
            try data.write(to: URL(fileURLWithPath: temporary))
            guard chmod(temporary, mode_t(mode)) == 0, rename(temporary, path) == 0 else {
                throw DesktopInstallError.fileFailure(path: path, action: "write", reason: String(cString: strerror(errno)))
            }
        } catch let error as DesktopInstallError {
            unlink(temporary)
            throw error
        } catch {
            unlink(temporary)
            throw .fileFailure(path: path, action: "write", reason: reason(error))
        }
    }

    /// Removes the file at `path` (there being none is not an error).
    static func remove(_ path: String) throws(DesktopInstallError) {
        guard unlink(path) == 0 || errno == ENOENT else {
            throw .fileFailure(path: path, action: "remove", reason: String(cString: strerror(errno)))
        }
    }

    /// Makes `folder` and the folders above it that are missing; returns those it made, outermost first.
    static func makeFolders(_ folder: String) throws(DesktopInstallError) -> [String] {
        var missing: [String] = []
        var current = folder
        while !current.isEmpty, current != "/", !FileManager.default.fileExists(atPath: current) {
            missing.insert(current, at: 0)
            current = (current as NSString).deletingLastPathComponent
        }
        for path in missing where mkdir(path, 0o755) != 0 && errno != EEXIST {
            throw .fileFailure(path: path, action: "make the folder", reason: String(cString: strerror(errno)))
        }
        return missing
    }

    /// Removes `folder` when it is empty; keeps it (and says nothing) otherwise.
    static func removeIfEmpty(_ folder: String) { rmdir(folder) }

    private static func reason(_ error: any Error) -> String {
        (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
    }
}
