import DesktopTestSupport
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// Arguments past `BusArgumentLimits` (docs/DESIGN.md §27 (The session bus)) are refused with an
/// error that names the method, the argument, its size and the bound, before anything reads them;
/// and the bus thread answers the next call.
@Suite(.ownThread) struct SessionBusLimitsTests {
    static let megabyte = 1 << 20

    /// Each call of the script: `[error name, message]`, or `["ok", value]`.
    static let script = """
        big = "k" * \(megabyte)
        def ask(name, path, interface, method, signature, arguments):
            try:
                answer = bus.call_sync(name, path, interface, method, GLib.Variant(signature, arguments), None,
                                       Gio.DBusCallFlags.NONE, 20000, None)
                return ["ok", answer.unpack()[0]]
            except GLib.Error as error:
                name = Gio.DBusError.get_remote_error(error)
                return [name, error.message]
        fontd = ("org.fontd.Fontd1", "/org/fontd/Fontd1", "org.fontd.Fontd1")
        portal = ("org.freedesktop.impl.portal.desktop.fontd", "/org/freedesktop/portal/desktop", "org.freedesktop.impl.portal.Settings")
        print(json.dumps({
            "key": ask(*fontd, "ReadOne", "(s)", (big,)),
            "option": ask(*fontd, "Resolve", "(sa{ss})", ("body", {"family": big})),
            "options": ask(*fontd, "Resolve", "(sa{ss})", ("body", {"o%d" % i: "x" for i in range(100)})),
            "call": ask(*fontd, "Resolve", "(sa{ss})", ("body", {"o%d" % i: "x" * 1000 for i in range(10)})),
            "namespace": ask(*portal, "Read", "(ss)", (big, "content-size-category")),
            "next": ask(*fontd, "ReadOne", "(s)", ("content-size-category",)),
        }))
        """

    @Test func oversizedArgumentsAreRefusedAndTheNextCallIsAnswered() throws {
        let harness = try SessionBusHarness()
        let server = try ServerProcess(["--dbus", "on"], environment: harness.environment)
        defer { server.stop() }
        let answers = try #require(try harness.script(Self.script) as? [String: [String]])
        let tooLarge = "org.fontd.Fontd1.Error.PayloadTooLarge"
        #expect(
            answers["key"]
                == [
                    tooLarge,
                    "GDBus.Error:\(tooLarge): ReadOne's argument 'key' holds a string of \(Self.megabyte) bytes; at most 1024 bytes are taken",
                ])
        #expect(answers["option"]?.first == tooLarge)
        #expect(answers["option"]?.last?.contains("Resolve's argument 'options' holds a string of \(Self.megabyte) bytes") == true)
        #expect(answers["options"]?.last?.contains("Resolve's argument 'options' has 100 entries; at most 64 are taken") == true)
        #expect(answers["call"]?.last?.contains("Resolve's arguments hold 10024 bytes together; at most 8192 bytes are taken") == true)
        #expect(answers["namespace"]?.first == "org.freedesktop.portal.Error.InvalidArgument")
        #expect(answers["namespace"]?.last?.contains("Read's argument 'namespace' holds a string of \(Self.megabyte) bytes") == true)
        #expect(answers["next"] == ["ok", "l"])
    }
}
