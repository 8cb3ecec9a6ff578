import FontdTestSupport
import Foundation
import Testing

/// docs/swift-client.md's client snippet is `Examples/ReadmeSnippet/main.swift`, which the package
/// compiles (as the `readme-snippet` product): a snippet that stops compiling fails the build,
/// and one edited in only one of the two places fails here.
@Suite struct ReadmeSnippetTests {
    /// docs/swift-client.md's `swift` block that uses the client (the one that imports FontdClient).
    static func readmeSnippet() throws -> String {
        let readme = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/swift-client.md"), encoding: .utf8)
        let blocks = readme.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] + "\n" }
        let snippets = blocks.filter { $0.hasPrefix("import FontdClient\n") }
        try #require(snippets.count == 1, "docs/swift-client.md has \(snippets.count) swift blocks starting with import FontdClient")
        return snippets[0]
    }

    @Test func theReadmeSnippetIsTheCompiledExample() throws {
        let example = try String(
            contentsOf: TestPaths.packageRoot.appendingPathComponent("Examples/ReadmeSnippet/main.swift"), encoding: .utf8)
        // The example's leading comment says where it comes from; the rest is the snippet.
        let code = example.split(separator: "\n", omittingEmptySubsequences: false).drop { $0.hasPrefix("//") || $0.isEmpty }
        #expect(code.joined(separator: "\n") == (try Self.readmeSnippet()))
    }
}
