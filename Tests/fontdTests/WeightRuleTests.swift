import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// The weight rule of resolution step 2 (weight never goes down), through `fontd query` and
/// through `GET /font` on a running `fontd serve`: both must ask for the same weight.
@Suite(.ownThread) struct WeightRuleTests {
    static let server: ServerProcess = {
        do { return try ServerProcess(["--threads", "1"]) } catch { fatalError("\(error)") }
    }()

    struct Case: CustomTestStringConvertible, Sendable {
        var style: String
        var weight: String?
        var bold: Bool
        var boldText: Bool
        var requestedWeight: Double

        var testDescription: String {
            "\(style)\(weight.map { " weight \($0)" } ?? "")\(bold ? " + bold" : "")\(boldText ? " + Bold Text" : "") = \(requestedWeight)"
        }

        var arguments: [String] {
            ["query", style, "--json"] + (weight.map { ["--weight", $0] } ?? []) + (bold ? ["--traits", "bold"] : [])
                + (boldText ? ["--legibility", "bold"] : [])
        }

        var target: String {
            "/font?style=\(style)&category=l&legibility=\(boldText ? "bold" : "regular")" + (weight.map { "&weight=\($0)" } ?? "")
                + (bold ? "&traits=bold" : "")
        }
    }

    static let cases: [Case] = [
        Case(style: "body", weight: nil, bold: false, boldText: false, requestedWeight: 400),
        Case(style: "body", weight: nil, bold: true, boldText: false, requestedWeight: 600),
        Case(style: "body", weight: nil, bold: false, boldText: true, requestedWeight: 600),
        Case(style: "body", weight: nil, bold: true, boldText: true, requestedWeight: 700),
        Case(style: "headline", weight: nil, bold: false, boldText: false, requestedWeight: 600),
        Case(style: "headline", weight: nil, bold: true, boldText: false, requestedWeight: 600),
        Case(style: "headline", weight: nil, bold: false, boldText: true, requestedWeight: 700),
        Case(style: "body", weight: "900", bold: true, boldText: false, requestedWeight: 900),
        Case(style: "body", weight: "900", bold: false, boldText: true, requestedWeight: 1000),
        Case(style: "body", weight: "900", bold: true, boldText: true, requestedWeight: 1000),
    ]

    private func requestedWeight(_ json: some Collection<UInt8>) throws -> Double? {
        let object = try JSONSerialization.jsonObject(with: Data(json)) as? [String: Any]
        return (object?["descriptor"] as? [String: Any])?["requestedWeight"] as? Double
    }

    @Test(arguments: cases)
    func commandLineAsksForTheRuleWeight(_ rule: Case) throws {
        let result = try CommandRunner.run(rule.arguments)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try requestedWeight(Array(result.standardOutput.utf8)) == rule.requestedWeight)
    }

    @Test(arguments: cases)
    func serverAsksForTheRuleWeight(_ rule: Case) throws {
        let answer = try Self.server.client.get(rule.target)
        #expect(answer.status == 200, "\(answer.bodyText)")
        #expect(try requestedWeight(answer.body) == rule.requestedWeight)
    }

    @Test func boldTextMakesTheFoundFaceNoLighterThanWithoutIt() throws {
        // DejaVu's heaviest face is Bold (700): 900 answers Bold, and Bold Text must keep it Bold.
        for target in [
            "/font?style=body&category=l&weight=900&legibility=regular", "/font?style=body&category=l&weight=900&legibility=bold",
        ] {
            let answer = try Self.server.client.get(target)
            let object = try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any]
            #expect((object?["descriptor"] as? [String: Any])?["weight"] as? Double == 700, "\(target): \(answer.bodyText)")
        }
    }
}
