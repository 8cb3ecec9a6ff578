import DesktopTestSupport
import DynamicType
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// Terminals and editors as desktop targets (docs/DESIGN.md §31 (Terminals and editors), §30
/// (KDE Plasma, X11, and per-target limits)): each `--bridge` program runs on its scope
/// `desktop/<program>`, so a bound there limits it alone, `fontd desktop exclude` leaves the
/// reader's files byte for byte as they were, and `fontd desktop status` tells each one's state —
/// against the built `fontd serve` in a home of the test's own.
@Suite(.ownThread) struct TerminalTargetTests {
    static let kittyConf = "font_family DejaVu Sans Mono\n"
    static let footIni = "font=DejaVu Sans Mono:size=10\n"
    static let settings = "{\n    // mine\n    \"workbench.colorTheme\": \"Default Dark+\",\n    \"editor.fontSize\": 14,\n}\n"

    /// A home with the reader's files, and a `fontd serve --bridge programs` in it.
    struct Session {
        let home: TemporaryHome
        /// The configuration home before the server started: `configuration()`.
        let original: [String: String]
        let server: ServerProcess

        init(_ programs: String, readerFiles: [String: String]) throws {
            home = try TemporaryHome()
            for (path, text) in readerFiles { try home.write(text, to: "config/" + path) }
            original = try home.snapshot().filter { $0.key.hasPrefix("config/") }
            server = try ServerProcess(["--bridge", programs], environment: home.environment())
        }

        /// `fontd arguments…` in the home, against the server when `server`.
        func fontd(_ arguments: [String], server: Bool = false) throws -> CommandResult {
            try CommandRunner.run(
                arguments + (server ? ["--server", self.server.url.absoluteString] : []), environment: home.environment(),
                timeoutSeconds: 10)
        }

        func setCategory(_ category: ContentSizeCategory) throws {
            #expect(try server.client.put("/category", #"{"category":"\#(category.rawValue)"}"#).status == 200)
        }

        /// `base` at `category` to a tenth (docs/DESIGN.md §34 (The reader's own sizes)): × `body`'s
        /// point size there ÷ at `l`, as kitty's file says it (`19.0`).
        func decimal(_ base: Double, _ category: ContentSizeCategory) throws -> String {
            func body(_ category: ContentSizeCategory) throws -> Double {
                let response = try server.client.get("/font?style=body&category=\(category.rawValue)")
                return try JSONDecoder().decode(ResolvedFont.self, from: Data(response.body)).matchedFace.pointSize
            }
            let points = base * (try body(category)) / (try body(.large))
            return String(format: "%.1f", (points * 10).rounded() / 10)
        }

        /// The same without a `.0`, as foot's and VS Code's files say it (`19`).
        func shortest(_ base: Double, _ category: ContentSizeCategory) throws -> String {
            let text = try decimal(base, category)
            return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
        }

        /// `fontd desktop status --json`'s `targets` member.
        func statusTargets() throws -> [String: [String: Any]] {
            let status = try fontd(["desktop", "status", "--json"])
            let document = try #require(
                try JSONSerialization.jsonObject(with: Data(status.standardOutput.utf8)) as? [String: Any], "\(status.standardError)")
            return try #require(document["targets"] as? [String: [String: Any]])
        }

        /// Every file and folder under the configuration home but foot's, by mode and bytes.
        func configurationButFoot() throws -> [String: String] {
            try home.snapshot().filter { $0.key.hasPrefix("config/") && !$0.key.hasPrefix("config/foot") }
        }
    }

    @Test func aMaximumOnDesktopKittyLimitsKittyWhileVSCodeFollowsTheReaderToAX3() throws {
        let session = try Session("kitty,vscode", readerFiles: ["kitty/kitty.conf": Self.kittyConf, "Code/User/settings.json": "{\n}\n"])
        defer { session.server.stop() }
        let kitty = { session.home.text("config/kitty/fontd.conf") ?? "" }
        let vscode = { session.home.text("config/Code/User/settings.json") ?? "" }
        try session.setCategory(.accessibilityExtraLarge)
        let ax3 = try session.decimal(11, .accessibilityExtraLarge)
        let xxl = try session.decimal(11, .extraExtraLarge)
        try Wait.until("kitty at ax3", seen: { kitty() }) { kitty().hasSuffix("font_size \(ax3)\n") }

        let set = try session.fontd(["maximum-category", "set", "xxl", "--scope", "desktop/kitty"], server: true)
        #expect(set.status == 0, "\(set.standardError)")
        try Wait.until("kitty at xxl", seen: { kitty() }) { kitty().hasSuffix("font_size \(xxl)\n") }
        #expect(vscode().contains("\"editor.fontSize\": \(try session.shortest(14, .accessibilityExtraLarge))"), "\(vscode())")
        #expect(try session.statusTargets()["kitty"]?["category"] as? String == "xxl")
        #expect(try session.server.client.get("/category").member("category") == .string("ax3"))
    }

    @Test func anExcludedTerminalIsByteIdenticalToBeforeFontdAndAfterTenChanges() throws {
        let session = try Session(
            "kitty,vscode,foot",
            readerFiles: [
                "kitty/kitty.conf": Self.kittyConf, "Code/User/settings.json": Self.settings, "foot/foot.ini": Self.footIni,
            ])
        defer { session.server.stop() }
        let original = session.original.filter { !$0.key.hasPrefix("config/foot") }
        #expect(session.home.text("config/kitty/kitty.conf") != Self.kittyConf)
        #expect(session.home.text("config/Code/User/settings.json") != Self.settings)

        for name in ["vscode", "kitty"] {
            let excluded = try session.fontd(["desktop", "exclude", name])
            #expect(
                excluded.standardOutput.contains("\(name) excluded: fontd serve (pid"),
                "\(excluded.standardOutput)\(excluded.standardError)")
        }
        #expect(try session.configurationButFoot() == original)
        #expect(session.home.text("config/kitty/kitty.conf") == Self.kittyConf)

        let categories: [ContentSizeCategory] = [
            .extraLarge, .accessibilityMedium, .small, .accessibilityExtraExtraExtraLarge, .medium,
            .extraExtraLarge, .accessibilityLarge, .extraSmall, .extraExtraExtraLarge, .accessibilityExtraLarge,
        ]
        for category in categories { try session.setCategory(category) }
        // foot, still included, has the last one: every runner has been handed every change.
        let last = try session.shortest(10, .accessibilityExtraLarge)
        try Wait.until("foot at the last size") { session.home.text("config/foot/fontd.ini")?.contains("size=\(last)\n") == true }
        #expect(try session.configurationButFoot() == original)
        #expect(try session.statusTargets()["kitty"]?["state"] as? String == "excluded")

        let included = try session.fontd(["desktop", "include", "kitty"])
        #expect(
            included.standardOutput.contains("kitty included: fontd serve (pid") && included.standardOutput.contains("applied ax3"),
            "\(included.standardOutput)\(included.standardError)")
        #expect(
            session.home.text("config/kitty/fontd.conf")?.hasSuffix("font_size \(try session.decimal(11, .accessibilityExtraLarge))\n")
                == true)
        #expect(session.home.text("config/kitty/kitty.conf")?.contains("include fontd.conf") == true)
    }

    @Test func statusTellsEachTerminalsState() throws {
        let malformed = "{\n    \"editor.fontSize\": 14\n    \"workbench.colorTheme\": \"Default Dark+\"\n}\n"
        let session = try Session(
            "kitty,foot,ghostty,vscode",
            readerFiles: [
                "kitty/kitty.conf": Self.kittyConf, "foot/foot.ini": Self.footIni, "Code/User/settings.json": malformed,
            ])
        defer { session.server.stop() }
        let targets = try session.statusTargets()
        let large = try session.decimal(11, .large)
        #expect(targets["kitty"]?["state"] as? String == "applied")
        #expect((targets["kitty"]?["detail"] as? String)?.hasPrefix("font_size \(large);") == true, "\(targets["kitty"] ?? [:])")
        #expect(targets["foot"]?["state"] as? String == "restart")
        #expect((targets["foot"]?["line"] as? String)?.hasPrefix("applies at the next start: l (") == true, "\(targets["foot"] ?? [:])")
        #expect(targets["ghostty"]?["state"] as? String == "absent")
        #expect(targets["wezterm"]?["state"] as? String == "not run")
        let failed = try #require(targets["vscode"])
        let reason = try #require(failed["detail"] as? String)
        #expect(failed["state"] as? String == "failed")
        #expect(reason.hasPrefix("\(session.home.configHome.path)/Code/User/settings.json:3:5: ") && !reason.contains("\n"), "\(reason)")
        #expect(session.home.text("config/Code/User/settings.json") == malformed)

        #expect(try session.fontd(["desktop", "exclude", "kitty"]).status == 0)
        #expect(try session.statusTargets()["kitty"]?["state"] as? String == "excluded")
    }

    @Test func aMisspelledTerminalIsRefusedWithDidYouMean() throws {
        let home = try TemporaryHome()
        let result = try CommandRunner.run(["desktop", "exclude", "kity"], environment: home.environment(), timeoutSeconds: 10)
        #expect(result.status != 0)
        #expect(
            result.standardError.contains(
                "Unknown desktop target 'kity': expected one of gnome, kde, portal, x11, qt5ct, qt6ct, kitty, alacritty, foot, wezterm, ghostty, vscode. Did you mean 'kitty'?"
            ),
            "\(result.standardError)")
    }
}
