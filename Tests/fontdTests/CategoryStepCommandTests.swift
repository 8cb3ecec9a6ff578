import DynamicType
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// `fontd category bigger | smaller` against the built `fontd serve` on port 0 (docs/DESIGN.md §37
/// (The reader's control)): one step, the new category said; at either end of the list, or at a
/// scope's bound, it says so, changes nothing and exits 0.
@Suite(.ownThread) struct CategoryStepCommandTests {
    /// `fontd arguments… --server` this server, with no session bus, so that nothing is shown on screen.
    private func fontd(_ arguments: [String], _ server: ServerProcess) throws -> CommandResult {
        var environment = PinnedFonts.environment
        for name in ["DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR", "DISPLAY", "WAYLAND_DISPLAY"] { environment[name] = nil }
        return try CommandRunner.run(arguments + ["--server", "http://127.0.0.1:\(server.port)"], environment: environment)
    }

    /// The category the scope answers at, as the server says.
    private func category(_ server: ServerProcess, scope: String? = nil) throws -> String? {
        let answer = try server.client.get("/preferences" + (scope.map { "?scope=\($0)" } ?? ""))
        guard case .string(let category) = try answer.member("category") else { return nil }
        return category
    }

    @Test func eachStepMovesOneCategoryAndSaysWhere() throws {
        let server = try ServerProcess()
        let bigger = try fontd(["category", "bigger"], server)
        #expect(bigger.status == 0 && bigger.standardOutput.hasPrefix("xl (was l)\n"), "\(bigger.standardOutput)\(bigger.standardError)")
        #expect(try category(server) == "xl")
        let smaller = try fontd(["category", "smaller"], server)
        #expect(smaller.standardOutput.hasPrefix("l (was xl)\n"), "\(smaller.standardOutput)")
        #expect(try fontd(["category", "smaller"], server).standardOutput.hasPrefix("m (was l)\n"))
        #expect(try category(server) == "m")
    }

    @Test func atAx5BiggerSaysItIsTheLargestAndAtXsSmallerTheSmallest() throws {
        let server = try ServerProcess()
        #expect(try server.client.put("/category", #"{"category":"ax4"}"#).status == 200)
        #expect(try fontd(["category", "bigger"], server).standardOutput.hasPrefix("ax5 (was ax4)\n"))
        let top = try fontd(["category", "bigger"], server)
        #expect(top.status == 0 && top.standardOutput == "ax5: already the largest\n", "\(top.standardOutput)\(top.standardError)")
        #expect(try category(server) == "ax5")

        #expect(try server.client.put("/category", #"{"category":"xs"}"#).status == 200)
        let bottom = try fontd(["category", "smaller"], server)
        #expect(
            bottom.status == 0 && bottom.standardOutput == "xs: already the smallest\n", "\(bottom.standardOutput)\(bottom.standardError)")
        // Neither made a change: the sequence is the two PUTs' and the one step's.
        let sequence = try server.client.get("/category").member("sequence")
        #expect(sequence == .number(3))
    }

    @Test func aScopesBoundsStopTheStepsAndAreNamed() throws {
        let server = try ServerProcess([
            "--store", try TestPaths.temporaryDirectory().appendingPathComponent("fontd.sqlite").path,
        ])
        #expect(try server.client.put("/preferences?scope=desktop/kde", #"{"minimumCategory":"m","maximumCategory":"xl"}"#).status == 200)
        let up = try fontd(["category", "bigger", "--scope", "desktop/kde"], server)
        #expect(up.status == 0 && up.standardOutput.hasPrefix("xl (was l)\n"), "\(up.standardOutput)\(up.standardError)")
        let limit = try fontd(["category", "bigger", "--scope", "desktop/kde"], server)
        #expect(limit.status == 0, "\(limit.standardError)")
        #expect(
            limit.standardOutput
                == "xl: already the largest the scope desktop/kde allows (its maximum category is xl; "
                + "fontd maximum-category clear --scope desktop/kde lifts a bound the scope sets itself)\n", "\(limit.standardOutput)")
        #expect(try category(server, scope: "desktop/kde") == "xl")
        // The root is not bounded, and was not stepped.
        #expect(try category(server) == "l")

        for expected in ["l (was xl)\n", "m (was l)\n"] {
            #expect(try fontd(["category", "smaller", "--scope", "desktop/kde"], server).standardOutput.hasPrefix(expected))
        }
        let floor = try fontd(["category", "smaller", "--scope", "desktop/kde"], server)
        #expect(
            floor.status == 0
                && floor.standardOutput.hasPrefix("m: already the smallest the scope desktop/kde allows (its minimum category is m;"))
        #expect(try category(server, scope: "desktop/kde") == "m")
    }

    @Test func aStepFromAClampedCategoryStartsFromWhatTheScopeAnswers() throws {
        let server = try ServerProcess([
            "--store", try TestPaths.temporaryDirectory().appendingPathComponent("fontd.sqlite").path,
        ])
        #expect(try server.client.put("/category", #"{"category":"ax3"}"#).status == 200)
        #expect(try server.client.put("/preferences?scope=desktop/kitty", #"{"maximumCategory":"xxl"}"#).status == 200)
        let down = try fontd(["category", "smaller", "--scope", "desktop/kitty"], server)
        #expect(down.standardOutput.hasPrefix("xl (was xxl)\n"), "\(down.standardOutput)\(down.standardError)")
        #expect(try category(server, scope: "desktop/kitty") == "xl")
        #expect(try category(server) == "ax3")
    }
}
