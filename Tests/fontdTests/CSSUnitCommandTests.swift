import DynamicType
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// `fontd css --unit` and `GET /css?unit=` (docs/DESIGN.md §22 (The web), The web: stylesheets, design
/// tokens, font files): the same bytes for the same options, and one clear refusal.
@Suite(.ownThread) struct CSSUnitCommandTests {
    static let server = Result { try ServerProcess() }

    @Test(arguments: [
        ["--category", "xl", "--unit", "rem"], ["--category", "all", "--unit", "rem"], ["--category", "ax2", "--unit", "px"],
    ])
    func theCommandWritesWhatTheServerSends(arguments: [String]) throws {
        let result = try CommandRunner.run(["css", "--base-url", ""] + arguments)
        #expect(result.status == 0, "\(result.standardError)")
        let category = arguments[1]
        let unit = arguments[3]
        let query = category == "all" ? "category=all&unit=\(unit)" : "category=\(category)&legibility=regular&unit=\(unit)"
        let served = try Self.server.get().client.get("/css?" + query)
        #expect(served.status == 200)
        #expect(result.standardOutput == served.bodyText)
        #expect(result.standardOutput.contains(unit == "rem" ? "rem;" : "px;"))
        #expect(result.standardOutput.contains("--fontd-large-title-font-size: "))
    }

    @Test(arguments: ["em", "pt", "REMS"])
    func anotherUnitIsRefusedNamingTheAllowedOnes(unit: String) throws {
        let result = try CommandRunner.run(["css", "--unit", unit])
        #expect(result.status != 0)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("Invalid unit '\(unit)'; use one of: px, rem."), "\(result.standardError)")
    }
}
