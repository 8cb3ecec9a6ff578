import DesktopBridge
import Foundation
import Glibc

/// The few file operations `fontd desktop` needs, each failing with the file's name; reading and
/// replacing go through `ReaderFile` (docs/DESIGN.md §35 (Editing a reader's file)): no reader ever
/// sees half a file, a file keeps its mode, a link stays a link.
enum UserFiles {
    /// The file's bytes, through a link; nil when there is no such file. A dangling link is refused.
    static func read(_ path: String) throws(DesktopInstallError) -> Data? {
        do throws(ReaderFileError) { return try ReaderFile(path: path).read().map { Data($0) } } catch { throw .file(error) }
    }

    /// The file's permission bits; nil when there is no such file.
    static func mode(_ path: String) -> UInt16? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return UInt16(status.st_mode & 0o7777)
    }

    /// Replaces (or creates) `path` with `data` at once, keeping the mode of a file that exists
    /// (`mode` for a new one). A symbolic link (a dotfiles repository's, say) stays one: the file it
    /// points to is replaced (docs/DESIGN.md §35 (Editing a reader's file)).
    static func write(_ data: Data, to path: String, mode: UInt16) throws(DesktopInstallError) {
        try replace(nil, with: data, at: path, mode: mode, checked: false)
    }

    /// Replaces `path` with `data` only if it still holds `expected` (nil: it does not exist), as
    /// read before; refused when another program changed it since.
    static func replace(_ expected: Data?, with data: Data, at path: String, mode: UInt16, checked: Bool = true) throws(DesktopInstallError)
    {
        do throws(ReaderFileError) {
            let wanted: [UInt8]? = expected.map { Array($0) }
            try ReaderFile(path: path, newFileMode: mode_t(mode)).edit { bytes throws(ReaderFileError) in
                guard !checked || bytes == wanted else { throw .keptChanging(file: path, attempts: 1) }
                return .write(Array(data))
            }
        } catch {
            throw .file(error)
        }
    }

    /// Whether `path` is a symbolic link (which fontd never removes).
    static func isLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
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
