import DesktopTestSupport
import DynamicType
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// Another program writing the reader's file while fontd edits it (docs/DESIGN.md §35 (Editing a
/// reader's file)): an in-place writer (truncate, then write, as Node's `fs.writeFile`), an atomic
/// writer (temporary file and rename) and KConfig's `kwriteconfig5` each add keys while fontd
/// applies 50 category changes — not one of their keys is lost, the reader's settings stay, and
/// fontd's value is there at the end. Against the built `fontd serve`, real python3 and kwriteconfig5.
@Suite(.serialized, .ownThread) struct ReaderFileRaceTests {
    static let settings = "{\n    \"workbench.colorTheme\": \"Default Dark+\",\n    \"editor.fontSize\": 14\n}\n"

    /// A python3 program that adds `writer.kN` to the JSON file `argv[1]` until `argv[2]` exists,
    /// then prints how many it added; in place (`inplace`, the text written in two flushed halves)
    /// or by a rename (`atomic`).
    static let jsonWriter = """
        import json, os, sys
        path, stop, how = sys.argv[1], sys.argv[2], sys.argv[3]
        count = 0
        while not os.path.exists(stop):
            with open(path) as f:
                text = f.read()
            try:
                settings = json.loads(text)
            except ValueError:
                continue
            settings["writer.k%d" % count] = count
            text = json.dumps(settings, indent=4) + "\\n"
            if how == "inplace":
                with open(path, "w") as f:
                    f.write(text[: len(text) // 2])
                    f.flush()
                    f.write(text[len(text) // 2 :])
            else:
                with open(path + ".writer", "w") as f:
                    f.write(text)
                os.rename(path + ".writer", path)
            count += 1
        print(count)
        """

    /// The categories of the 50 changes: each differs from the one before.
    static let categories: [ContentSizeCategory] = (0..<50).map { $0 % 2 == 0 ? .extraLarge : .large }

    /// The status fontd serve last recorded for `target`, from `$XDG_STATE_HOME/fontd/desktop-status.json`.
    static func status(of target: String, stateHome: String) -> [String: Any]? {
        guard let data = FileManager.default.contents(atPath: stateHome + "/fontd/desktop-status.json"),
            let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return nil }
        return (document["targets"] as? [String: [String: Any]])?[target]
    }

    /// Sets each of the 50 categories and awaits the runner's record of it for `target`; the states recorded.
    static func applyFiftyChanges(_ server: ServerProcess, target: String, stateHome: String) throws -> [String] {
        var states: [String] = []
        for category in categories {
            // A refusal the API asks to retry (429 past the write quota, 503) is retried as a client would.
            let put = try Wait.value("a 200 for the PUT of \(category.rawValue)") { () -> TestResponse? in
                let response = try server.client.put("/category", #"{"category":"\#(category.rawValue)"}"#)
                return response.status == 429 || response.status == 503 ? nil : response
            }
            #expect(put.status == 200, "\(put.status) \(put.bodyText)")
            #expect(
                Wait.holds { status(of: target, stateHome: stateHome)?["category"] as? String == category.rawValue },
                "\(status(of: target, stateHome: stateHome) ?? [:])")
            states.append(status(of: target, stateHome: stateHome)?["state"] as? String ?? "none")
        }
        return states
    }

    /// Starts the writer on `file`, awaits its first key, runs `changes`, stops it; how many keys it added.
    static func whileWriting(_ file: String, how: String, changes: () throws -> Void) throws -> Int {
        let folder = try TestPaths.temporaryDirectory()
        let script = folder.appendingPathComponent("writer.py").path
        let stop = folder.appendingPathComponent("stop").path
        let output = folder.appendingPathComponent("count").path
        try jsonWriter.write(toFile: script, atomically: true, encoding: .utf8)
        let writer = try ChildProcess(
            ["python3", script, file, stop, how], searchingPath: true, output: .file(output))
        defer { writer.kill() }
        #expect(Wait.holds { (try? String(contentsOfFile: file, encoding: .utf8))?.contains("writer.k0") == true })
        try changes()
        FileManager.default.createFile(atPath: stop, contents: nil)
        #expect(writer.waitForExit(timeoutSeconds: 20))
        return try #require(Int((try String(contentsOfFile: output, encoding: .utf8)).trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    @Test(arguments: ["inplace", "atomic"])
    func aWriterOfSettingsJSONLosesNoKeyWhileFontdAppliesFiftyChanges(_ how: String) throws {
        let home = try TemporaryHome()
        try home.write(Self.settings, to: "config/Code/User/settings.json")
        let file = home.configHome.path + "/Code/User/settings.json"
        let server = try ServerProcess(["--bridge", "vscode"], environment: home.environment())
        defer { server.stop() }
        var states: [String] = []
        let added = try Self.whileWriting(file, how: how) {
            states = try Self.applyFiftyChanges(server, target: "vscode", stateHome: home.stateHome.path)
        }
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let settings = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
        let lost = (0..<added).filter { settings["writer.k\($0)"] == nil }
        #expect(added > 0 && lost.isEmpty, "\(lost.count) of \(added) keys lost: \(lost.prefix(10))")
        #expect(settings["workbench.colorTheme"] as? String == "Default Dark+")
        #expect(states.allSatisfy { $0 == "applied" || $0 == "failed" }, "\(states)")

        // The writer gone, fontd's next change is in the file.
        #expect(try server.client.put("/category", #"{"category":"xxl"}"#).status == 200)
        // The reader's own 14 × xxl's ratio (docs/DESIGN.md §34 (The reader's own sizes)).
        func body(_ category: String) throws -> Double {
            let response = try server.client.get("/font?style=body&category=\(category)")
            return try JSONDecoder().decode(ResolvedFont.self, from: Data(response.body)).matchedFace.pointSize
        }
        let shortest = TerminalSizeText.shortest(14 * (try body("xxl")) / (try body("l")))
        #expect(
            Wait.holds {
                (try? String(contentsOfFile: file, encoding: .utf8))?.contains("\"editor.fontSize\": \(shortest)") == true
            }, "\((try? String(contentsOfFile: file, encoding: .utf8)) ?? "")")
    }

    @Test func kwriteconfig5LosesNoKeyOfKdeglobalsWhileFontdAppliesFiftyChanges() throws {
        let desktop = try KDEDesktop(globals: KDEDesktopTests.globals)
        let server = try ServerProcess(["--desktop", "kde"], environment: desktop.environment)
        defer { server.stop() }
        let folder = try TestPaths.temporaryDirectory()
        let stop = folder.appendingPathComponent("stop").path
        let count = folder.appendingPathComponent("count").path
        let loop = """
            i=0
            while [ ! -e "$1" ]; do kwriteconfig5 --file "$2" --group Writer --key k$i v$i || exit 1; i=$((i+1)); done
            echo $i > "$3"
            """
        let writer = try ChildProcess(
            ["/bin/sh", "-c", loop, "sh", stop, desktop.globals.path, count], environment: desktop.environment)
        defer { writer.kill() }
        #expect(Wait.holds { (try? desktop.text())?.contains("k0=v0") == true })
        let stateHome = try #require(desktop.environment["XDG_STATE_HOME"])
        let states = try Self.applyFiftyChanges(server, target: "kde", stateHome: stateHome)
        FileManager.default.createFile(atPath: stop, contents: nil)
        #expect(writer.waitForExit(timeoutSeconds: 20))
        #expect(writer.terminationStatus == 0)
        let added = try #require(Int((try String(contentsOfFile: count, encoding: .utf8)).trimmingCharacters(in: .whitespacesAndNewlines)))
        let text = try desktop.text()
        let lost = (0..<added).filter { !text.contains("\nk\($0)=v\($0)\n") }
        #expect(added > 0 && lost.isEmpty, "\(lost.count) of \(added) keys lost: \(lost.prefix(10))")
        #expect(text.contains("ColorScheme=BreezeLight"))
        #expect(states.allSatisfy { $0 == "applied" }, "\(states)")
        // fontd's last change, xl then l alternately: the 50th is l, whose size is the base.
        #expect(text.contains("\nfont=Noto Sans,10,"), "\(text)")
    }
}

/// A size as VS Code's file says it: `19`, `19.5`.
enum TerminalSizeText {
    static func shortest(_ points: Double) -> String {
        let tenths = (points * 10).rounded() / 10
        let text = String(format: "%.1f", tenths)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}
