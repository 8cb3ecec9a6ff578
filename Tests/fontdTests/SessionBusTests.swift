import DesktopTestSupport
import FontdTestSupport
import Foundation
import PostgresTestSupport
import ServerTestSupport
import Testing

/// `org.fontd.Fontd1` (docs/DESIGN.md §27 (The session bus)) served by the built `fontd serve` on a session bus of the
/// test's own, called from another process (Python with GIO) as an application would.
@Suite(.ownThread) struct SessionBusTests {
    static let name = "org.fontd.Fontd1", path = "/org/fontd/Fontd1", interface = "org.fontd.Fontd1"
    static let keys = [
        "content-size-category", "legibility-weight", "text-spacing", "reading-font", "minimum-category", "maximum-category", "text-scale",
        "sequence", "font-generation", "scope",
    ]

    private func serve(_ arguments: [String] = []) throws -> (SessionBusHarness, ServerProcess) {
        let harness = try SessionBusHarness()
        return (harness, try ServerProcess(arguments, environment: harness.environment))
    }

    private func call(_ harness: SessionBusHarness, _ method: String, _ arguments: String? = nil) throws -> [Any] {
        try harness.call(Self.name, Self.path, Self.interface, method, arguments)
    }

    @Test func readAllAnswersEveryKeyOfTheServedScope() throws {
        let (harness, server) = try serve()
        let answer = try call(harness, "ReadAll")
        let preferences = try #require(answer.last as? [String: Any], "\(answer)")
        #expect(Set(preferences.keys) == Set(Self.keys))
        #expect(preferences["content-size-category"] as? String == "l")
        #expect(preferences["text-scale"] as? Double == 1.0)
        #expect(preferences["reading-font"] as? String == "")
        #expect(preferences["scope"] as? String == "")
        let http = try server.client.get("/preferences").json()
        #expect(http["fontGeneration"] == .string(preferences["font-generation"] as? String ?? ""))
        let version = try harness.call(Self.name, Self.path, "org.freedesktop.DBus.Properties", "Get", "('org.fontd.Fontd1', 'Version')")
        #expect(version.last as? Int == 1, "\(version)")
    }

    @Test func readOneOfAnUnknownKeyNamesTheNearest() throws {
        let (harness, server) = try serve()
        defer { server.stop() }
        #expect(try call(harness, "ReadOne", "('text-scale',)").last as? Double == 1.0)
        let refused = try call(harness, "ReadOne", "('content-sise-category',)")
        #expect(refused.first as? String == "error")
        #expect(refused.dropFirst().first as? String == "org.fontd.Fontd1.Error.UnknownKey")
        #expect((refused.last as? String)?.contains("Did you mean 'content-size-category'?") == true, "\(refused)")
    }

    /// Option sets of `GET /font`: styles, categories, traits, weights, reading fonts, families, errors.
    static let optionSets: [(style: String, options: [String: String])] = [
        ("body", [:]), ("body", ["category": "xl"]), ("headline", ["category": "ax3"]), ("largeTitle", ["category": "xs"]),
        ("caption2", ["category": "ax5"]), ("title1", ["traits": "bold"]), ("body", ["traits": "italic,tightLeading"]),
        ("callout", ["weight": "semibold"]), ("footnote", ["weight": "light", "category": "s"]), ("subheadline", ["legibility": "bold"]),
        ("body", ["textSpacing": "wcag"]), ("title2", ["category": "xxxl", "traits": "looseLeading"]),
        ("body", ["family": "DejaVu Serif"]), ("title3", ["family": "DejaVu Sans Mono", "category": "m"]),
        ("body", ["readingFont": "DejaVu Serif"]), ("headline", ["category": "extraLarge"]), ("caption1", ["traits": "monospace"]),
        ("bdoy", [:]), ("body", ["category": "huge"]), ("body", ["weight": "heavy", "traits": "bold", "category": "ax1"]),
    ]

    @Test func resolveAnswersTheBytesOfGetFont() throws {
        let (harness, server) = try serve()
        let sets = String(
            decoding: try JSONSerialization.data(withJSONObject: Self.optionSets.map { [$0.style, $0.options] as [Any] }), as: UTF8.self)
        let script = """
            answers = []
            for style, options in json.loads(sys.argv[2] if len(sys.argv) > 2 else '''\(sets)'''):
                answer = call('\(Self.name)', '\(Self.path)', '\(Self.interface)', 'Resolve', GLib.Variant('(sa{ss})', (style, options)).print_(True))
                answers.append(answer)
            print(json.dumps(answers))
            """
        let answers = try #require(try harness.script(script) as? [[Any]])
        #expect(answers.count == 20)
        var errors = 0
        for ((style, options), answer) in zip(Self.optionSets, answers) {
            let query =
                (["style=\(style)"]
                + options.sorted { $0.key < $1.key }.map {
                    "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
                }).joined(separator: "&")
            let http = try server.client.get("/font?" + query)
            if http.status == 200 {
                #expect(answer.first as? String == "ok" && answer.last as? String == http.bodyText, "\(query): \(answer)")
            } else {
                errors += 1
                let message = try http.member("message")
                #expect(answer.first as? String == "error" && .string(answer.last as? String ?? "") == message, "\(query): \(answer)")
            }
        }
        #expect(errors == 2)
    }

    @Test func setWithABadCategoryIsTheHTTPErrorAndSentence() throws {
        let (harness, server) = try serve()
        let refused = try call(harness, "Set", "({'content-size-category': <'huge'>},)")
        let http = try server.client.put("/preferences", #"{"category":"huge"}"#)
        #expect(http.status == 400)
        #expect(refused.count == 3 && refused[1] as? String == "org.fontd.Fontd1.Error.UnknownCategory", "\(refused)")
        #expect(.string(refused.last as? String ?? "") == (try http.member("message")))
        let notString = try call(harness, "Set", "({'legibility-weight': <uint32 700>},)")
        #expect(notString[1] as? String == "org.fontd.Fontd1.Error.InvalidBody", "\(notString)")
        let readOnly = try call(harness, "Set", "({'sequence': <'9'>},)")
        #expect((readOnly.last as? String)?.contains("read-only") == true, "\(readOnly)")
    }

    @Test func changedArrivesOnceForAChangeOverHTTPAndOverTheBus() throws {
        let (harness, server) = try serve()
        let signals = try harness.signals(of: Self.interface)
        #expect(try server.client.put("/category", #"{"category":"xl"}"#).status == 200)
        let overHTTP = try signals.next()
        #expect(overHTTP.hasPrefix("Changed ({'content-size-category': <'xl'>"), "\(overHTTP)")
        #expect(overHTTP.contains("'sequence': <uint64 1>"))

        let set = try call(harness, "Set", "({'content-size-category': <'extraExtraLarge'>, 'legibility-weight': <'bold'>},)")
        let after = try #require(set.last as? [String: Any], "\(set)")
        #expect(after["content-size-category"] as? String == "xxl" && after["legibility-weight"] as? String == "bold")
        #expect(after["sequence"] as? Int == 3)
        let overTheBus = try signals.next()
        #expect(overTheBus.contains("'content-size-category': <'xxl'>, 'legibility-weight': <'bold'>"), "\(overTheBus)")
        #expect(overTheBus.contains("'sequence': <uint64 3>"))
        #expect(try server.client.get("/preferences").member("legibilityWeight") == .string("bold"))

        // Setting what is already set changes nothing, and announces nothing: the next signal is the marker's.
        _ = try call(harness, "Set", "({'legibility-weight': <'bold'>},)")
        #expect(try server.client.put("/preferences", #"{"textSpacing":"wcag"}"#).status == 200)
        #expect(try signals.next().contains("'text-spacing': <'wcag'>"))
    }

    @Test func theServedScopeIsTheDBusScopeAndClearMakesItInheritAgain() throws {
        let (harness, server) = try serve(["--dbus-scope", "alice/phone"])
        let set = try call(harness, "Set", "({'content-size-category': <'ax2'>},)")
        #expect((set.last as? [String: Any])?["scope"] as? String == "alice/phone", "\(set)")
        #expect(try server.client.get("/category?scope=alice/phone").member("category") == .string("ax2"))
        #expect(try server.client.get("/category").member("category") == .string("l"))
        let cleared = try call(harness, "Clear", "(['content-size-category'],)")
        #expect((cleared.last as? [String: Any])?["content-size-category"] as? String == "l", "\(cleared)")
        let resolved = try call(harness, "Resolve", "('body', @a{ss} {})")
        #expect(resolved.last as? String == (try server.client.get("/font?style=body&scope=alice/phone").bodyText))
    }

    /// Refused by the same rule as over HTTP (the reader API's), said in the bus's words: no
    /// request body, no `null` (docs/DESIGN.md §38 (One domain in the middle)).
    @Test func clearOnTheRootIsRefusedAsOverHTTPInTheBussOwnWords() throws {
        let (harness, server) = try serve()
        let refused = try call(harness, "Clear", "(['content-size-category'],)")
        let http = try server.client.put("/preferences", #"{"category":null}"#)
        #expect(http.status == 400)
        #expect(refused[1] as? String == "org.fontd.Fontd1.Error.InvalidBody", "\(refused)")
        let sentence = refused.last as? String ?? ""
        #expect(sentence.contains("The root scope inherits from nothing, so its category cannot be cleared"), "\(refused)")
        #expect(!sentence.contains("body") && !sentence.contains("null") && !sentence.contains("PUT"), "\(sentence)")
    }

    /// What is registered is the committed XML: the same interface, member for member.
    @Test func introspectionIsTheCommittedXML() throws {
        let (harness, server) = try serve()
        defer { server.stop() }
        for (path, file) in [
            (Self.path, "org.fontd.Fontd1.xml"), ("/org/freedesktop/portal/desktop", "org.freedesktop.impl.portal.Settings.xml"),
        ] {
            let committed = TestPaths.packageRoot.appendingPathComponent("data/" + file).path
            let script = """
                def shape(xml):
                    node = Gio.DBusNodeInfo.new_for_xml(xml)
                    return {i.name: {
                        "methods": [[m.name, [[a.name, a.signature] for a in m.in_args], [[a.name, a.signature] for a in m.out_args]] for m in i.methods],
                        "signals": [[s.name, [[a.name, a.signature] for a in s.args]] for s in i.signals],
                        "properties": [[p.name, p.signature] for p in i.properties]}
                        for i in node.interfaces if not i.name.startswith("org.freedesktop.DBus.")}
                registered = call('\(Self.name)', '\(path)', 'org.freedesktop.DBus.Introspectable', 'Introspect')[1]
                print(json.dumps([shape(registered), shape(open('\(committed)').read())]))
                """
            let shapes = try #require(try harness.script(script) as? [[String: Any]])
            #expect(shapes.count == 2 && !shapes[0].isEmpty)
            #expect(NSDictionary(dictionary: shapes[0]) == NSDictionary(dictionary: shapes[1]), "\(shapes)")
        }
    }

    @Test func changedArrivesForAnotherReplicasChange() throws {
        let cluster = try PostgresCluster()
        let url = cluster.url(database: try cluster.createDatabase())
        let harness = try SessionBusHarness()
        let onTheBus = try ServerProcess(["--store", url, "--dbus", "on"], environment: harness.environment)
        let other = try ServerProcess(["--store", url, "--dbus", "off"], environment: harness.environment)
        let signals = try harness.signals(of: Self.interface)
        #expect(try other.client.put("/preferences", #"{"category":"ax4"}"#).status == 200)
        let changed = try signals.next(timeoutSeconds: 10)
        #expect(changed.hasPrefix("Changed ({'content-size-category': <'ax4'>"), "\(changed)")
        #expect(try onTheBus.client.get("/category").member("category") == .string("ax4"))
    }

    /// With a desktop bridge, the bus serves the bridge's scope, and the desktop's changes are announced too.
    @Test func theDesktopBridgesScopeIsServedAndItsChangesAnnounced() throws {
        let desktop = try GnomeDesktop(.dconf)
        let address = try #require(desktop.environment["DBUS_SESSION_BUS_ADDRESS"])
        let server = try ServerProcess(["--desktop", "gnome", "--desktop-scope", "alice"], environment: desktop.environment)
        defer { server.stop() }
        let signals = try SessionBusSignals(interface: Self.interface, address: address)
        let scope = try SessionBusScript.call(Self.name, Self.path, Self.interface, "ReadOne", "('scope',)", address: address)
        #expect(scope.last as? String == "alice", "\(scope)")
        try desktop.set(1.25)
        let changed = try signals.next()
        #expect(changed.hasPrefix("Changed ({'content-size-category': <'xxl'>"), "\(changed)")
        #expect(changed.contains("'scope': <'alice'>"))
    }

    /// Reads the bus library answers at once (docs/DESIGN.md §27 (The session bus)) are set before a change's signals
    /// go out: a client that reads in its handler of `Changed` or `SettingChanged` reads that change.
    /// Each change is made once the previous one's signals were handled, so a later one cannot hide it.
    @Test func aReadRightAfterASignalSeesItsChange() throws {
        let (harness, server) = try serve()
        defer { server.stop() }
        let script = """
            import urllib.request
            categories = ["xl", "xs", "ax2", "m", "xxxl", "s", "ax5", "l"]
            portal = ("org.freedesktop.impl.portal.desktop.fontd", "/org/freedesktop/portal/desktop", "org.freedesktop.impl.portal.Settings")
            seen, loop = [], GLib.MainLoop()
            def change(index):
                request = urllib.request.Request("\(server.url.absoluteString)/category", method="PUT",
                                                 data=json.dumps({"category": categories[index]}).encode())
                urllib.request.urlopen(request).read()
            def heard(connection, sender, path, interface, member, arguments):
                if member == "Changed":
                    value = arguments.unpack()[0]["content-size-category"]
                    seen.append([member, value, call("\(Self.name)", "\(Self.path)", "\(Self.interface)", "ReadOne", "('content-size-category',)")])
                elif arguments.unpack()[1] == "content-size-category":
                    value = arguments.unpack()[2]
                    seen.append([member, value, call(*portal, "Read", "('org.fontd.DynamicType', 'content-size-category')")])
                    if len(seen) == 2 * len(categories): loop.quit()
                    else: change(len(seen) // 2)
            bus.signal_subscribe(None, "\(Self.interface)", "Changed", None, None, Gio.DBusSignalFlags.NONE, heard)
            bus.signal_subscribe(None, portal[2], "SettingChanged", None, None, Gio.DBusSignalFlags.NONE, heard)
            bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetId", None, None,
                          Gio.DBusCallFlags.NONE, 5000, None)
            change(0)
            GLib.timeout_add_seconds(15, loop.quit)
            loop.run()
            print(json.dumps(seen))
            """
        let seen = try #require(try harness.script(script) as? [[Any]])
        #expect(seen.count == 16, "\(seen)")
        for record in seen {
            let (value, read) = (record.dropFirst().first as? String, record.last as? [Any])
            #expect(read?.first as? String == "ok" && read?.last as? String == value, "\(record)")
        }
    }

    /// The answers set at once are replaced whole while GDBus's worker thread reads them: reads during
    /// a flood of changes each answer a value of one change (never an error, never another value).
    @Test func readsDuringAFloodOfChangesAnswerAValueOfOneChange() throws {
        let (harness, server) = try serve()
        defer { server.stop() }
        let script = """
            import threading, urllib.request
            def flood():
                for index in range(300):
                    request = urllib.request.Request("\(server.url.absoluteString)/category", method="PUT",
                                                     data=json.dumps({"category": ["xl", "l"][index % 2]}).encode())
                    urllib.request.urlopen(request).read()
            writer = threading.Thread(target=flood)
            writer.start()
            answers = set()
            while writer.is_alive():
                answers.add(json.dumps(call("\(Self.name)", "\(Self.path)", "\(Self.interface)", "ReadOne", "('content-size-category',)")))
            writer.join()
            print(json.dumps(sorted(answers)))
            """
        let answers = try #require(try harness.script(script) as? [String])
        #expect(Set(answers).isSubset(of: [#"["ok", "l"]"#, #"["ok", "xl"]"#]), "\(answers)")
        #expect(answers.count == 2, "the reads saw only \(answers) during the flood")
    }
}
