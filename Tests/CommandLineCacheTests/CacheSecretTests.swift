import Foundation
import Glibc
import Synchronization
import Testing

@testable import CommandLineCache

/// The user's key for the answer cache (docs/DESIGN.md §18 (The command line)): made once, whole, 0600, and the same
/// for every run, however many make it at once.
struct CacheSecretTests {
    private func base() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fontd-secret-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent("fontd").path
    }

    /// Sixteen makers at once on an empty cache: one key is linked, and every maker ends up with it.
    @Test func makersAtOnceAllGetTheOneKey() throws {
        let base = try base()
        defer { try? FileManager.default.removeItem(atPath: (base as NSString).deletingLastPathComponent) }
        let codes = Mutex<[[UInt8]]>([])
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            do throws(CommandLineCacheError) {
                let directory = try CacheDirectory(base: base, making: true)
                let secret = try CacheSecret.readingOrMaking(in: directory)
                codes.withLock { $0.append(secret.authenticationCode(of: [1, 2, 3])) }
            } catch {
                failures.withLock { $0.append(error.description) }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
        let all = codes.withLock { $0 }
        #expect(all.count == 16)
        #expect(Set(all).count == 1, "one key for all")

        let reread = try CacheSecret(readingIn: CacheDirectory(base: base, making: false))
        #expect(reread.authenticationCode(of: [1, 2, 3]) == all.first)
        var status = stat()
        #expect(lstat(base + "/key", &status) == 0 && status.st_mode & 0o7777 == 0o600 && status.st_size == 32)
        #expect(try FileManager.default.contentsOfDirectory(atPath: base).sorted() == ["answers", "key"])
    }

    /// Reading alone makes nothing: without a key there is `noKey`, and the directories are not made either.
    @Test func readingMakesNothing() throws {
        let base = try base()
        defer { try? FileManager.default.removeItem(atPath: (base as NSString).deletingLastPathComponent) }
        #expect(throws: CommandLineCacheError.noDirectory(path: base)) { try CacheDirectory(base: base, making: false) }
        let directory = try CacheDirectory(base: base, making: true)
        #expect(throws: CommandLineCacheError.noKey(path: base + "/key")) { try CacheSecret(readingIn: directory) }
        #expect(!FileManager.default.fileExists(atPath: base + "/key"))
    }

    /// A key of the user's own, 0600, that is not 32 bytes is damaged, not untrusted: reading it says
    /// so, and sixteen makers at once replace it — each gets a key, the one left is 32 bytes and
    /// 0600, and no temporary file stays.
    @Test(arguments: [0, 16, 33])
    func makersReplaceADamagedKey(bytes: Int) throws {
        let base = try base()
        defer { try? FileManager.default.removeItem(atPath: (base as NSString).deletingLastPathComponent) }
        let directory = try CacheDirectory(base: base, making: true)
        let damaged = [UInt8](repeating: 7, count: bytes)
        try #require(FileManager.default.createFile(atPath: base + "/key", contents: Data(damaged), attributes: [.posixPermissions: 0o600]))
        #expect(throws: CommandLineCacheError.damagedKey(path: base + "/key", bytes: Int64(bytes))) {
            try CacheSecret(readingIn: directory)
        }

        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            do throws(CommandLineCacheError) {
                _ = try CacheSecret.readingOrMaking(in: CacheDirectory(base: base, making: true))
            } catch {
                failures.withLock { $0.append(error.description) }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
        let key = try [UInt8](Data(contentsOf: URL(fileURLWithPath: base + "/key")))
        #expect(key.count == 32 && key != Array(damaged.prefix(32)))
        var status = stat()
        #expect(lstat(base + "/key", &status) == 0 && status.st_mode & 0o7777 == 0o600 && status.st_mode & S_IFMT == S_IFREG)
        #expect(try FileManager.default.contentsOfDirectory(atPath: base).sorted() == ["answers", "key"])
        let reread = try CacheSecret(readingIn: directory)
        #expect(reread.authenticationCode(of: [1, 2, 3]) == CacheSecret(bytes: key).authenticationCode(of: [1, 2, 3]))
    }

    /// A key that others may read is refused, whatever its length, and left as it is: only the
    /// user's own 0600 file is ever replaced.
    @Test func anUntrustedKeyIsNotReplaced() throws {
        let base = try base()
        defer { try? FileManager.default.removeItem(atPath: (base as NSString).deletingLastPathComponent) }
        let directory = try CacheDirectory(base: base, making: true)
        try #require(
            FileManager.default.createFile(atPath: base + "/key", contents: Data([1, 2, 3]), attributes: [.posixPermissions: 0o640]))
        #expect(throws: CommandLineCacheError.untrusted(path: base + "/key", .accessibleByOthers(mode: 0o640))) {
            try CacheSecret.readingOrMaking(in: directory)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: base + "/key")) == Data([1, 2, 3]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: base).sorted() == ["answers", "key"])
    }
}
