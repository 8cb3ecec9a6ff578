import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// `PUT /desktop` on the built server (docs/DESIGN.md §37 (The reader's control)): it records an
/// exclusion where `fontd desktop exclude` does, for a local program and fontd's own page only —
/// not for a page of another origin, even one `--cors-origin` trusts with the preferences.
@Suite(.ownThread) struct DesktopExclusionEndpointTests {
    static let trusted = "http://app.test"

    /// A server whose state folder is the test's own, and the exclusions file it writes.
    static func server(_ arguments: [String] = []) throws -> (ServerProcess, file: URL) {
        let state = try TestPaths.temporaryDirectory()
        let server = try ServerProcess(
            arguments, environment: PinnedFonts.environment.merging(["XDG_STATE_HOME": state.path]) { _, new in new })
        return (server, state.appendingPathComponent("fontd/desktop-targets.json"))
    }

    static func put(_ body: String, origin: String? = nil, path: String = "/desktop", on server: ServerProcess) throws -> TestResponse {
        var headers = [(name: "Content-Type", value: "application/json")]
        if let origin { headers.append((name: "Origin", value: origin)) }
        return try server.client.send(path, method: "PUT", headers: headers, body: Array(body.utf8))
    }

    static func excluded(in file: URL) throws -> [String] {
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
        return document?["excluded"] as? [String] ?? []
    }

    @Test func aProgramAndTheOwnPageExcludeAndIncludeATarget() throws {
        let (server, file) = try Self.server()
        defer { server.stop() }
        let first = try Self.put(#"{"target": "kitty", "excluded": true}"#, on: server)
        #expect(first.status == 200, "\(first.bodyText)")
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(first.body)) as? [String: Any])
        #expect(answer["target"] as? String == "kitty" && answer["excluded"] as? Bool == true && answer["changed"] as? Bool == true)
        #expect(try Self.excluded(in: file) == ["kitty"])
        let again = try Self.put(#"{"target": "kitty", "excluded": true}"#, on: server)
        #expect((try JSONSerialization.jsonObject(with: Data(again.body)) as? [String: Any])?["changed"] as? Bool == false)
        // fontd's own page: Origin is the server's own, `http://` and the Host the request names.
        let own = "http://127.0.0.1"
        #expect(try Self.put(#"{"target": "x11", "excluded": true}"#, origin: own, on: server).status == 200)
        #expect(try Self.excluded(in: file) == ["kitty", "x11"])
        #expect(try Self.put(#"{"target": "kitty", "excluded": false}"#, origin: own, on: server).status == 200)
        #expect(try Self.excluded(in: file) == ["x11"])
    }

    @Test(arguments: [
        (#"{"target": "kity", "excluded": true}"#, "invalidParameter"),
        (#"{"target": "kitty"}"#, "invalidBody"),
        (#"{"target": "kitty", "excluded": "yes"}"#, "invalidBody"),
        (#"{"target": "kitty", "excluded": true, "target": "x11"}"#, "invalidBody"),
        (#"{"target": "kitty", "excluded": true, "scope": "a"}"#, "invalidBody"),
        (#"["kitty"]"#, "invalidBody"),
        ("", "invalidBody"),
    ])
    func aBodyThatIsNotOneKnownTargetAndAChoiceIsRefused(body: String, code: String) throws {
        let (server, file) = try Self.server()
        defer { server.stop() }
        let answer = try Self.put(body, on: server)
        #expect(answer.status == 400, "\(body): \(answer.bodyText)")
        let error = try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
        #expect(error["error"] as? String == code, "\(body): \(answer.bodyText)")
        if code == "invalidParameter" { #expect((error["allowed"] as? [String])?.contains("kitty") == true, "\(error)") }
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test func aPageOfAnotherOriginMayNotExcludeEvenWhenTrustedWithThePreferences() throws {
        let (server, file) = try Self.server(["--cors-origin", Self.trusted])
        defer { server.stop() }
        let trusted = try Self.put(#"{"target": "kitty", "excluded": true}"#, origin: Self.trusted, on: server)
        #expect(trusted.status == 403, "\(trusted.bodyText)")
        #expect(trusted.bodyText.contains("fontd desktop exclude"), "\(trusted.bodyText)")
        // The same origin still changes the reader's category, as --cors-origin says.
        #expect(try Self.put(#"{"category": "xl"}"#, origin: Self.trusted, path: "/category", on: server).status == 200)
        let foreign = try Self.put(#"{"target": "kitty", "excluded": true}"#, origin: "https://evil.example", on: server)
        #expect(foreign.status == 403, "\(foreign.bodyText)")
        #expect(!FileManager.default.fileExists(atPath: file.path))
        // The preflight grants PUT to neither page of another origin that sends no token.
        let preflight = try server.client.send(
            "/desktop", method: "OPTIONS", headers: [("Origin", "https://evil.example"), ("Access-Control-Request-Method", "PUT")])
        #expect(preflight.header("Access-Control-Allow-Methods")?.contains("PUT") != true, "\(preflight.headers)")
    }
}
