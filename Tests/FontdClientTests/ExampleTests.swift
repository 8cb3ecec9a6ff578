import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// The client example of docs/swift-client.md (`swift run follow-body-text`) does what the README says.
@Suite(.ownThread) struct ExampleTests {
    @Test func followBodyTextPrintsTheBodyFontAgainOnEveryChange() throws {
        let server = try ServerProcess(["--token", "example-token"])
        let example = try CommandProcess([server.url.absoluteString], executable: "follow-body-text")
        defer { example.stop() }
        let first = try #require(example.line(0), "stderr: \(example.standardError)")
        #expect(first.text.hasPrefix("body at l: DejaVu Sans Book 17.0 pt, line height 22.0"))
        _ = try server.client.put("/category", #"{"category":"ax2"}"#, token: "example-token")
        let second = try #require(example.line(1), "stderr: \(example.standardError)")
        #expect(second.text.hasPrefix("body at ax2: DejaVu Sans Book 33.0 pt, line height 40.0"))
    }

    @Test func followBodyTextSaysWhyWhenNoServerAnswers() throws {
        let example = try CommandProcess(["http://127.0.0.1:1"], executable: "follow-body-text")
        #expect(example.waitForExit() == 1)
        #expect(example.standardError.contains("connection refused"))
    }
}
