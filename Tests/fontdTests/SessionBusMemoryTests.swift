import DesktopTestSupport
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// The session bus costs `fontd serve` no memory per call or per change (docs/DESIGN.md §27 (The
/// session bus), §28 (The Settings portal backend)): Settings.ReadAll through Debian's real
/// xdg-desktop-portal, and category changes each announced by `Changed` and `SettingChanged`, leave
/// fontd's VmRSS where it was after a warm-up. `Benchmarks/dbus.sh memory` runs the same client
/// (`Benchmarks/dbus/bus-memory.py`) with 15,000 reads and 5,000 changes and prints the figures;
/// here fewer, so that a leak of a few kilobytes per call (as the replies' and signals' parsed
/// GVariants were, 4.7 KB a read and 7.7 KB a change) still shows several times over the bound.
@Suite(.ownThread) struct SessionBusMemoryTests {
    static let reads = 3_000, changes = 1_000
    /// What the resident set may grow by after the warm-up: allocator noise, not a leak.
    static let allowedGrowthKiB = 2_048

    @Test func portalReadsAndChangesLeaveTheResidentSetFlat() throws {
        let harness = try SessionBusHarness()
        let server = try ServerProcess(["--dbus", "on", "--max-writes-per-second", "1000000"], environment: harness.environment)
        let portal = try harness.portal()
        defer {
            server.stop()
            portal.stop()
        }
        let client = TestPaths.packageRoot.appendingPathComponent("Benchmarks/dbus/bus-memory.py")
        let run = try CommandRunner.run(
            [
                client.path, harness.address, String(server.process.processIdentifier), String(server.port), String(Self.reads),
                String(Self.changes),
            ], executable: URL(fileURLWithPath: "/usr/bin/python3"), environment: ProcessInfo.processInfo.environment,
            timeoutSeconds: 600)
        #expect(run.status == 0, "\(run.standardError)")
        let figures = try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: [String: Int]], "\(run.standardOutput)")
        for phase in ["reads", "changes"] {
            let warm = try #require(figures[phase]?["warmRSSKiB"])
            let end = try #require(figures[phase]?["endRSSKiB"])
            #expect(end - warm <= Self.allowedGrowthKiB, "\(phase): VmRSS \(warm) KiB after the warm-up, \(end) KiB at the end")
        }
    }
}
