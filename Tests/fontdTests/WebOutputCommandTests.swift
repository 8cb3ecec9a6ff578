import DynamicType
import FontdTestSupport
import Foundation
import OpenTypeTestSupport
import ServerTestSupport
import Testing

/// The font files of `/css`'s `url()`s, served from disk, and `fontd css` / `fontd tokens`
/// writing what the server sends (docs/DESIGN.md §22 (The web)).
@Suite(.ownThread) struct WebOutputCommandTests {
    static let server = Result { try ServerProcess() }

    /// The `url("/font-files/<hash>")` hashes of a stylesheet, in order of appearance.
    static func fontFileHashes(in css: String) -> [String] {
        css.components(separatedBy: "url(\"/font-files/").dropFirst().map { String($0.prefix(64)) }
    }

    @Test func everyURLOfTheStylesheetServesItsFile() throws {
        let server = try Self.server.get()
        let css = try server.client.get("/css?category=all").bodyText
        let hashes = Set(Self.fontFileHashes(in: css))
        #expect(hashes.count >= 2, "regular and bold DejaVu Sans at least")
        for hash in hashes {
            let answer = try server.client.get("/font-files/\(hash)")
            #expect(answer.status == 200)
            #expect(FontFileCopies.sha256(answer.body) == hash, "the bytes are the file's")
            #expect(answer.header("Content-Type") == "font/ttf")
            #expect(answer.header("Cache-Control") == "public, max-age=31536000, immutable")
            #expect(answer.header("Access-Control-Allow-Origin") == "*")
            #expect(answer.header("Content-Length") == String(answer.body.count))
            let tag = try #require(answer.header("ETag"))
            #expect(try server.client.get("/font-files/\(hash)", headers: [("If-None-Match", tag)]).status == 304)
            let head = try server.client.send("/font-files/\(hash)", method: "HEAD")
            #expect(head.status == 200)
            #expect(head.header("Content-Length") == String(answer.body.count))
        }
        // A font file is only ever a font: no browser may sniff it into a script or a page.
        for hash in hashes {
            #expect(try server.client.get("/font-files/\(hash)").header("X-Content-Type-Options") == "nosniff")
            #expect(try server.client.send("/font-files/\(hash)", method: "HEAD").header("X-Content-Type-Options") == "nosniff")
        }
        // The same file is on disk where /font says the face is.
        let font = try server.client.get("/font?style=body&category=xl").json()
        guard case .string(let file) = font["descriptor"]?["file"] else {
            Issue.record("no file in \(font)")
            return
        }
        #expect(hashes.contains(FontFileCopies.sha256(try Data(contentsOf: URL(fileURLWithPath: file)))))
    }

    @Test func aRestrictedFontGetsNoURLAndItsFileIsForbidden() throws {
        let directory = try TestPaths.temporaryDirectory()
        let restricted = try FontFileCopies.withEmbeddingFlags(0x0002, in: directory)
        let server = try ServerProcess(environment: PinnedFonts.environment(seeingOnly: directory))
        let css = try server.client.get("/css?category=xl").bodyText
        #expect(css.contains("local("), "the face is still named for browsers that have it")
        #expect(!css.contains("url("), "but never offered for download: \(css.prefix(400))")
        let answer = try server.client.get("/font-files/\(FontFileCopies.sha256(try Data(contentsOf: restricted)))")
        #expect(answer.status == 403)
        #expect(try answer.json()["error"] == .string("forbidden"))
        #expect(answer.bodyText.contains("fsType 2"))
    }

    @Test func aLargeFontToManyClientsAtOnceKeepsMemoryBounded() throws {
        let directory = try TestPaths.temporaryDirectory()
        let large = try FontFileCopies.padded(to: 20 << 20, in: directory)
        let hash = FontFileCopies.sha256(try Data(contentsOf: large))
        let server = try ServerProcess(environment: PinnedFonts.environment(seeingOnly: directory))
        #expect(Self.fontFileHashes(in: try server.client.get("/css?category=xl").bodyText).contains(hash))
        let before = try residentBytes(of: server.process.processIdentifier)

        // 50 clients ask at once and read slowly, so every transfer is under way together.
        let clients = 50
        let connections = try (0..<clients).map { _ in try server.connect(timeoutSeconds: 30) }
        for connection in connections {
            try connection.send("GET /font-files/\(hash) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        }
        let peak = PeakSampler { try? residentBytes(of: server.process.processIdentifier) }
        let results = ResultsBox(count: clients)
        let group = DispatchGroup()
        for (index, connection) in connections.enumerated() {
            nonisolated(unsafe) let connection = connection  // read by this one thread only
            group.enter()
            DispatchQueue.global().async {
                defer { group.leave() }
                if let answer = try? connection.readResponse() {
                    results.set(index, answer.body.count == 20 << 20 && FontFileCopies.sha256(answer.body) == hash)
                }
            }
        }
        try Wait.signal("every command to finish", on: group)
        let highest = peak.stop()
        #expect(results.all, "every client got the whole file")
        // Held in memory, 50 copies would be 1 GiB; sent from disk, the server barely grows.
        #expect(highest - before < 32 << 20, "RSS grew from \(before >> 20) MiB to \(highest >> 20) MiB")
    }

    @Test(arguments: [
        ["css", "--category", "xl"], ["css", "--category", "all"],
        ["css", "--category", "ax2", "--legibility", "bold", "--prefix", "type"],
        ["css", "--category", "s", "--format", "tailwind"],
    ])
    func fontdCSSWritesWhatTheServerSends(arguments: [String]) throws {
        let server = try Self.server.get()
        var query: [String] = []
        for (name, value) in zip(arguments.dropFirst(), arguments.dropFirst(2)) where name.hasPrefix("--") {
            query.append("\(name.dropFirst(2))=\(value)")
        }
        let served = try server.client.get("/css?" + query.joined(separator: "&")).bodyText
        let relative = try CommandRunner.run(arguments + ["--base-url", ""])
        #expect(relative.status == 0, "\(relative.standardError)")
        #expect(relative.standardOutput == served)
        let absolute = try CommandRunner.run(arguments + ["--base-url", "https://fonts.example/"])
        #expect(
            absolute.standardOutput
                == served.replacingOccurrences(of: "url(\"/font-files/", with: "url(\"https://fonts.example/font-files/"))
        let none = try CommandRunner.run(arguments)
        #expect(!none.standardOutput.contains("url("), "no url() without --base-url")
        #expect(none.standardOutput.contains("local("))
    }

    @Test(arguments: [[], ["--category", "xl"], ["--category", "ax5", "--legibility", "bold"]])
    func fontdTokensWritesWhatTheServerSends(arguments: [String]) throws {
        let server = try Self.server.get()
        let query = stride(from: 0, to: arguments.count, by: 2).map { "\(arguments[$0].dropFirst(2))=\(arguments[$0 + 1])" }
        // A fresh server's reader is at l and regular, as a local run is.
        let served = try server.client.get("/tokens" + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))).bodyText
        let written = try CommandRunner.run(["tokens"] + arguments)
        #expect(written.status == 0, "\(written.standardError)")
        #expect(written.standardOutput == served)
    }

    /// A table whose name and first style's name break the design tokens' name rule (a leading
    /// `$`, `{`, `}`, `.`): `/tokens` answers 200 with the names percent-escaped, and `fontd
    /// tokens` writes the same bytes (docs/DESIGN.md §22 (The web)).
    @Test func aTableNameTheTokenFormatForbidsIsEscapedByServerAndCommandAlike() throws {
        let table = try StyleTableBreakage.writeDefaultTable { table in
            table["name"] = "$house.v2{x}"
            StyleTableBreakage.editStyle(&table, 0) { $0["name"] = "big.title" }
        }
        let server = try ServerProcess(["--styles", table.path])
        let served = try server.client.get("/tokens")
        #expect(served.status == 200, "\(served.bodyText)")
        #expect(served.bodyText.hasPrefix("{\n  \"%24house%2Ev2%7Bx%7D\": {"), "\(served.bodyText)")
        #expect(served.bodyText.contains("\"big%2Etitle\": {"), "\(served.bodyText)")
        let written = try CommandRunner.run(["tokens", "--styles", table.path])
        #expect(written.status == 0, "\(written.standardError)")
        #expect(written.standardError.isEmpty, "\(written.standardError)")
        #expect(written.standardOutput == served.bodyText)
    }

    @Test(arguments: [
        (["css", "--prefix", "9lives"], "9lives"), (["css", "--format", "less"], "less"),
        (["css", "--category", "all", "--format", "tailwind"], "tailwind"),
        (["css", "--category", "all", "--legibility", "bold"], "legibility"),
        (["css", "--format", "tailwind", "--prefix", "x"], "prefix"), (["tokens", "--category", "huge"], "huge"),
        (["css", "--styles", "/nonexistent/table.json"], "/nonexistent/table.json"),
    ])
    func badOptionsAreOneClearLine(arguments: [String], mentions: String) throws {
        let result = try CommandRunner.run(arguments)
        #expect(result.status != 0)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains(mentions), "\(result.standardError)")
    }
}

/// The highest value `sample` returned, polled every 5 ms until `stop`.
final class PeakSampler: @unchecked Sendable {
    private let lock = NSLock()
    private var highest = 0
    private var running = true
    private let finished = DispatchSemaphore(value: 0)

    init(_ sample: @escaping @Sendable () -> Int?) {
        Thread.detachNewThread { [self] in
            while lock.withLock({ running }) {
                if let value = sample() { lock.withLock { highest = max(highest, value) } }
                usleep(5000)  // the sampling interval
            }
            finished.signal()
        }
    }

    func stop() -> Int {
        lock.withLock { running = false }
        finished.wait()
        return lock.withLock { highest }
    }
}

/// One flag per client, set from many threads.
final class ResultsBox: @unchecked Sendable {
    private let lock = NSLock()
    private var flags: [Bool]

    init(count: Int) { flags = Array(repeating: false, count: count) }

    func set(_ index: Int, _ value: Bool) { lock.withLock { flags[index] = value } }
    var all: Bool { lock.withLock { flags.allSatisfy { $0 } } }
}
