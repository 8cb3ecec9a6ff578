import DesktopBridge
import DynamicType
import FontdClient
import FontdCommandLine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Who on this desktop follows a change of the reader's preferences, as the running server's
/// board says (`GET /desktop`; docs/DESIGN.md §36 (The target board)): the sentence the preference
/// commands end with, and what `fontd desktop status` says of the server.
enum DesktopFollowers {
    /// How to start a `fontd serve` that bridges the desktop, its terminals and editors: the
    /// systemd unit's flags (data/systemd/fontd.service) and `--bridge auto`.
    static let bridgingServe = "fontd serve --desktop auto --bridge auto --dbus auto"

    /// The preferences the desktop targets carry: the text size, and the bounds on it.
    static let carried: Set<ReaderPreference> = [.category, .minimumCategory, .maximumCategory]

    /// What a reader calls each target, by its name; a terminal is called by its name.
    static let shownNames = [
        "gnome": "GNOME", "kde": "KDE Plasma", "x11": "X11", "portal": "the Settings portal", "vscode": "VS Code", "wezterm": "WezTerm",
        "ghostty": "Ghostty", "alacritty": "Alacritty", "foot": "foot", "chromium": "Chromium", "firefox": "Firefox",
    ]

    /// `fontd desktop status`'s line for the browsers whose fontd extension follows the server at `url`
    /// (the board's `clients`, docs/DESIGN.md §26 (The desktop bridge), "Browsers").
    static func browsersLine(_ clients: [String], url: String) -> String {
        guard !clients.isEmpty else {
            return "browsers: none has fontd's extension connected to \(url) (fontd desktop install --browsers offers it)"
        }
        return
            "browsers: \(listed(clients.map { shownNames[$0] ?? $0 })) \(clients.count == 1 ? "follows" : "follow") \(url) through fontd's extension"
    }

    /// The board of the server `client` speaks to; nil when it keeps none (an older fontd, or a
    /// service that is not `fontd serve`).
    static func board(of client: FontdClient) async throws(FontdClientError) -> TargetStatusRecord? {
        let data: Data
        do {
            data = try await client.send("GET", "/desktop")
        } catch {
            if case .server(let answer) = error, answer.status == 404 { return nil }
            throw error
        }
        do {
            return try JSONDecoder().decode(TargetStatusRecord.self, from: data)
        } catch {
            throw .invalidResponse(url: client.baseURL.absoluteString + "/desktop", reason: "the answer is not the target board (\(error))")
        }
    }

    /// The sentence that says who follows a change of `scope`'s text size; nil when the server keeps no board.
    static func sentence(_ board: TargetStatusRecord?, changing scope: PreferenceScope, textSize: Bool = true) -> String? {
        guard let board else { return nil }
        guard board.bridges else {
            return
                "Nothing on this desktop follows it: this fontd serve runs without --desktop or --bridge (start it with \(bridgingServe))."
        }
        let desktopScope = board.scope.flatMap { try? PreferenceScope(parsing: $0) } ?? .root
        guard scope.covers(desktopScope) else {
            return "Nothing on this desktop follows it: the desktop follows \(desktopScope) (--desktop-scope), not \(scope)."
        }
        guard textSize else {
            return "The desktop targets carry the text size only: pages and programs that ask fontd follow it."
        }
        let following = board.following.map { shownNames[$0] ?? $0 }
        guard !following.isEmpty else {
            return "Nothing on this desktop follows it: no target of this fontd serve is applied (fontd desktop status says why)."
        }
        return listed(following) + (following.count == 1 ? " follows." : " follow.")
    }

    /// `a`, `a and b`, `a, b and c`.
    static func listed(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
    }

    /// Prints who follows a change of `scope` made through `client`; prints nothing when the server keeps no board or cannot say.
    @MainActor
    static func printSentence(client: FontdClient, scope: PreferenceScope, textSize: Bool = true) async {
        guard let served = try? await board(of: client), let sentence = sentence(served, changing: scope, textSize: textSize) else {
            return
        }
        Output.printLine(sentence)
    }
}
