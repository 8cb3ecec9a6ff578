import DynamicType
import Foundation

/// Shows the reader where a `fontd category bigger | smaller` step left them (docs/DESIGN.md §37
/// (The reader's control)): GNOME Shell's own on-screen display when the Shell runs and lets fontd
/// call it, else a desktop notification that replaces the one the previous step showed.
///
/// It speaks to the session bus through `gdbus call` children, not GIO, so that the command line
/// never pays GIO's start-up (docs/DESIGN.md §28 (The Settings portal backend)).
struct StepDisplay {
    /// Where the category was shown.
    enum Shown: Equatable {
        /// `org.gnome.Shell.ShowOSD`.
        case shell
        /// `org.freedesktop.Notifications.Notify`, with the notification's id.
        case notification(UInt32)
        /// Nowhere, and why (no session bus, nobody to show it).
        case nowhere(String)
    }

    /// The themed icon both show: the freedesktop.org icon for font settings.
    static let iconName = "preferences-desktop-font"
    /// How long the notification stays, in milliseconds (the Shell's OSD goes by itself).
    static let notificationMilliseconds = 2000

    let environment: [String: String]

    /// `$XDG_RUNTIME_DIR/fontd/step-notification`: the id of the last step's notification, which the next replaces.
    var notificationIdFile: String? {
        guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else { return nil }
        return runtime + "/fontd/step-notification"
    }

    /// Shows `category`, with `note` (why it did not move) under it in a notification.
    func show(_ category: ContentSizeCategory, note: String? = nil) -> Shown {
        if let missing = SessionBusNames.missingBus(environment: environment) { return .nowhere(missing) }
        let shell = "org.gnome.Shell"
        if SessionBusNames.owners(of: [shell], environment: environment)[shell] == .owned {
            let parameters = [
                "'icon': <\(GSettings.quoted(Self.iconName + "-symbolic"))>", "'label': <\(GSettings.quoted(category.readableName))>",
                "'level': <\(category.level)>",
            ]
            // A Shell 41 or later refuses ShowOSD to all but GNOME Settings and its media keys, unless in
            // unsafe mode: the notification then says it instead.
            if case .success = SessionBusNames.call(
                shell, "/org/gnome/Shell", "org.gnome.Shell.ShowOSD", ["{\(parameters.joined(separator: ", "))}"], environment: environment)
            {
                return .shell
            }
        }
        return notify(category, note: note)
    }

    /// A notification of `category` replacing the last step's, whose id it keeps for the next.
    private func notify(_ category: ContentSizeCategory, note: String?) -> Shown {
        let replaced =
            notificationIdFile.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) }
            .flatMap { UInt32($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 0
        let body = "\(category.readableName) (\(category.rawValue))" + (note.map { ": \($0)" } ?? "")
        // transient: not kept in the notification list; the value hint draws a bar where the server can.
        let hints = "{'transient': <true>, 'value': <int32 \(Int((category.level * 100).rounded()))>}"
        let answer = SessionBusNames.call(
            "org.freedesktop.Notifications", "/org/freedesktop/Notifications", "org.freedesktop.Notifications.Notify",
            [
                "fontd", String(replaced), GSettings.quoted(Self.iconName), GSettings.quoted("Text size"), GSettings.quoted(body), "@as []",
                hints,
                String(Self.notificationMilliseconds),
            ], environment: environment)
        switch answer {
        case .failure(let failure): return .nowhere("no notification: \(failure.reason)")
        case .success(let text):
            // gdbus prints `(uint32 7,)`.
            guard
                let id = UInt32(
                    text.trimmingCharacters(in: CharacterSet(charactersIn: "(),")).replacingOccurrences(of: "uint32 ", with: ""))
            else { return .nowhere("the notification server answered \(text)") }
            if let file = notificationIdFile {
                try? FileManager.default.createDirectory(
                    atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true,
                    attributes: [.posixPermissions: 0o700])
                try? Data("\(id)\n".utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
            }
            return .notification(id)
        }
    }
}
