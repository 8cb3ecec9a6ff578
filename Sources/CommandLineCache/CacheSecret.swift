import Crypto
import Glibc

/// The user's key for the answer cache (docs/DESIGN.md §18 (The command line)): 32 random bytes in `fontd/key`,
/// mode 0600, with which every entry carries an HMAC-SHA256 of its contents. An entry that
/// another user wrote (or made with a hash anyone can work out) does not carry a right one.
///
/// The key is read only when it is a regular file, not a link, owned by the effective user, and
/// readable and writable by nobody else; anything else turns the cache off. Such a file that is not
/// 32 bytes long is damaged (emptied, cut short, written by hand): a new key replaces it, and the
/// entries made with the old one miss once.
struct CacheSecret: Sendable {
    /// The key, padded with zeros to SHA-256's block and XORed with HMAC's inner and outer pads (RFC 2104).
    private let innerPad: [UInt8]
    private let outerPad: [UInt8]

    /// The key file's name in the cache's directory.
    static let fileName = "key"
    static let byteCount = 32

    init(bytes: [UInt8]) {
        // RFC 2104 §2: a key longer than the block is hashed first (the key file holds 32 bytes; a test's may differ).
        let key = bytes.count > SHA256.blockByteCount ? Self.digest(bytes[...]) : bytes
        let padded = key + [UInt8](repeating: 0, count: SHA256.blockByteCount - key.count)
        innerPad = padded.map { $0 ^ 0x36 }
        outerPad = padded.map { $0 ^ 0x5c }
    }

    /// The key in `directory`; `noKey` when there is none yet, `damagedKey` when it is not 32 bytes long.
    init(readingIn directory: CacheDirectory) throws(CommandLineCacheError) {
        let path = directory.base + "/" + Self.fileName
        let opened: (descriptor: Int32, status: stat)
        do throws(CacheDirectory.OpenFailure) {
            opened = try CacheDirectory.openChecked(Self.fileName, in: directory.baseDescriptor, directory: false, forbiddenBits: 0o077)
        } catch {
            throw error.cacheError(at: path, missing: .noKey(path: path), untrusted: CommandLineCacheError.untrusted)
        }
        defer { close(opened.descriptor) }
        guard opened.status.st_size == Self.byteCount else { throw .damagedKey(path: path, bytes: Int64(opened.status.st_size)) }
        guard let bytes = Descriptor.read(opened.descriptor, limit: Self.byteCount) else { throw .unreadable(path: path, errno: errno) }
        // Cut short since `fstat`: damaged all the same.
        guard bytes.count == Self.byteCount else { throw .damagedKey(path: path, bytes: Int64(bytes.count)) }
        self.init(bytes: bytes)
    }

    /// The key in `directory`, made when there is none or it is damaged: 32 random bytes written to a
    /// new file (`O_CREAT | O_EXCL | O_NOFOLLOW`, 0600) and flushed, then linked as `key` when there
    /// is none, so that the key appears whole or not at all, and a run that loses the race reads the
    /// winner's; renamed over a damaged key, which is as atomic, and read back, so that of two runs
    /// repairing at once both use the key that stays.
    static func readingOrMaking(in directory: CacheDirectory) throws(CommandLineCacheError) -> CacheSecret {
        do throws(CommandLineCacheError) {
            return try CacheSecret(readingIn: directory)
        } catch {
            switch error {
            case .noKey(let path): return try making(in: directory, path: path, replacing: false)
            case .damagedKey(let path, _): return try making(in: directory, path: path, replacing: true)
            default: throw error
            }
        }
    }

    /// A new key put at `path`, in `directory`: linked when there is none (`replacing` false), renamed
    /// over a damaged one otherwise.
    private static func making(in directory: CacheDirectory, path: String, replacing: Bool) throws(CommandLineCacheError) -> CacheSecret {
        let bytes = SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) }
        let temporary = try directory.makeFile(prefix: ".key-", in: directory.baseDescriptor)
        // After a rename the temporary name is gone, and this removes nothing.
        defer { unlinkat(directory.baseDescriptor, temporary.name, 0) }
        let written = Descriptor.write(bytes, to: temporary.descriptor) && fsync(temporary.descriptor) == 0
        let writeError = errno
        close(temporary.descriptor)
        guard written else { throw .unwritable(path: directory.base + "/" + temporary.name, errno: writeError) }
        if replacing {
            // rename(2) replaces the damaged file whole, without following a link at its name.
            guard renameat(directory.baseDescriptor, temporary.name, directory.baseDescriptor, Self.fileName) == 0 else {
                throw .unwritable(path: path, errno: errno)
            }
            return try CacheSecret(readingIn: directory)
        }
        // link(2) never replaces what is at its new name, nor follows a link there.
        guard linkat(directory.baseDescriptor, temporary.name, directory.baseDescriptor, Self.fileName, 0) == 0 else {
            guard errno == EEXIST else { throw .unwritable(path: path, errno: errno) }
            return try CacheSecret(readingIn: directory)
        }
        return CacheSecret(bytes: bytes)
    }

    /// The HMAC-SHA256 of `bytes` with this key (RFC 2104 over swift-crypto's SHA-256, called on its
    /// concrete type with buffer pointers, not through the generic `HMAC<H>` over `DataProtocol`, which
    /// a hit would run unspecialized across the module boundary).
    func authenticationCode(of bytes: ArraySlice<UInt8>) -> [UInt8] {
        var inner = SHA256()
        innerPad.withUnsafeBytes { inner.update(bufferPointer: $0) }
        bytes.withUnsafeBytes { inner.update(bufferPointer: $0) }
        var outer = SHA256()
        outerPad.withUnsafeBytes { outer.update(bufferPointer: $0) }
        inner.finalize().withUnsafeBytes { outer.update(bufferPointer: $0) }
        return outer.finalize().withUnsafeBytes { Array($0) }
    }

    /// Whether `code` is the HMAC-SHA256 of `bytes` with this key, compared in constant time: every
    /// byte is looked at, wherever the first difference is.
    func isAuthenticationCode(_ code: [UInt8], of bytes: ArraySlice<UInt8>) -> Bool {
        let expected = authenticationCode(of: bytes)
        guard code.count == expected.count else { return false }
        var difference: UInt8 = 0
        for index in expected.indices { difference |= code[index] ^ expected[index] }
        return difference == 0
    }

    /// The SHA-256 digest of `bytes`.
    private static func digest(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var hash = SHA256()
        bytes.withUnsafeBytes { hash.update(bufferPointer: $0) }
        return hash.finalize().withUnsafeBytes { Array($0) }
    }
}
