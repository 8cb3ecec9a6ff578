import DynamicType
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// Reader preferences and their notifications (docs/DESIGN.md §10 (Reader preferences), §11 (The event stream), §12 (The store and the state file)), against the built `fontd serve`.
@Suite(.ownThread) struct PreferencesTests {
    static let token = "test-token"

    private func event(_ name: String, _ data: String, id: Int) -> ServerSentEvent {
        ServerSentEvent(id: String(id), event: name, data: data)
    }

    private func categoryChange(_ category: String, from previous: String, _ sequence: Int) -> ServerSentEvent {
        event(
            "contentSizeCategoryDidChange", #"{"category":"\#(category)","previous":"\#(previous)","sequence":\#(sequence)}"#, id: sequence)
    }

    @Test func everySubscriberGetsEachChangeOnceAndNoOpsMakeNone() throws {
        let server = try ServerProcess(["--token", Self.token])
        let first = try EventStreamClient(port: server.port)
        let second = try EventStreamClient(port: server.port)
        #expect(first.head.status == 200)
        #expect(first.head.header("Content-Type")?.hasPrefix("text/event-stream") == true)
        let snapshot = event(
            "preferences",
            try server.client.withFontGeneration(#"{"category":"l","legibilityWeight":"regular","textSpacing":"default","sequence":0}"#),
            id: 0)
        #expect(try first.next() == snapshot)
        #expect(try second.next() == snapshot)

        let answer = try server.client.put("/category", #"{"category":"xl"}"#, token: Self.token)
        #expect(answer.status == 200)
        #expect(answer.bodyText == #"{"category":"xl","previous":"l","sequence":1}"#)
        for subscriber in [first, second] { #expect(try subscriber.next() == categoryChange("xl", from: "l", 1)) }

        // Both preferences in one PUT: two events, category first.
        let both = try server.client.put("/preferences", #"{"category":"ax2","legibilityWeight":"bold"}"#, token: Self.token)
        #expect(both.bodyText == #"{"category":"ax2","legibilityWeight":"bold","textSpacing":"default","sequence":3}"#)
        for subscriber in [first, second] {
            #expect(try subscriber.next() == categoryChange("ax2", from: "xl", 2))
            #expect(
                try subscriber.next()
                    == event("legibilityWeightDidChange", #"{"legibilityWeight":"bold","previous":"regular","sequence":3}"#, id: 3))
        }

        // Setting what is already current changes nothing and announces nothing.
        let same = try server.client.put("/preferences", #"{"category":"accessibilityLarge","legibilityWeight":"bold"}"#, token: Self.token)
        #expect(same.bodyText == #"{"category":"ax2","legibilityWeight":"bold","textSpacing":"default","sequence":3}"#)
        _ = try server.client.put("/category", #"{"category":"s"}"#, token: Self.token)
        for subscriber in [first, second] { #expect(try subscriber.next() == categoryChange("s", from: "ax2", 4)) }

        #expect(
            try server.client.get("/preferences").bodyText
                == server.client.withFontGeneration(#"{"category":"s","legibilityWeight":"bold","textSpacing":"default","sequence":4}"#))
        #expect(try server.client.get("/category").bodyText == #"{"category":"s","sequence":4}"#)
    }

    /// Each preference whose values have names (not the reading font, whose values are the installed
    /// families), set on the root through the built server: announced by its event, kept by the SQLite
    /// store across a restart, effective in a scope below, and replayed to a subscriber resuming from 0.
    @Test(arguments: ReaderPreference.allCases.filter { !$0.declaration.allowedValues.isEmpty })
    func everyPreferenceIsAnnouncedKeptInheritedAndReplayed(preference: ReaderPreference) throws {
        let declaration = preference.declaration
        let value = try #require(
            declaration.allowedValues.compactMap { try? declaration.parse($0) }.first { $0 != declaration.initialValue })
        let store = try TestPaths.temporaryDirectory().appendingPathComponent("fontd.sqlite").path
        let first = try ServerProcess(["--store", store])
        let subscriber = try EventStreamClient(port: first.port)
        #expect(try subscriber.next().event == "preferences")
        #expect(try first.client.put("/preferences", #"{"\#(preference.wireName)":"\#(value)"}"#).status == 200)
        let change = try subscriber.next()
        #expect(change.event == declaration.eventName && change.id == "1", "\(change)")
        #expect(first.terminate() == 0)

        let second = try ServerProcess(["--store", store])
        #expect(try second.client.get("/preferences").member(preference.wireName) == .string(value))
        let scoped = try second.client.get("/preferences?scope=alice/phone")
        #expect(try scoped.member(preference.wireName) == .string(value), "\(scoped.bodyText)")
        if declaration.clamp == nil {
            guard case .array(let inherited)? = try scoped.member("inherited") else {
                Issue.record("no inherited list: \(scoped.bodyText)")
                return
            }
            #expect(inherited.contains(.string(preference.wireName)), "\(scoped.bodyText)")
        }
        let resumed = try EventStreamClient(port: second.port, lastEventID: "0")
        var replayed = try resumed.next()
        // A restart may find the fonts changed, which is said first, without an id.
        while replayed.event == PreferenceEvent.fontsChangedName { replayed = try resumed.next() }
        #expect(replayed == change)
    }

    @Test func answersWithoutCategoryFollowThePreferences() throws {
        let server = try ServerProcess(["--token", Self.token])
        let before = try server.client.get("/font?style=body")
        #expect(before.bodyText.contains(#""category":"l""#))
        #expect(before.header("Cache-Control") == "no-cache")
        _ = try server.client.put("/preferences", #"{"category":"xl","legibilityWeight":"bold"}"#, token: Self.token)
        let after = try server.client.get("/font?style=body")
        #expect(after.bodyText.contains(#""category":"xl""#))
        #expect(after.bodyText.contains(#""pointSize":19"#))
        #expect(after.bodyText.contains(#""face":"Bold""#))
        #expect(after.header("ETag") != before.header("ETag"))
        // An explicit category is not affected.
        #expect(try server.client.get("/font?style=body&category=l&legibility=regular").body == before.body)
    }

    @Test func replayGivesExactlyWhatWasMissedAcrossARestart() throws {
        let directory = try TestPaths.temporaryDirectory()
        let state = directory.appendingPathComponent("state.json").path
        var server = try ServerProcess(["--token", Self.token, "--state", state])
        let subscriber = try EventStreamClient(port: server.port)
        _ = try subscriber.next()
        _ = try server.client.put("/category", #"{"category":"xl"}"#, token: Self.token)
        #expect(try subscriber.next().id == "1")

        // Missed while away: 2 and 3 (one PUT), then 4 after a restart.
        _ = try server.client.put("/preferences", #"{"category":"xxl","legibilityWeight":"bold"}"#, token: Self.token)
        #expect(server.terminate() == 0)
        server = try ServerProcess(["--token", Self.token, "--state", state])
        _ = try server.client.put("/category", #"{"category":"m"}"#, token: Self.token)

        let resumed = try EventStreamClient(port: server.port, lastEventID: "1")
        #expect(try resumed.next() == categoryChange("xxl", from: "xl", 2))
        #expect(try resumed.next().id == "3")
        #expect(try resumed.next() == categoryChange("m", from: "xxl", 4))
        _ = try server.client.put("/category", #"{"category":"l"}"#, token: Self.token)
        #expect(try resumed.next() == categoryChange("l", from: "m", 5))

        // The query parameter works too; the header wins over it.
        let byQuery = try EventStreamClient(port: server.port, query: "?lastEventId=4")
        #expect(try byQuery.next() == categoryChange("l", from: "m", 5))
        let both = try EventStreamClient(port: server.port, lastEventID: "3", query: "?lastEventId=4")
        #expect(try both.next().id == "4")

        // From the future, not a number, or negative: a snapshot, so the client knows to refetch.
        for id in ["99", "abc", "-7"] {
            let confused = try EventStreamClient(port: server.port, lastEventID: id)
            #expect(
                try confused.next()
                    == event(
                        "preferences",
                        server.client.withFontGeneration(
                            #"{"category":"l","legibilityWeight":"bold","textSpacing":"default","sequence":5}"#), id: 5), "\(id)")
        }
    }

    @Test func anIdOlderThanTheHistoryGetsASnapshot() throws {
        let server = try ServerProcess(["--token", Self.token, "--kept-changes", "1024", "--kept-changes-per-scope", "1024"])
        let connection = try server.connect(timeoutSeconds: 30)
        // 1,030 changes on one connection, pipelined in batches.
        let categories = ["xl", "l"]
        for batch in 0..<10 {
            var requests = ""
            for index in 0..<103 {
                let body = #"{"category":"\#(categories[(batch * 103 + index) % 2])"}"#
                requests +=
                    "PUT /category HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(Self.token)\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
            }
            try connection.send(requests)
            for index in 0..<103 {
                let answer = try connection.readResponse()
                #expect(answer.status == 200, "batch \(batch) answer \(index): \(answer.bodyText)")
            }
        }
        let oldest = 1030 - 1024 + 1
        let tooOld = try EventStreamClient(port: server.port, lastEventID: String(oldest - 2))
        #expect(try tooOld.next().event == "preferences")
        let justInTime = try EventStreamClient(port: server.port, lastEventID: String(oldest - 1))
        #expect(try justInTime.next().id == String(oldest))
    }

    @Test func keepAliveCommentsFlowOnIdleStreams() throws {
        let server = try ServerProcess(["--sse-keepalive", "0.2"])
        let subscriber = try EventStreamClient(port: server.port)
        _ = try subscriber.next()
        #expect(try subscriber.nextBlock() == ": keep-alive\n\n")
    }

    @Test func badChangesAreRefusedAndChangeNothing() throws {
        let server = try ServerProcess(["--token", Self.token])
        let cases: [(path: String, body: String, token: String?, status: Int, code: String)] = [
            ("/category", #"{"category":"xl"}"#, nil, 401, "unauthorized"),
            ("/category", #"{"category":"xl"}"#, "wrong", 401, "unauthorized"),
            ("/category", #"{"category":"huge"}"#, Self.token, 400, "unknownCategory"),
            ("/preferences", #"{"legibilityWeight":"heavy"}"#, Self.token, 400, "unknownLegibilityWeight"),
            ("/preferences", #"{"category":"xl","colour":"red"}"#, Self.token, 400, "invalidBody"),
            ("/category", #"{"legibilityWeight":"bold"}"#, Self.token, 400, "invalidBody"),
            ("/preferences", #"{}"#, Self.token, 400, "invalidBody"),
            ("/preferences", #"{"category":"xl","category":"s"}"#, Self.token, 400, "invalidBody"),
            ("/preferences", #"{"category":17}"#, Self.token, 400, "invalidBody"),
            ("/preferences", "category=xl", Self.token, 400, "invalidBody"),
        ]
        for item in cases {
            let answer = try server.client.put(item.path, item.body, token: item.token)
            #expect(answer.status == item.status, "\(item.body)")
            #expect(answer.bodyText.contains(#""error":"\#(item.code)""#), "\(item.body): \(answer.bodyText)")
            if item.status == 401 { #expect(answer.header("WWW-Authenticate")?.hasPrefix("Bearer") == true) }
        }
        let wrongMethod = try server.connect()
        try wrongMethod.send("DELETE /category HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let refused = try wrongMethod.readResponse()
        #expect(refused.status == 405)
        #expect(refused.header("Allow") == "GET, HEAD, PUT, OPTIONS")
        #expect(
            try server.client.get("/preferences").bodyText
                == server.client.withFontGeneration(#"{"category":"l","legibilityWeight":"regular","textSpacing":"default","sequence":0}"#))
    }

    @Test func startUpRefusesABrokenStateFileAndAnOpenAddressWithoutAToken() throws {
        let directory = try TestPaths.temporaryDirectory()
        let state = directory.appendingPathComponent("state.json")
        let truncated = Data(#"{"version":1,"category":"xl","legibilityWeight":"regular","textSpacing":"default","sequence":"#.utf8)
        try truncated.write(to: state)
        let broken = try CommandRunner.run(["serve", "--port", "0", "--state", state.path])
        #expect(broken.status != 0)
        #expect(broken.standardError.contains(state.path))
        #expect(broken.standardError.contains("unusable"))
        #expect(try Data(contentsOf: state) == truncated, "the broken file must be left as it was")

        let open = try CommandRunner.run(
            ["serve", "--host", "0.0.0.0", "--port", "0", "--state", directory.appendingPathComponent("other.json").path],
            environment: PinnedFonts.environment.filter { $0.key != "FONTD_TOKEN" })
        #expect(open.status != 0)
        #expect(open.standardError.contains("--allow-unauthenticated"))
    }
}
