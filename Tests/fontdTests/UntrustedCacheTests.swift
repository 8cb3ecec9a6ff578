import FontdTestSupport
import Foundation
import Testing

@testable import CommandLineCache

#if canImport(Glibc)
    import Glibc
#endif

/// The command line's answer cache reads only what the user running fontd made and nobody else can
/// change (docs/DESIGN.md §18 (The command line)): anything else is a miss — the command answers as without the cache,
/// promptly — and `FONTD_CACHE_TRACE=1` says why. The tests run as root here, and chown files to
/// `nobody`; the checks compare with the effective user, whoever that is.
@Suite(.ownThread) struct UntrustedCacheTests {
    static let arguments = ["query", "body", "--category", "xl", "--json"]
    /// `nobody`'s user and group ids.
    static let nobody: UInt32 = 65534

    /// A cache whose one entry holds the answer to `arguments`, with that answer as made without the cache.
    private func warmedSetup() throws -> (setup: CacheSetup, uncached: CacheSetup.Run, entry: URL) {
        let setup = try CacheSetup()
        let uncached = try setup.uncached(Self.arguments)
        #expect(uncached.status == 0)
        _ = try setup.warm(Self.arguments)
        return (setup, uncached, try setup.entry())
    }

    /// A copy of the kept answer printing `forged` instead, with a right HMAC: only the check
    /// under test can refuse it.
    private func forge(_ setup: CacheSetup, from entry: URL, into file: URL, printing forged: String) throws {
        var answer = try setup.storedAnswer(in: entry)
        answer.standardOutput = Array(forged.utf8)
        try setup.write(answer, to: file)
    }

    /// Runs the command and checks it answered as without the cache, with a trace line containing `reason`.
    @discardableResult
    private func expectIgnored(
        _ setup: CacheSetup, _ uncached: CacheSetup.Run, reason: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> CacheSetup.Run {
        let run = try setup.expectMiss(Self.arguments, sourceLocation: sourceLocation)
        #expect(run.answer == uncached.answer, sourceLocation: sourceLocation)
        #expect(run.trace.contains { $0.contains(reason) }, "\(run.trace)", sourceLocation: sourceLocation)
        return run
    }

    private func mode(of url: URL) throws -> mode_t {
        var status = stat()
        try #require(lstat(url.path, &status) == 0)
        return status.st_mode
    }

    /// The report's case: root's cache holding an entry of `nobody`'s, in a directory anyone may
    /// write. Its layout and HMAC are right; it is still not printed, nor is anything kept there.
    @Test func aForgedEntryOwnedByNobodyInAWorldWritableDirectoryIsNotPrinted() throws {
        let (setup, uncached, entry) = try warmedSetup()
        defer { setup.remove() }
        try forge(setup, from: entry, into: entry, printing: "forged\n")
        try #require(chown(entry.path, Self.nobody, Self.nobody) == 0)
        try #require(chmod(setup.answers.path, 0o777) == 0)

        let run = try expectIgnored(
            setup, uncached,
            reason: "not used: \(setup.answers.path) is writable by group or others (mode 0777); remove it and the next run makes a new one"
        )
        #expect(!run.wasKept)
        #expect(try setup.storedAnswer(in: entry).standardOutput == Array("forged\n".utf8), "the entry was left as it was")
    }

    /// An entry another user owns, in the user's own 0700 directory, is ignored and replaced by
    /// the run's answer, which the next run replays.
    @Test func anEntryOwnedByAnotherUserIsIgnoredAndReplaced() throws {
        let (setup, uncached, entry) = try warmedSetup()
        defer { setup.remove() }
        try forge(setup, from: entry, into: entry, printing: "forged\n")
        try #require(chown(entry.path, Self.nobody, Self.nobody) == 0)

        let run = try expectIgnored(
            setup, uncached, reason: "miss: ignored \(entry.path): it is owned by uid \(Self.nobody), not by this user (uid \(geteuid()))")
        #expect(run.wasKept, "\(run.trace)")
        try setup.expectHit(Self.arguments, answering: uncached)
    }

    /// An entry that group or others may write is ignored, whoever owns it.
    @Test(arguments: [0o620, 0o602, 0o666] as [mode_t])
    func anEntryOthersMayWriteIsIgnored(_ mode: mode_t) throws {
        let (setup, uncached, entry) = try warmedSetup()
        defer { setup.remove() }
        try forge(setup, from: entry, into: entry, printing: "forged\n")
        try #require(chmod(entry.path, mode) == 0)

        try expectIgnored(
            setup, uncached, reason: "miss: ignored \(entry.path): it is writable by group or others (mode 0\(String(mode, radix: 8)))")
        try setup.expectHit(Self.arguments, answering: uncached)
    }

    /// `fontd/` or `fontd/answers/` writable by group or others turns the cache off: nothing read, nothing kept.
    @Test(arguments: [("fontd", 0o770), ("fontd", 0o707), ("answers", 0o730), ("answers", 0o703)] as [(String, mode_t)])
    func aDirectoryOthersMayWriteTurnsTheCacheOff(_ name: String, _ mode: mode_t) throws {
        let (setup, uncached, entry) = try warmedSetup()
        defer { setup.remove() }
        let directory = name == "fontd" ? setup.base : setup.answers
        try forge(setup, from: entry, into: entry, printing: "forged\n")
        try #require(chmod(directory.path, mode) == 0)

        let run = try expectIgnored(
            setup, uncached, reason: "not used: \(directory.path) is writable by group or others (mode 0\(String(mode, radix: 8)))")
        #expect(!run.wasKept)
        try #require(chmod(directory.path, 0o700) == 0)
        #expect(try setup.expectHit(Self.arguments).output == "forged\n", "the entry was left as it was")
    }

    /// A directory of the cache that another user owns turns the cache off.
    @Test(arguments: ["fontd", "answers"])
    func aDirectoryOwnedByAnotherUserTurnsTheCacheOff(_ name: String) throws {
        let (setup, uncached, _) = try warmedSetup()
        defer { setup.remove() }
        let directory = name == "fontd" ? setup.base : setup.answers
        try #require(chown(directory.path, Self.nobody, Self.nobody) == 0)

        let run = try expectIgnored(
            setup, uncached, reason: "not used: \(directory.path) is owned by uid \(Self.nobody), not by this user (uid \(geteuid()))")
        #expect(!run.wasKept)
    }

    /// The report's hang: a FIFO at the entry's path. The run answers at once (a hang fails the
    /// test at its deadline instead of holding up the suite) and its answer replaces the FIFO.
    @Test func aFIFOAtTheEntryPathDoesNotHangTheCommand() throws {
        let (setup, uncached, entry) = try warmedSetup()
        defer { setup.remove() }
        try FileManager.default.removeItem(at: entry)
        try #require(mkfifo(entry.path, 0o600) == 0)

        let run = try setup.run(Self.arguments, timeoutSeconds: 10)
        #expect(run.answer == uncached.answer)
        #expect(run.trace.contains("miss: ignored \(entry.path): it is a FIFO, not a regular file"), "\(run.trace)")
        #expect(run.wasKept, "\(run.trace)")
        #expect(try mode(of: entry) & S_IFMT == S_IFREG)
        try setup.expectHit(Self.arguments, answering: uncached)
    }

    /// A symbolic link at the entry's path, to a right entry elsewhere, is not followed; the run's
    /// answer replaces the link, and what it pointed to is left alone.
    @Test func aSymbolicLinkAtTheEntryPathIsNotFollowed() throws {
        let (setup, uncached, entry) = try warmedSetup()
        defer { setup.remove() }
        let elsewhere = setup.directory.appendingPathComponent("elsewhere")
        try forge(setup, from: entry, into: elsewhere, printing: "through the link\n")
        try FileManager.default.removeItem(at: entry)
        try FileManager.default.createSymbolicLink(at: entry, withDestinationURL: elsewhere)
        let target = try Data(contentsOf: elsewhere)

        let run = try expectIgnored(
            setup, uncached, reason: "miss: ignored \(entry.path): it is a symbolic link (never followed), not a regular file")
        #expect(run.wasKept, "\(run.trace)")
        #expect(try mode(of: entry) & S_IFMT == S_IFREG)
        #expect(try Data(contentsOf: elsewhere) == target)
        try setup.expectHit(Self.arguments, answering: uncached)
    }

    /// A symbolic link in place of `fontd/answers/` or `fontd/`, to a directory holding a right
    /// entry, is not followed: the cache is off, and nothing is written through the link.
    @Test(arguments: ["fontd", "answers"])
    func aSymbolicLinkAtADirectoryIsNotFollowed(_ name: String) throws {
        let (setup, uncached, entry) = try warmedSetup()
        defer { setup.remove() }
        try forge(setup, from: entry, into: entry, printing: "through the link\n")
        let directory = name == "fontd" ? setup.base : setup.answers
        let real = directory.deletingLastPathComponent().appendingPathComponent(name + "-elsewhere")
        try FileManager.default.moveItem(at: directory, to: real)
        try FileManager.default.createSymbolicLink(at: directory, withDestinationURL: real)
        let before = try FileManager.default.contentsOfDirectory(atPath: real.path).sorted()

        let run = try expectIgnored(
            setup, uncached, reason: "not used: \(directory.path) is a symbolic link (never followed), not a directory")
        #expect(!run.wasKept)
        #expect(try FileManager.default.contentsOfDirectory(atPath: real.path).sorted() == before)
    }

    /// An entry that lists no inputs would never be stale: it is ignored and rewritten.
    @Test func anEntryListingNoInputsIsIgnored() throws {
        let (setup, uncached, entry) = try warmedSetup()
        defer { setup.remove() }
        var answer = try setup.storedAnswer(in: entry)
        answer.inputs = []
        answer.standardOutput = Array("forged\n".utf8)
        try setup.write(answer, to: entry)

        let run = try expectIgnored(setup, uncached, reason: "miss: the entry is damaged (it lists no inputs); it will be rewritten")
        #expect(run.wasKept, "\(run.trace)")
        try setup.expectHit(Self.arguments, answering: uncached)
    }

    /// An entry whose HMAC does not match — one byte of its output edited, or the whole file made
    /// with another key, or with the old FNV checksum anyone can work out — is ignored.
    @Test(arguments: ["an edited byte", "another key", "an FNV checksum"])
    func anEntryWhoseHMACDoesNotMatchIsIgnored(_ forgery: String) throws {
        let (setup, uncached, entry) = try warmedSetup()
        defer { setup.remove() }
        var answer = try setup.storedAnswer(in: entry)
        var bytes = try [UInt8](Data(contentsOf: entry))
        switch forgery {
        case "an edited byte":
            bytes[bytes.count / 2] ^= 0x01
        case "another key":
            answer.standardOutput = Array("forged\n".utf8)
            bytes = answer.encoded(with: CacheSecret(bytes: [UInt8](repeating: 7, count: 32)))
        default:
            answer.standardOutput = Array("forged\n".utf8)
            let body = Array(answer.encoded(with: try setup.secret()).dropLast(Array("hmac-sha256 \n".utf8).count + 64))
            bytes = body + Array("checksum ".utf8) + StableHash.hex(of: body[...]) + [10]
        }
        try Data(bytes).write(to: entry)

        let run = try expectIgnored(
            setup, uncached,
            reason:
                "miss: the entry is damaged (its HMAC does not match: truncated, altered, or made with another key); it will be rewritten")
        #expect(run.wasKept, "\(run.trace)")
        try setup.expectHit(Self.arguments, answering: uncached)
    }

    /// The key is made once, 32 bytes, mode 0600, owned by the user; the entry is 0600 too.
    @Test func theKeyIsMadeReadableByItsOwnerAlone() throws {
        let (setup, _, entry) = try warmedSetup()
        defer { setup.remove() }
        var status = stat()
        try #require(lstat(setup.keyFile.path, &status) == 0)
        #expect(status.st_mode & S_IFMT == S_IFREG)
        #expect(status.st_mode & 0o7777 == 0o600)
        #expect(status.st_uid == geteuid())
        #expect(status.st_size == 32)
        #expect(try mode(of: entry) & 0o7777 == 0o600)
        #expect(try mode(of: setup.base) & 0o7777 == 0o700)
        #expect(try mode(of: setup.answers) & 0o7777 == 0o700)
        let names = try FileManager.default.contentsOfDirectory(atPath: setup.base.path).sorted()
        #expect(names == ["answers", "key"], "no temporary file left beside the key")
    }

    /// A key that is not the user's alone turns the cache off, saying why; once it is removed, the
    /// next run makes a new one and the cache works again.
    @Test(arguments: ["mode 0640", "mode 0604", "owned by nobody", "a symbolic link", "a FIFO"])
    func aKeyThatIsNotTheUsersAloneTurnsTheCacheOff(_ damage: String) throws {
        let (setup, uncached, entry) = try warmedSetup()
        defer { setup.remove() }
        let key = setup.keyFile
        let expected: String
        switch damage {
        case "mode 0640", "mode 0604":
            let mode: mode_t = damage == "mode 0640" ? 0o640 : 0o604
            try #require(chmod(key.path, mode) == 0)
            expected = "is readable or writable by group or others (mode 0\(String(mode, radix: 8)), not 0600)"
        case "owned by nobody":
            try #require(chown(key.path, Self.nobody, Self.nobody) == 0)
            expected = "is owned by uid \(Self.nobody), not by this user (uid \(geteuid()))"
        case "a symbolic link":
            let elsewhere = setup.directory.appendingPathComponent("key-elsewhere")
            try FileManager.default.moveItem(at: key, to: elsewhere)
            try FileManager.default.createSymbolicLink(at: key, withDestinationURL: elsewhere)
            expected = "is a symbolic link (never followed), not a regular file"
        default:
            try FileManager.default.removeItem(at: key)
            try #require(mkfifo(key.path, 0o600) == 0)
            expected = "is a FIFO, not a regular file"
        }
        let before = try Data(contentsOf: entry)

        let run = try setup.run(Self.arguments, timeoutSeconds: 10)
        #expect(run.answer == uncached.answer)
        #expect(run.trace == ["not used: \(key.path) \(expected); remove it and the next run makes a new one"], "\(run.trace)")
        #expect(try Data(contentsOf: entry) == before, "nothing kept")

        try FileManager.default.removeItem(at: key)
        let remade = try setup.run(Self.arguments)
        #expect(remade.answer == uncached.answer)
        #expect(remade.trace.contains { $0.hasPrefix("miss: no key \(key.path)") }, "\(remade.trace)")
        #expect(try setup.warm(Self.arguments).answer == uncached.answer)
        try setup.expectHit(Self.arguments, answering: uncached)
    }

    /// A damaged key — the user's own 0600 file, emptied, cut short, or with a line feed added — is
    /// replaced by the next run, which answers as without the cache and keeps its answer: the run
    /// after it is a hit, with the answer made without the cache. The old entry, made with the old
    /// key, misses that once.
    @Test(arguments: ["emptied", "cut to 16 bytes", "33 bytes"])
    func aDamagedKeyIsReplaced(_ damage: String) throws {
        let (setup, uncached, _) = try warmedSetup()
        defer { setup.remove() }
        let key = setup.keyFile
        let old = try Data(contentsOf: key)
        let damaged: Data
        switch damage {
        case "emptied": damaged = Data()
        case "cut to 16 bytes": damaged = old.prefix(16)
        default: damaged = old + Data([10])
        }
        // In place, as a full disk or a crash leaves it: the file keeps its inode, owner and mode 0600.
        let handle = try FileHandle(forWritingTo: key)
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: damaged)
        try handle.close()
        #expect(try mode(of: key) & 0o7777 == 0o600)

        let repairing = try setup.run(Self.arguments)
        #expect(repairing.answer == uncached.answer)
        #expect(
            repairing.trace.first
                == "miss: the key \(key.path) is damaged (it holds \(damaged.count) bytes, not 32); a new one replaces it",
            "\(repairing.trace)")
        #expect(repairing.wasKept, "\(repairing.trace)")
        let repaired = try Data(contentsOf: key)
        #expect(repaired.count == 32)
        #expect(repaired != old)
        #expect(try mode(of: key) & 0o7777 == 0o600)
        #expect(try mode(of: key) & S_IFMT == S_IFREG)
        let names = try FileManager.default.contentsOfDirectory(atPath: setup.base.path).sorted()
        #expect(names == ["answers", "key"], "no temporary file left beside the key")

        try setup.expectHit(Self.arguments, answering: uncached)
    }
}
