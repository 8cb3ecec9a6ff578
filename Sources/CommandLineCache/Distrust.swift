import Glibc

/// Why a directory or file of the answer cache is not read (docs/DESIGN.md §18 (The command line)): the cache reads
/// only what the user running fontd made and nobody else can change, so that another user who can
/// write somewhere on the way cannot put words in fontd's mouth.
public enum Distrust: Equatable, Sendable, CustomStringConvertible {
    /// Something else stands where a directory or a regular file belongs (a symbolic link, which
    /// is never followed, a FIFO, a device, a directory…): `found` and `expected` in words.
    case kind(found: String, expected: String)
    /// Owned by another user than the one running fontd (its effective user id).
    case owner(uid: UInt32, user: UInt32)
    /// Group or others may write it: `mode` is its permission bits.
    case writableByOthers(mode: UInt32)
    /// Group or others may read or write it (the key, which must be 0600): `mode` is its permission bits.
    case accessibleByOthers(mode: UInt32)

    public var description: String {
        switch self {
        case .kind(let found, let expected): "is \(found), not \(expected)"
        case .owner(let uid, let user): "is owned by uid \(uid), not by this user (uid \(user))"
        case .writableByOthers(let mode): "is writable by group or others (mode \(Self.octal(mode)))"
        case .accessibleByOthers(let mode): "is readable or writable by group or others (mode \(Self.octal(mode)), not 0600)"
        }
    }

    /// Why what `fstat` says of an open descriptor is not to be trusted, or nil when it is a
    /// directory (`directory`) or a regular file, owned by the effective user, with none of
    /// `forbiddenBits` in its mode.
    static func of(_ status: stat, directory: Bool, forbiddenBits: mode_t = 0o022) -> Distrust? {
        let type = status.st_mode & S_IFMT
        let expected: mode_t = directory ? S_IFDIR : S_IFREG
        guard type == expected else { return .kind(found: kind(of: type), expected: kind(of: expected)) }
        let user = geteuid()
        guard status.st_uid == user else { return .owner(uid: status.st_uid, user: user) }
        let mode = status.st_mode & 0o7777
        guard mode & forbiddenBits == 0 else {
            // Forbidding read bits too is the key's rule (0600); the rest need only be unwritable.
            return forbiddenBits & 0o044 == 0 ? .writableByOthers(mode: mode) : .accessibleByOthers(mode: mode)
        }
        return nil
    }

    /// What stands at `name` in `parent` when it is not a directory (`directory`) or a regular
    /// file: said after `open` with `O_NOFOLLOW` failed with `ELOOP` (a link) or `ENOTDIR` (a link or
    /// a file where `O_DIRECTORY` asked for a directory). Nil when it cannot be told.
    static func ofKind(at name: String, in parent: Int32, directory: Bool) -> Distrust? {
        var status = stat()
        guard fstatat(parent, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        let type = status.st_mode & S_IFMT
        let expected: mode_t = directory ? S_IFDIR : S_IFREG
        return type == expected ? nil : .kind(found: kind(of: type), expected: kind(of: expected))
    }

    /// A file type of `st_mode`, in words.
    private static func kind(of type: mode_t) -> String {
        switch type {
        case S_IFREG: "a regular file"
        case S_IFDIR: "a directory"
        case S_IFLNK: "a symbolic link (never followed)"
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        default: "of another kind"
        }
    }

    private static func octal(_ mode: UInt32) -> String {
        let digits = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
