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
}
