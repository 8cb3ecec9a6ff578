import FontdTestSupport
import Foundation
import Testing

@testable import CommandLineCache

/// A private font directory, fontconfig configuration and answer cache for one test of the
/// command line's answer cache (docs/DESIGN.md §18 (The command line)). Runs trace the cache (`FONTD_CACHE_TRACE=1`),
/// so a test can tell a hit from a miss without timing anything.
struct CacheSetup {
    let directory: URL
    var fonts: URL { directory.appendingPathComponent("fonts") }
    /// A directory below `fonts`, empty at first: fontconfig scans it too.
    var nestedFonts: URL { fonts.appendingPathComponent("nested") }
    var configurationFile: URL { directory.appendingPathComponent("conf/fonts.conf") }
    /// A `conf.d` the configuration includes, empty at first.
    var includedDirectory: URL { directory.appendingPathComponent("conf/conf.d") }
    /// The cache's own directory (`$XDG_CACHE_HOME/fontd`), which holds the key and `answers/`.
    var base: URL { directory.appendingPathComponent("cache/fontd") }
    var answers: URL { base.appendingPathComponent("answers") }
    /// The user's key, with which entries are authenticated.
    var keyFile: URL { base.appendingPathComponent("key") }
    var environment: [String: String]

    /// - Parameter fonts: DejaVu files copied into the font directory.
    init(fonts names: [String] = ["DejaVuSans.ttf"]) throws {
        directory = try TestPaths.temporaryDirectory()
        environment = PinnedFonts.environment
        try FileManager.default.createDirectory(at: nestedFonts, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: includedDirectory, withIntermediateDirectories: true)
        for name in names { try addFont(name, to: fonts) }
        try writeConfiguration(preferring: "DejaVu Sans", to: configurationFile)
        environment["FONTCONFIG_FILE"] = configurationFile.path
        environment["XDG_CACHE_HOME"] = directory.appendingPathComponent("cache").path
        environment["FONTD_CACHE_TRACE"] = "1"
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }

    func addFont(_ name: String, to directory: URL) throws {
        try FileManager.default.copyItem(
            at: URL(fileURLWithPath: PinnedFonts.fontDirectory).appendingPathComponent(name), to: directory.appendingPathComponent(name))
    }

    /// A configuration of the font directory alone, whose `sans-serif` is `family`, including
    /// `conf.d` and, with `userConfiguration`, the system's rule that includes the user's
    /// configuration when there is one (`50-user.conf`: `$XDG_CONFIG_HOME/fontconfig/fonts.conf`…).
    func writeConfiguration(preferring family: String, to file: URL, userConfiguration: Bool = false) throws {
        let user = userConfiguration ? #"  <include ignore_missing="yes">/etc/fonts/conf.d/50-user.conf</include>"# + "\n" : ""
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
            <fontconfig>
              <dir>\(fonts.path)</dir>
              <cachedir>\(directory.appendingPathComponent("fontconfig-cache").path)</cachedir>
              <alias><family>sans-serif</family><prefer><family>\(family)</family></prefer></alias>
              <include ignore_missing="yes">\(includedDirectory.path)</include>
            \(user)</fontconfig>

            """
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        // In place, not renamed over: the file keeps its inode, so only its times and size tell.
        try Data(text.utf8).write(to: file)
    }

    /// One run of `fontd`: what it wrote, with the cache's trace lines apart from the rest of stderr.
    struct Run: Equatable {
        var status: Int32
        var output: String
        var error: String
        var trace: [String]

        var isHit: Bool { trace.contains { $0.hasPrefix("hit ") } }
        var wasKept: Bool { trace.contains { $0.hasPrefix("kept ") } }
        /// What a user sees, with the trace taken out.
        var answer: [String] { [String(status), output, error] }
    }

    /// Runs `fontd arguments…`; a run that takes longer than `timeoutSeconds` fails the test (it hung).
    func run(_ arguments: [String], _ extra: [String: String] = [:], timeoutSeconds: Double = 30) throws -> Run {
        let result = try CommandRunner.run(arguments, environment: environment.merging(extra) { $1 }, timeoutSeconds: timeoutSeconds)
        let prefix = "fontd: cache: "
        let lines = result.standardError.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return Run(
            status: result.status, output: result.standardOutput,
            error: lines.filter { !$0.hasPrefix(prefix) }.joined(separator: "\n"),
            trace: lines.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) })
    }

    /// The answer without the cache (`FONTD_NO_CACHE=1`), checked to leave the cache alone.
    func uncached(_ arguments: [String], _ extra: [String: String] = [:]) throws -> Run {
        let run = try self.run(arguments, extra.merging(["FONTD_NO_CACHE": "1"]) { $1 })
        #expect(run.trace.isEmpty, "FONTD_NO_CACHE=1 still used the cache: \(run.trace)")
        return run
    }

    /// Runs until the answer is in the cache — kept, or already there (a run that saw fontconfig's
    /// own cache being written keeps nothing) — and returns that run.
    func warm(_ arguments: [String], _ extra: [String: String] = [:]) throws -> Run {
        for _ in 0..<5 {
            let run = try self.run(arguments, extra)
            if run.wasKept || run.isHit { return run }
        }
        throw CacheTestError.neverKept(arguments)
    }

    /// Runs `arguments` and checks that the cache answered it, with `expected`'s answer when given.
    @discardableResult
    func expectHit(
        _ arguments: [String], answering expected: Run? = nil, _ extra: [String: String] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Run {
        let run = try self.run(arguments, extra)
        #expect(run.isHit, "\(run.trace)", sourceLocation: sourceLocation)
        if let expected { #expect(run.answer == expected.answer, sourceLocation: sourceLocation) }
        return run
    }

    /// Runs `arguments` and checks that the cache did not answer it.
    func expectMiss(_ arguments: [String], _ extra: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation) throws -> Run
    {
        let run = try self.run(arguments, extra)
        #expect(!run.isHit, "\(run.trace)", sourceLocation: sourceLocation)
        return run
    }

    /// The entry files in the cache.
    func entries() -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: answers.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.map { answers.appendingPathComponent($0) }
    }

    /// The one entry a test made.
    func entry() throws -> URL {
        let entries = entries()
        guard entries.count == 1 else { throw CacheTestError.entries(entries.map(\.lastPathComponent)) }
        return entries[0]
    }

    /// The key the runs made, read as they read it.
    func secret() throws -> CacheSecret {
        CacheSecret(bytes: [UInt8](try Data(contentsOf: keyFile)))
    }

    /// The answer kept in `file`, checked with the runs' key.
    func storedAnswer(in file: URL) throws -> StoredAnswer {
        try StoredAnswer(decoding: [UInt8](Data(contentsOf: file)), with: secret())
    }

    /// Writes `answer` to `file`, authenticated with the runs' key (in place: the file keeps its owner and mode).
    func write(_ answer: StoredAnswer, to file: URL) throws {
        try Data(answer.encoded(with: secret())).write(to: file)
    }
}

enum CacheTestError: Error {
    case neverKept([String])
    case entries([String])
}
