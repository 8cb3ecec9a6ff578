import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// A family name longer than any installed family's is refused plainly, with no "did you mean"
/// (docs/DESIGN.md §33 (The reading font)): no edit distances on the event loop for a name of any
/// length, with 320 families more than the pinned ones installed. The CPU it costs is
/// `Benchmarks/suggestions.sh`'s figure; here, what the answer says.
@Suite(.serialized, .ownThread) struct LongNameTests {
    private static let sharedServer = Result { try ServerProcess(environment: ManyFamilies.environment(count: 320)) }
    static func shared() throws -> ServerProcess { try sharedServer.get() }

    @Test func theFontSetHasTheAddedFamilies() throws {
        let answer = try Self.shared().client.get("/css?fallbackFor=Installed%20Family%20Numbr%20312")
        #expect(answer.status == 400, "a near miss is refused with suggestions: \(answer.bodyText)")
        #expect(try answer.member("suggestion") == .string(ManyFamilies.name(312)), "\(answer.bodyText)")
        #expect(try Self.shared().client.get("/css?fallbackFor=Installed%20Family%20Number%20320").status == 200)
    }

    @Test(arguments: [7_900, 2_000, 60])
    func aFallbackForNameLongerThanAnyFamilyIsRefusedPlainly(characters: Int) throws {
        let answer = try Self.shared().client.get("/css?fallbackFor=" + String(repeating: "x", count: characters))
        #expect(answer.status == 400)
        #expect(try answer.member("error") == .string("unknownFamily"))
        #expect(answer.bodyText.contains("(\(characters) characters): no installed family's name has more than"), "\(answer.bodyText)")
        #expect(try answer.member("allowed") == nil && answer.member("suggestion") == nil, "\(answer.bodyText)")
        #expect(answer.body.count < 1_000, "the name is not repeated whole")
    }

    @Test func aHundredThousandCharacterFallbackForIsRefusedAsTooLongATarget() throws {
        let answer = try Self.shared().client.get("/css?fallbackFor=" + String(repeating: "x", count: 100_000))
        #expect(answer.status == 414)
    }

    @Test func aLongReadingFontIsRefusedPlainlyAndNothingChanges() throws {
        let server = try Self.shared()
        let before = try server.client.get("/preferences").bodyText
        let long = try server.client.put("/preferences", #"{"readingFont":"\#(String(repeating: "Dys lexic", count: 6_000))"}"#)
        #expect(long.status == 400, "\(long.bodyText.prefix(300))")
        #expect(long.bodyText.contains("(54000 characters): no installed family's name has more than"), "\(long.bodyText.prefix(300))")
        #expect(try long.member("allowed") == nil)
        let huge = try server.client.put("/preferences", #"{"readingFont":"\#(String(repeating: "y", count: 100_000))"}"#)
        #expect(huge.status == 413, "over the body limit: \(huge.bodyText.prefix(300))")
        #expect(try server.client.get("/preferences").bodyText == before)
    }
}
