import DynamicType
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// The third reader preference, `textSpacing` (WCAG 1.4.12; docs/DESIGN.md
/// §5 (Resolution) step 6b, §10 (Reader preferences)), against the built `fontd serve` on a real socket with the pinned fonts.
@Suite(.ownThread) struct TextSpacingTests {
    static let token = "spacing-token"

    private func spacingChange(_ scope: String?, _ spacing: String, from previous: String, _ id: Int) -> ServerSentEvent {
        let scoped = scope.map { #""scope":"\#($0)","# } ?? ""
        return ServerSentEvent(
            id: String(id), event: "textSpacingDidChange",
            data: #"{\#(scoped)"textSpacing":"\#(spacing)","previous":"\#(previous)","sequence":\#(id)}"#)
    }

    /// A metric of a `/font` answer.
    private func metric(_ answer: TestResponse, _ name: String) throws -> JSONDocument? {
        try answer.json()["metrics"]?[name]
    }

    @Test func wcagChangesBodyAtLargeAndDefaultRestoresTheSameBytes() throws {
        let server = try ServerProcess(["--token", Self.token])
        let targets = [
            "/font?style=body&category=l", "/font?style=body", "/fonts", "/css", "/css?category=all", "/tokens",
            "/font?style=body&category=l&legibility=regular",
        ]
        let before = try targets.map { try server.client.get($0) }
        let subscriber = try EventStreamClient(port: server.port)
        #expect(try subscriber.next().event == "preferences")

        let put = try server.client.put("/preferences", #"{"textSpacing":"wcag"}"#, token: Self.token)
        #expect(put.status == 200)
        #expect(put.bodyText == #"{"category":"l","legibilityWeight":"regular","textSpacing":"wcag","sequence":1}"#)
        #expect(try subscriber.next() == spacingChange(nil, "wcag", from: "default", 1))

        // Body at l: 17 pt, line height 22 → 25.5, tracking −0.44 + 2.04 = 1.6, word 2.72, paragraph 34.
        let body = try server.client.get("/font?style=body&category=l")
        #expect(body.header("Cache-Control") == "no-cache", "an omitted textSpacing follows the reader's")
        #expect(try body.json()["descriptor"]?["pointSize"] == .number(17))
        #expect(try metric(body, "lineHeight") == .number(25.5))
        #expect(try metric(body, "tracking") == .number(1.6))
        #expect(try metric(body, "wordSpacing") == .number(2.72))
        #expect(try metric(body, "paragraphSpacing") == .number(34))
        #expect(try metric(body, "metricsScale") == metric(before[0], "metricsScale"))
        guard case .number(let ascender)? = try metric(body, "ascender"), case .number(let descender)? = try metric(body, "descender")
        else {
            Issue.record("no ascender or descender: \(body.bodyText)")
            return
        }
        // The written numbers add up (docs/DESIGN.md §6 (Answer documents)).
        #expect(try metric(body, "leading") == .number(RoundedNumber(25.5 - (ascender - descender)).value))
        #expect(body.bodyText.contains(#""tracking":1.6,"wordSpacing":2.72,"paragraphSpacing":34,"metricsScale":"#), "after tracking")
        #expect(body.header("ETag") != before[0].header("ETag"))

        let css = try server.client.get("/css").bodyText
        #expect(css.hasPrefix(#"/* fontd: table "default", category l, legibility regular, text spacing wcag */"#))
        for declaration in [
            "--fontd-body-line-height: 25.5px;", "--fontd-body-letter-spacing: 1.6px;", "--fontd-body-word-spacing: 2.72px;",
            "--fontd-body-paragraph-spacing: 34px;", "--fontd-body-font: 400 17px/25.5px",
            ".fontd-body { font: var(--fontd-body-font); letter-spacing: var(--fontd-body-letter-spacing); word-spacing: var(--fontd-body-word-spacing, normal); }",
        ] {
            #expect(css.contains(declaration), "\(declaration)")
        }
        #expect(try server.client.get("/css?category=all").bodyText.contains(#":root[data-text-size="ax5"][data-bold-text] {"#))

        // Back to default: every answer is the bytes it was before, ETag and all.
        let back = try server.client.put("/preferences", #"{"textSpacing":"default"}"#, token: Self.token)
        #expect(back.bodyText == #"{"category":"l","legibilityWeight":"regular","textSpacing":"default","sequence":2}"#)
        #expect(try subscriber.next() == spacingChange(nil, "default", from: "wcag", 2))
        for (target, earlier) in zip(targets, before) {
            let again = try server.client.get(target)
            #expect(again.body == earlier.body, "\(target)")
            #expect(again.header("ETag") == earlier.header("ETag"), "\(target)")
        }
        #expect(!before[0].bodyText.contains("wordSpacing") && !before[3].bodyText.contains("word-spacing"))
    }

    @Test func perRequestTextSpacingLeavesTheReadersAndKeepsATallerLineHeight() throws {
        // A style whose line height is already 2 × its size: WCAG's 1.5 × leaves it as it is.
        let directory = try TestPaths.temporaryDirectory()
        let table = directory.appendingPathComponent("airy.json")
        let cells = ["xs", "s", "m", "l", "xl", "xxl", "xxxl", "ax1", "ax2", "ax3", "ax4", "ax5"]
            .map { #""\#($0)": {"size": 10, "lineHeight": 20, "tracking": 0.5}"# }.joined(separator: ", ")
        try Data(
            #"{"name": "airy", "styles": [{"name": "note", "family": ["sans-serif"], "weight": 400, "emphasizedWeight": 600, "sizes": {\#(cells)}}]}"#
                .utf8
        )
        .write(to: table)
        let server = try ServerProcess(["--styles", table.path])
        let asked = try server.client.get("/font?style=note&category=l&textSpacing=wcag&legibility=regular")
        #expect(asked.status == 200)
        #expect(asked.header("Cache-Control") == nil, "every preference given: the answer follows none")
        #expect(try metric(asked, "lineHeight") == .number(20))
        #expect(try metric(asked, "tracking") == .number(0.5 + 1.2))
        #expect(try metric(asked, "wordSpacing") == .number(1.6))
        #expect(try metric(asked, "paragraphSpacing") == .number(20))
        #expect(try server.client.get("/preferences").member("textSpacing") == .string("default"), "a query is not a change")
        let plain = try server.client.get("/font?style=note&category=l")
        #expect(try metric(plain, "tracking") == .number(0.5))
        #expect(try metric(plain, "wordSpacing") == nil)

        // A bad value names itself and what is allowed, on every route that takes it.
        for target in [
            "/font?style=note&textSpacing=double", "/fonts?textSpacing=double", "/css?textSpacing=double",
            "/tokens?textSpacing=double", "/specimen?textSpacing=double", "/scale?style=note&value=1&textSpacing=double",
        ] {
            let refused = try server.client.get(target)
            #expect(refused.status == 400, "\(target)")
            #expect(try refused.member("error") == .string("unknownTextSpacing"), "\(target)")
            #expect(try refused.member("message") == .string("Unknown text spacing 'double'; use one of: default, wcag."), "\(target)")
            #expect(try refused.member("allowed") == .array([.string("default"), .string("wcag")]), "\(target)")
        }
        let put = try server.client.put("/preferences", #"{"textSpacing":"wide"}"#)
        #expect(put.status == 400)
        #expect(try put.member("error") == .string("unknownTextSpacing"))
    }

    @Test func tokensCarryTheSpacingInTheirExtensions() throws {
        let server = try ServerProcess()
        let wcag = try server.client.get("/tokens?category=l&textSpacing=wcag").json()
        let token = try #require(wcag["default"]?["body"])
        #expect(token["$value"]?["lineHeight"] == .number(1.5))
        #expect(
            token["$value"]?["letterSpacing"]
                == .object([.init(key: "value", value: .number(1.6)), .init(key: "unit", value: .string("px"))]))
        let extensions = try #require(token["$extensions"]?["org.fontd"])
        #expect(extensions["textSpacing"] == .string("wcag"))
        #expect(extensions["wordSpacing"] == .number(2.72))
        #expect(extensions["paragraphSpacing"] == .number(34))
        guard case .object(let members) = extensions else {
            Issue.record("not an object")
            return
        }
        #expect(
            members.map(\.key) == [
                "category", "legibilityWeight", "textSpacing", "file", "ascender", "descender", "capHeight", "xHeight", "leading",
                "wordSpacing", "paragraphSpacing",
            ])
        let plain = try server.client.get("/tokens?category=l")
        #expect(!plain.bodyText.contains("textSpacing") && !plain.bodyText.contains("wordSpacing"))
    }

    @Test func aScopeSetsItsOwnTextSpacingInheritsTheRootsAndClearsIt() throws {
        let server = try ServerProcess(["--token", Self.token])
        func put(_ scope: String?, _ json: String) throws -> TestResponse {
            let answer = try server.client.put("/preferences" + (scope.map { "?scope=" + $0 } ?? ""), json, token: Self.token)
            #expect(answer.status == 200, "\(answer.bodyText)")
            return answer
        }
        func lineHeight(of scope: String) throws -> JSONDocument? {
            try server.client.get("/font?style=body&category=l&scope=\(scope)", headers: [("Authorization", "Bearer \(Self.token)")])
                .json()["metrics"]?["lineHeight"]
        }
        let phone = try EventStreamClient(port: server.port, query: "?scope=alice/phone&access_token=\(Self.token)")
        #expect(try phone.next().event == "preferences")
        let root = try EventStreamClient(port: server.port)
        _ = try root.next()

        // The reader's own value reaches the device below it, and not the root.
        let set = try put("alice", #"{"textSpacing":"wcag"}"#)
        #expect(
            set.bodyText
                == #"{"scope":"alice","category":"l","legibilityWeight":"regular","textSpacing":"wcag","sequence":1,"inherited":["category","legibilityWeight"]}"#
        )
        #expect(try phone.next() == spacingChange("alice/phone", "wcag", from: "default", 1))
        #expect(try lineHeight(of: "alice/phone") == .number(25.5))
        #expect(try server.client.get("/font?style=body&category=l").json()["metrics"]?["lineHeight"] == .number(22))

        // The root's change does not reach a scope under one that sets its own.
        _ = try put(nil, #"{"textSpacing":"wcag"}"#)
        #expect(try root.next() == spacingChange(nil, "wcag", from: "default", 2))
        _ = try put(nil, #"{"textSpacing":"default","category":"xl"}"#)
        #expect(try root.next().event == "contentSizeCategoryDidChange")
        #expect(try root.next() == spacingChange(nil, "default", from: "wcag", 4))
        #expect(try phone.next().event == "contentSizeCategoryDidChange", "the category, inherited, reaches it; the spacing does not")

        // Cleared with null: alice inherits the root's default again, and the device hears it.
        let cleared = try put("alice", #"{"textSpacing":null}"#)
        #expect(
            cleared.bodyText
                == #"{"scope":"alice","category":"xl","legibilityWeight":"regular","textSpacing":"default","sequence":5,"inherited":["category","legibilityWeight","textSpacing"]}"#
        )
        #expect(try phone.next() == spacingChange("alice/phone", "default", from: "wcag", 5))
        let refused = try server.client.put("/preferences", #"{"textSpacing":null}"#, token: Self.token)
        #expect(refused.status == 400, "the root has nothing to inherit from")
    }

    @Test func theStoreKeepsTextSpacingAcrossARestartAndReplaysIt() throws {
        let directory = try TestPaths.temporaryDirectory()
        let store = directory.appendingPathComponent("fontd.sqlite").path
        var server = try ServerProcess(["--token", Self.token, "--store", store])
        _ = try server.client.put("/preferences", #"{"textSpacing":"wcag"}"#, token: Self.token)
        _ = try server.client.put("/preferences?scope=bob", #"{"textSpacing":"default","category":"s"}"#, token: Self.token)
        #expect(server.terminate() == 0)

        server = try ServerProcess(["--token", Self.token, "--store", store])
        defer { server.stop() }
        #expect(try server.client.get("/preferences").member("textSpacing") == .string("wcag"))
        let bob = try server.client.get("/preferences?scope=bob", headers: [("Authorization", "Bearer \(Self.token)")])
        #expect(try bob.member("textSpacing") == .string("default"))
        #expect(try bob.member("inherited") == .array([.string("legibilityWeight")]))
        let resumed = try EventStreamClient(port: server.port, lastEventID: "0")
        #expect(try resumed.next() == spacingChange(nil, "wcag", from: "default", 1))
    }
}
