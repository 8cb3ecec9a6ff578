import Glibc

/// The folders fontd made to hold a file of the reader's configuration (docs/DESIGN.md §35 (Editing
/// a reader's file)), `$XDG_STATE_HOME/fontd/desktop-folders.json`: what fontd created it removes
/// whole. A file that did not exist is created only when fontd has something to write, and its
/// missing folders with it, outermost first (`~/.config`, then `~/.config/Code`, then
/// `~/.config/Code/User`); each is recorded by path and identity (device and inode) once made.
/// When fontd removes a file again, the folders it made around it go too, innermost first, each
/// only while it is empty and still the very folder fontd made: a folder the reader had is never
/// in the record, one they put a file in is not empty, and one they removed and made again is
/// another inode.
///
/// A folder made but not yet recorded (a crash between the two) stays: the record errs on keeping.
public struct CreatedFolders: StateRecord {
    /// One folder fontd made.
    public struct Folder: Sendable, Hashable, Codable {
        public var path: String
        public var device: UInt64
        public var inode: UInt64

        /// The folder at `path` as it is now; nil when there is no folder there.
        init?(at path: String) {
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return nil }
            self.path = path
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
        }
    }

    /// The folders, in the order fontd made them.
    public var folders: [Folder]

    public init() { folders = [] }

    /// The file's name in the state folder.
    public static let fileName = "desktop-folders.json"

    /// The record's path in `stateFolder`.
    public static func path(stateFolder: String) -> String { stateFolder + "/" + fileName }

    /// Makes `folder` and every missing folder above it, outermost first, recording each in the
    /// record at `record` (nil: made but not recorded, so never removed).
    static func make(_ folder: String, record: String?) throws(ReaderFileError) {
        var missing: [String] = []
        var current = folder
        while access(current, F_OK) != 0, current != "/", current != "." {
            missing.append(current)
            current = ReaderFile.folder(of: current)
        }
        for path in missing.reversed() {
            guard mkdir(path, 0o755) == 0 else {
                // Made meanwhile by another program: theirs, not recorded.
                if errno == EEXIST { continue }
                throw .notWritten(file: folder, reason: "creating \(path): \(String(cString: strerror(errno)))")
            }
            guard let record, let made = Folder(at: path) else { continue }
            _ = try? update(at: record) { $0.folders.append(made) }
        }
    }

    /// Removes the folders fontd made around `file`, innermost first, while each is recorded, still
    /// the same folder and empty; the first that is not stops it (the folders above it hold it).
    static func removeEmpty(holding file: String, record: String?) {
        // Most calls find fontd's other files there: the record is read only for an empty folder.
        guard let record, isEmpty(ReaderFile.folder(of: file)) else { return }
        _ = try? update(at: record) { created in
            var folder = ReaderFile.folder(of: file)
            while let index = created.folders.firstIndex(where: { $0.path == folder }) {
                if Folder(at: folder) != created.folders[index] {
                    // Removed, or another folder now: not fontd's any more.
                    created.folders.remove(at: index)
                    return
                }
                guard rmdir(folder) == 0 else { return }
                created.folders.remove(at: index)
                folder = ReaderFile.folder(of: folder)
            }
        }
    }

    /// Whether `folder` is a folder with nothing in it.
    private static func isEmpty(_ folder: String) -> Bool {
        ReaderFile.entries(of: folder)?.isEmpty == true
    }
}
