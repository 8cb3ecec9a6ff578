import FontdTestSupport
import Testing

@testable import DesktopBridge

/// VS Code's `settings.json` edited in place (docs/DESIGN.md §31 (Terminals and editors)): only
/// the two values change; comments, trailing commas, order and spacing stay.
@Suite struct SettingsEditTests {
    static let settings = """
        // The reader's settings, with what VS Code allows beyond JSON.
        {
            /* Block comment with "quotes", a } and a // inside */
            "workbench.colorTheme": "Default Dark+", // trailing comment
            "editor.fontSize": 14,
            "files.exclude": { "**/.git": true, "a\\"b": [1, 2.5e3, null,], },
            "url": "http://example.com/*not a comment*/",
            "terminal.integrated.fontSize":   13.5  ,
            "editor.tabSize": 4,
        }

        """

    /// The text outside the two values, which must never change.
    static func outsideTheValues(_ text: String) throws -> [UInt8] {
        let document = try JSONCDocument(Array(text.utf8))
        var bytes = document.bytes
        for member in document.members.reversed() where VisualStudioCode.keys.contains(member.key) {
            bytes.replaceSubrange(member.valueRange, with: [])
        }
        return bytes
    }

    @Test func tenChangesChangeOnlyTheTwoValues() throws {
        let home = try TemporaryHome()
        try home.write(Self.settings, to: "config/Code/User/settings.json")
        let code = try VisualStudioCode(environment: home.environment(["PATH": "/nonexistent"]))
        for step in 1...10 {
            let points = 12 + Double(step) * 1.5
            #expect(try code.apply(TerminalFontSize(points: points, family: "DejaVu Sans Mono")) != .unchanged)
            let text = try #require(home.text("config/Code/User/settings.json"))
            #expect(try Self.outsideTheValues(text) == Self.outsideTheValues(Self.settings))
            let values = try JSONCDocument(Array(text.utf8)).members.filter { VisualStudioCode.keys.contains($0.key) }
            #expect(
                values.map { String(decoding: Array(text.utf8)[$0.valueRange], as: UTF8.self) }
                    == Array(repeating: TerminalFontSize(points: points, family: "").shortest, count: 2))
        }
        try code.exclude()
        #expect(home.text("config/Code/User/settings.json") == Self.settings)
    }

    @Test(arguments: [
        // After the last member's line (its comment kept with it), with the trailing comma style kept.
        ("{\n  \"a\": 1, // one\n}\n", "{\n  \"a\": 1, // one\n  \"editor.fontSize\": 19,\n  \"terminal.integrated.fontSize\": 19,\n}\n"),
        ("{\n\t\"a\": 1 // one\n}", "{\n\t\"a\": 1, // one\n\t\"editor.fontSize\": 19,\n\t\"terminal.integrated.fontSize\": 19\n}"),
        ("{}", "{\n    \"editor.fontSize\": 19,\n    \"terminal.integrated.fontSize\": 19\n}"),
        ("{\n}\n", "{\n    \"editor.fontSize\": 19,\n    \"terminal.integrated.fontSize\": 19\n}\n"),
        ("{\r\n  \"a\": 1\r\n}\r\n", "{\r\n  \"a\": 1,\r\n  \"editor.fontSize\": 19,\r\n  \"terminal.integrated.fontSize\": 19\r\n}\r\n"),
        ("{\"a\": 1}", "{\"a\": 1,\n\"editor.fontSize\": 19,\n\"terminal.integrated.fontSize\": 19\n}"),
    ])
    func absentKeysAreAddedAfterTheLastMember(_ before: String, _ after: String) throws {
        let values = VisualStudioCode.keys.map { (key: $0, value: "19") }
        #expect(try SettingsEdit.setting(values, in: Array(before.utf8)) == Array(after.utf8))
    }

    @Test(arguments: [
        ("{\n  \"a\": 1\n  \"b\": 2\n}", "expected , or } after a value, found '\"'", 3, 3),
        ("{\n  \"a\": tru\n}", "expected a value, found 't'", 2, 8),
        ("[1]", "the settings are not an object (expected {), found '['", 1, 1),
        ("{\n  \"a\": \"b\n}", "a string not closed before the end of its line, found a line end", 2, 10),
        ("{\"a\": 1} x", "text after the settings' closing }, found 'x'", 1, 10),
        ("{", "expected a key in double quotes, found the end", 1, 2),
    ])
    func aMalformedFileIsReportedAndLeftUntouched(_ text: String, _ reason: String, _ line: Int, _ column: Int) throws {
        let home = try TemporaryHome()
        try home.write(text, to: "config/Code/User/settings.json")
        let untouched = try home.snapshot()
        let code = try VisualStudioCode(environment: home.environment(["PATH": "/nonexistent"]))
        let file = home.configHome.path + "/Code/User/settings.json"
        #expect(throws: TerminalTargetError.file(.malformed(file: file, reason: reason, line: line, column: column))) {
            try code.apply(TerminalFontSize(points: 19, family: "DejaVu Sans Mono"))
        }
        #expect(try home.snapshot() == untouched)
    }

    @Test func theErrorSaysFileLineAndColumn() {
        let error = TerminalTargetError.file(
            .malformed(file: "/h/settings.json", reason: "expected a value, found 't'", line: 2, column: 8))
        #expect(error.description == "/h/settings.json:2:8: expected a value, found 't'; fontd left it untouched")
    }

    @Test func keysInsideNestedObjectsAreNotTheSettings() throws {
        let text = "{\"x\": {\"editor.fontSize\": 1}}"
        let values = [(key: "editor.fontSize", value: "19")]
        #expect(
            try SettingsEdit.setting(values, in: Array(text.utf8))
                == Array("{\"x\": {\"editor.fontSize\": 1},\n\"editor.fontSize\": 19\n}".utf8))
    }
}
