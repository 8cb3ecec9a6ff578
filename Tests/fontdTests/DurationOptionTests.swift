import FontdTestSupport
import ServerTestSupport
import Testing

/// Every duration option has a floor and a ceiling, stated in its help and checked before
/// anything starts, whatever the store (docs/DESIGN.md §18 (The command line)).
@Suite(.ownThread) struct DurationOptionTests {
    /// Each option of `fontd serve` that takes seconds, with its range as help and errors state it.
    static let serveOptions: [(option: String, range: String)] = [
        ("--header-timeout", "0.1 to 86400 seconds"),
        ("--body-timeout", "0.1 to 86400 seconds"),
        ("--idle-timeout", "0.1 to 86400 seconds"),
        ("--sse-keepalive", "0.1 to 86400 seconds"),
        ("--font-rescan-seconds", "0.1 to 86400 seconds, or 0 for never"),
        ("--store-timeout", "0.1 to 600 seconds"),
    ]

    /// The values an attack run tried: below any floor, not a number, a unit, empty, past every ceiling.
    static let absurdValues = ["1e-320", "NaN", "5s", "", "86401", "-1", "inf", "0x1p3"]

    /// `option value` as a shell passes `--store-timeout ''`, or `option=value` when the value
    /// starts with '-' (else it is read as an option).
    static func option(_ name: String, _ value: String) -> [String] {
        value.hasPrefix("-") ? ["\(name)=\(value)"] : [name, value]
    }

    static var cases: [(String, String, String)] {
        serveOptions.flatMap { entry in absurdValues.map { (entry.option, entry.range, $0) } }
    }

    @Test(arguments: cases)
    func anAbsurdDurationStopsServeWithOneLineNamingIt(_ option: String, _ range: String, _ value: String) throws {
        // The default store is an SQLite file: --store-timeout is checked all the same.
        let run = try CommandRunner.run(["serve", "--port", "0"] + Self.option(option, value))
        #expect(run.status != 0)
        #expect(run.standardOutput.isEmpty, "\(run.standardOutput)")
        #expect(run.standardError == "fontd: error: Invalid \(option) '\(value)': expected \(range).\n", "\(run.standardError)")
    }

    @Test(arguments: ["--store-timeout=601", "--sse-keepalive=0", "--header-timeout=0.09", "--idle-timeout=0"])
    func aValueJustOutsideItsRangeIsRefused(_ argument: String) throws {
        let run = try CommandRunner.run(["serve", "--port", "0", argument])
        #expect(run.status != 0)
        #expect(run.standardError.hasPrefix("fontd: error: Invalid "), "\(run.standardError)")
        #expect(run.standardError.split(separator: "\n").count == 1, "\(run.standardError)")
    }

    @Test func theEdgesOfEveryRangeAndZeroRescansAreAccepted() throws {
        let server = try ServerProcess([
            "--header-timeout", "0.1", "--body-timeout", "86400", "--idle-timeout", "0.1", "--sse-keepalive", "0.1",
            "--font-rescan-seconds", "0", "--store-timeout", "600",
        ])
        #expect(try server.client.get("/healthz").status == 200)
    }

    @Test func serveHelpStatesEveryDurationsRange() throws {
        let help = try CommandRunner.run(["serve", "--help"])
        let entries = HelpTests.optionEntries(help.standardOutput)
        for (option, range) in Self.serveOptions {
            let entry = entries.first { $0.hasPrefix("  \(option) ") }
            #expect(entry?.contains(range) == true, "\(option): \(entry ?? help.standardOutput)")
        }
    }

    @Test(arguments: ["1e-320", "NaN", "5s", "", "3601"])
    func anAbsurdHealthTimeoutIsOneLine(_ value: String) throws {
        let run = try CommandRunner.run(["health"] + Self.option("--timeout", value))
        #expect(run.status != 0)
        #expect(run.standardError == "fontd: error: Invalid --timeout '\(value)': expected 0.1 to 3600 seconds.\n", "\(run.standardError)")
    }
}
