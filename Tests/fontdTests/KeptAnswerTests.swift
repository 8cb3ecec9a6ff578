import DynamicType
import FontdTestSupport
import Foundation
import Synchronization
import Testing

@testable import CommandLineCache

/// `fontd query`, `styles`, `css`, `tokens` and `list` reuse their answers across runs while
/// nothing they were made from changed, and never serve a stale one (docs/DESIGN.md §18 (The command line)).
@Suite(.ownThread) struct KeptAnswerTests {
    static let commandLines: [[String]] = [
        ["query", "body", "--category", "xl", "--json"],
        ["query", "headline", "--traits", "bold,italic"],
        ["styles"],
        ["styles", "--category", "xl", "--json"],
        ["css", "--category", "all"],
        ["tokens", "--category", "ax2", "--legibility", "bold"],
        ["list"],
        ["list", "--family", "No Such Family"],
    ]

    @Test(arguments: commandLines)
    func aHitWritesWhatARunWithoutTheCacheWrites(_ arguments: [String]) throws {
        let setup = try CacheSetup()
        defer { setup.remove() }
        let uncached = try setup.uncached(arguments)
        #expect(uncached.status == 0)
        #expect(setup.entries().isEmpty)

        #expect(try setup.warm(arguments).answer == uncached.answer)
        try setup.expectHit(arguments, answering: uncached)
    }

    /// A hit loads none of the libraries only a miss calls: fontd opens fontconfig, FreeType and SQLite on their
    /// first call, and names neither them nor zlib as libraries it needs (docs/DESIGN.md §18 (The command line)). The
    /// dynamic loader's own account (`LD_DEBUG=files`, written to files of its own so that no answer keeps it) of
    /// a hit, and of a run without the cache, which loads fontconfig and FreeType when it resolves.
    @Test func aHitLoadsNeitherFontconfigFreeTypeNorSQLite() throws {
        let setup = try CacheSetup()
        defer { setup.remove() }
        let arguments = ["query", "body", "--category", "xl", "--json"]
        let uncached = try setup.warm(arguments)
        let loaderLogs = setup.directory.appendingPathComponent("loader")
        try FileManager.default.createDirectory(at: loaderLogs, withIntermediateDirectories: true)
        func loaded(_ name: String, _ extra: [String: String]) throws -> (run: CacheSetup.Run, log: String) {
            let prefix = loaderLogs.appendingPathComponent(name)
            let run = try setup.run(arguments, extra.merging(["LD_DEBUG": "files", "LD_DEBUG_OUTPUT": prefix.path]) { $1 })
            let logs = try FileManager.default.contentsOfDirectory(atPath: loaderLogs.path).filter { $0.hasPrefix(name + ".") }
            let log = try logs.map { try String(contentsOf: loaderLogs.appendingPathComponent($0), encoding: .utf8) }.joined()
            return (run, log)
        }
        let hit = try loaded("hit", [:])
        #expect(hit.run.isHit, "\(hit.run.trace)")
        #expect(hit.run.answer == uncached.answer)
        // The loader's account is there: it names the C library every run loads.
        #expect(hit.log.contains("file=libc.so.6"), "\(hit.log)")
        for library in ["libfontconfig.so", "libfreetype.so", "libsqlite3.so", "libz.so", "libexpat.so", "libpng16.so"] {
            #expect(!hit.log.contains("file=" + library), "a hit loaded \(library):\n\(hit.log)")
        }
        let resolved = try loaded("resolved", ["FONTD_NO_CACHE": "1"])
        #expect(resolved.run.answer == uncached.answer)
        #expect(resolved.log.contains("file=libfontconfig.so.1 [0];  dynamically loaded by"), "\(resolved.log)")
        #expect(resolved.log.contains("file=libfreetype.so.6"), "\(resolved.log)")
    }

    /// `--text-spacing wcag` is another key: its answer is never the kept `default` one, nor the reverse.
    @Test func wcagTextSpacingIsAnotherEntry() throws {
        let setup = try CacheSetup()
        defer { setup.remove() }
        let plain = ["query", "body", "--json"]
        let wcag = ["query", "body", "--json", "--text-spacing", "wcag"]
        let plainAnswer = try setup.warm(plain)
        let wcagRun = try setup.expectMiss(wcag)
        #expect(wcagRun.status == 0)
        #expect(wcagRun.output != plainAnswer.output)
        #expect(wcagRun.output.contains(#""wordSpacing": 2.72"#) && !plainAnswer.output.contains("wordSpacing"))
        let wcagAnswer = try setup.warm(wcag)
        try setup.expectHit(plain, answering: plainAnswer)
        try setup.expectHit(wcag, answering: wcagAnswer)
        #expect(setup.entries().count == 2)
    }

    /// The answer comes from the entry, fontconfig unasked: an entry altered (whole, with a right
    /// HMAC made with the user's key) is what the next run prints.
    @Test func aHitPrintsTheEntryItself() throws {
        let setup = try CacheSetup()
        defer { setup.remove() }
        let arguments = ["query", "body", "--json"]
        _ = try setup.warm(arguments)
        let file = try setup.entry()
        var answer = try setup.storedAnswer(in: file)
        answer.standardOutput = Array("from the cache\n".utf8)
        try setup.write(answer, to: file)

        #expect(try setup.expectHit(arguments).output == "from the cache\n")
    }

    private func family(_ run: CacheSetup.Run) throws -> String {
        try JSONDecoder().decode(ResolvedFont.self, from: Data(run.output.utf8)).matchedFace.family
    }

    /// Keeps the answer of `arguments` (family `before`), makes `change`, and checks that the next
    /// run is a miss whose family is `after`.
    private func expectChangeSeen(
        _ setup: CacheSetup, _ arguments: [String], family before: String, then after: String, change: () throws -> Void,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(try family(setup.warm(arguments)) == before, sourceLocation: sourceLocation)
        try change()
        #expect(try family(setup.expectMiss(arguments, sourceLocation: sourceLocation)) == after, sourceLocation: sourceLocation)
    }

    /// A font added to the font directory or to a directory below it.
    @Test(arguments: [false, true])
    func aFontAddedIsSeenOnTheNextRun(nested: Bool) throws {
        let setup = try CacheSetup()
        defer { setup.remove() }
        // DejaVu Serif is not installed at first: the answer is a fallback.
        try expectChangeSeen(setup, ["query", "body", "--family", "DejaVu Serif", "--json"], family: "DejaVu Sans", then: "DejaVu Serif") {
            try setup.addFont("DejaVuSerif.ttf", to: nested ? setup.nestedFonts : setup.fonts)
        }
    }

    @Test func anEditedFontsConfIsSeenOnTheNextRun() throws {
        let setup = try CacheSetup(fonts: ["DejaVuSans.ttf", "DejaVuSerif.ttf"])
        defer { setup.remove() }
        try expectChangeSeen(setup, ["query", "body", "--json"], family: "DejaVu Sans", then: "DejaVu Serif") {
            try setup.writeConfiguration(preferring: "DejaVu Serif", to: setup.configurationFile)
        }
    }

    @Test func aFileAddedToAnIncludedConfDIsSeenOnTheNextRun() throws {
        let setup = try CacheSetup(fonts: ["DejaVuSans.ttf", "DejaVuSerif.ttf"])
        defer { setup.remove() }
        try expectChangeSeen(setup, ["query", "body", "--json"], family: "DejaVu Sans", then: "DejaVu Serif") {
            try Data(Self.serifRule.utf8).write(to: setup.includedDirectory.appendingPathComponent("10-serif.conf"))
        }
    }

    /// A configuration file that puts DejaVu Serif first for `sans-serif`.
    static let serifRule = """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
        <fontconfig>
          <match target="pattern">
            <test name="family"><string>sans-serif</string></test>
            <edit name="family" mode="prepend_first" binding="strong"><string>DejaVu Serif</string></edit>
          </match>
        </fontconfig>

        """

    /// A configuration file that did not exist — here the user's, which the system's rules include
    /// when it exists — is recorded as missing, so creating it is a change.
    @Test func aUserConfigurationCreatedIsSeenOnTheNextRun() throws {
        var setup = try CacheSetup(fonts: ["DejaVuSans.ttf", "DejaVuSerif.ttf"])
        defer { setup.remove() }
        let configurationHome = setup.directory.appendingPathComponent("config")
        setup.environment["XDG_CONFIG_HOME"] = configurationHome.path
        try setup.writeConfiguration(preferring: "DejaVu Sans", to: setup.configurationFile, userConfiguration: true)
        try expectChangeSeen(setup, ["query", "body", "--json"], family: "DejaVu Sans", then: "DejaVu Serif") {
            let userFile = configurationHome.appendingPathComponent("fontconfig/fonts.conf")
            try FileManager.default.createDirectory(at: userFile.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(Self.serifRule.utf8).write(to: userFile)
        }
    }

    /// The first run on a new font directory writes fontconfig's own cache while it makes the
    /// answer: a path the answer was made from changed during the run, so nothing is kept until
    /// a run sees every path stand still.
    @Test func anAnswerMadeWhileAPathChangedIsNotKept() throws {
        let setup = try CacheSetup()
        defer { setup.remove() }
        let fontconfigCache = setup.directory.appendingPathComponent("fontconfig-cache").path
        // Past the clock tick (4 ms) in which the set-up wrote fonts.conf and the font directory,
        // so that the path the run names is the one that changed while it ran.
        usleep(20_000)  // past the clock tick, which no event marks
        let first = try setup.run(["list"])
        #expect(first.trace.last == "not kept: \(fontconfigCache) changed while the answer was made", "\(first.trace)")
        #expect(setup.entries().isEmpty)
        #expect(try setup.run(["list"]).wasKept)
        try setup.expectHit(["list"], answering: first)
    }

    /// The table named by `--styles` or by `FONTD_STYLES`, edited in place to the same length
    /// (body at l: 17 pt → 18 pt), so that only its times tell.
    @Test(arguments: [false, true])
    func anEditedStyleTableIsSeenOnTheNextRun(throughEnvironment: Bool) throws {
        let setup = try CacheSetup()
        defer { setup.remove() }
        let table = setup.directory.appendingPathComponent("styles.json")
        var text = try String(contentsOf: TestPaths.defaultStyles, encoding: .utf8)
        try Data(text.utf8).write(to: table)
        let arguments = ["query", "body", "--json"] + (throughEnvironment ? [] : ["--styles", table.path])
        let environment = throughEnvironment ? ["FONTD_STYLES": table.path] : [:]
        let size = { (run: CacheSetup.Run) in try JSONDecoder().decode(ResolvedFont.self, from: Data(run.output.utf8)).matchedFace.pointSize
        }
        #expect(try size(setup.warm(arguments, environment)) == 17)

        let body = try #require(text.range(of: "\"name\": \"body\""))
        let cell = try #require(text.range(of: "\"l\": {\"size\": 17,", range: body.upperBound..<text.endIndex))
        text.replaceSubrange(cell, with: "\"l\": {\"size\": 18,")
        try Data(text.utf8).write(to: table)
        #expect(try size(setup.expectMiss(arguments, environment)) == 18)
    }

    /// `FONTCONFIG_FILE` is part of the key: another file is another answer, and each keeps its own.
    @Test func anotherFontconfigFileIsAnotherEntry() throws {
        let setup = try CacheSetup(fonts: ["DejaVuSans.ttf", "DejaVuSerif.ttf"])
        defer { setup.remove() }
        let other = setup.directory.appendingPathComponent("other/fonts.conf")
        try setup.writeConfiguration(preferring: "DejaVu Serif", to: other)
        let arguments = ["query", "body", "--json"]
        #expect(try family(setup.warm(arguments)) == "DejaVu Sans")

        #expect(try family(setup.expectMiss(arguments, ["FONTCONFIG_FILE": other.path])) == "DejaVu Serif")
        #expect(try family(setup.expectHit(arguments)) == "DejaVu Sans")
    }

    @Test(arguments: ["garbage", "truncated", "another version", "empty"])
    func aDamagedEntryIsIgnoredAndRewritten(_ damage: String) throws {
        let setup = try CacheSetup()
        defer { setup.remove() }
        let arguments = ["query", "title1", "--category", "ax3", "--json"]
        let uncached = try setup.uncached(arguments)
        _ = try setup.warm(arguments)
        let file = try setup.entry()
        let bytes = try [UInt8](Data(contentsOf: file))
        let damaged: [UInt8] =
            switch damage {
            case "garbage": Array("{\"style\": \"nothing like it\"}\n".utf8)
            case "truncated": Array(bytes[..<(bytes.count - 40)])
            case "another version":
                Array(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "cache 2\n", with: "cache 9\n").utf8)
            default: []
            }
        try Data(damaged).write(to: file)

        let next = try setup.expectMiss(arguments)
        #expect(next.trace.contains { $0.contains("damaged") }, "\(next.trace)")
        #expect(next.answer == uncached.answer)
        #expect(next.wasKept, "rewritten: \(next.trace)")
        try setup.expectHit(arguments, answering: uncached)
    }

    /// Eight runs at once on an empty cache: each answers rightly, none reads a half-written entry.
    @Test func eightRunsAtOnceAllAnswerRightly() throws {
        let setup = try CacheSetup()
        defer { setup.remove() }
        let arguments = ["css", "--category", "all"]
        let uncached = try setup.uncached(arguments)
        let runs = Mutex<[CacheSetup.Run]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            if let run = try? setup.run(arguments) { runs.withLock { $0.append(run) } }
        }
        let all = runs.withLock { $0 }
        #expect(all.count == 8)
        for run in all {
            #expect(run.answer == uncached.answer)
            #expect(!run.trace.contains { $0.contains("damaged") }, "\(run.trace)")
        }
        #expect(setup.entries().count == 1)
        #expect(try setup.warm(arguments).answer == uncached.answer)
        try setup.expectHit(arguments, answering: uncached)
    }

    /// A cache that cannot be written to (here its directory cannot be made) costs the answer nothing.
    @Test(arguments: ["file", "/proc/fontd-cache"])
    func anUnwritableCacheNeverFailsTheCommand(_ place: String) throws {
        let setup = try CacheSetup()
        defer { setup.remove() }
        let file = setup.directory.appendingPathComponent("a-file")
        try Data().write(to: file)
        let cacheHome = place == "file" ? file.path : place
        let arguments = ["tokens"]
        let uncached = try setup.uncached(arguments)
        for _ in 0..<2 {
            let run = try setup.run(arguments, ["XDG_CACHE_HOME": cacheHome])
            #expect(run.answer == uncached.answer)
            #expect(run.trace.contains { $0.hasPrefix("not kept: ") }, "\(run.trace)")
        }
    }

    @Test func errorsAndHelpAreNotKept() throws {
        let setup = try CacheSetup()
        defer { setup.remove() }
        for _ in 0..<2 {
            let failed = try setup.run(["query", "bdoy"])
            #expect(failed.status != 0)
            #expect(failed.error.contains("fontd: error: "))
            #expect(failed.trace.last == "not kept: the command failed (exit status 1)", "\(failed.trace)")
        }
        let help = try setup.run(["query", "--help"])
        #expect(help.status == 0)
        #expect(help.trace.isEmpty, "help never reaches the cache: \(help.trace)")
        #expect(setup.entries().isEmpty)
    }
}
