import CDesktopSettings
import Glibc

/// libfontd-gnome.so, the library that reaches GSettings through GIO, loaded with `dlopen` only
/// when `fontd serve --desktop` asks for it (docs/DESIGN.md §26 (The desktop bridge)).
///
/// Linking GIO into `fontd` would load it, with GLib, GObject and their own dependencies, at every
/// start of every command (1–2 ms; `fontd query` answers from its cache in ~3 ms). The library is C: a
/// Swift library links the shared Swift runtime, a second one beside the release binary's, which
/// has the standard library linked in statically. It is never unloaded (GLib cannot be).
struct DesktopSettingsLibrary: Sendable {
    /// The library's file name.
    static let fileName = "libfontd-gnome.so"

    /// Where the library was loaded from.
    let path: String
    /// The functions of its table (CDesktopSettings.h says what each does).
    let open:
        @convention(c) (
            UnsafePointer<CChar>?, UnsafePointer<CChar>?, fontd_desktop_settings_callbacks,
            UnsafeMutablePointer<fontd_desktop_settings_failure>?
        ) -> OpaquePointer?
    let perform:
        @convention(c) (
            OpaquePointer?, fontd_desktop_settings_task?, UnsafeMutableRawPointer?, fontd_desktop_settings_release?
        ) -> Void
    let read: @convention(c) (OpaquePointer?) -> Double
    let write: @convention(c) (OpaquePointer?, Double) -> Bool
    let userValue: @convention(c) (OpaquePointer?, UnsafeMutablePointer<Double>?) -> Bool
    let reset: @convention(c) (OpaquePointer?) -> Bool
    let backend: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    let close: @convention(c) (OpaquePointer?) -> Void

    /// Loads the first library of `BundledLibrary.searchPath(for:)` that exists and checks its table.
    static func load() throws(DesktopBridgeError) -> DesktopSettingsLibrary {
        let path: String
        let symbol: UnsafeMutableRawPointer
        do { (path, symbol) = try BundledLibrary.entryPoint(of: fileName, named: FONTD_DESKTOP_SETTINGS_ENTRY_POINT) } catch {
            throw switch error {
            case .notFound(let searched): .libraryNotFound(searched: searched)
            case .notLoaded(let path, let reason): .libraryNotLoaded(path: path, reason: reason)
            case .incompatible(let path, let reason): .libraryIncompatible(path: path, reason: reason)
            }
        }
        let entryPoint = unsafeBitCast(symbol, to: fontd_desktop_settings_entry_point.self)
        guard let table = entryPoint()?.pointee else { throw .libraryIncompatible(path: path, reason: "it offers no table") }
        guard table.version == FONTD_DESKTOP_SETTINGS_VERSION else {
            throw .libraryIncompatible(
                path: path, reason: "its table is version \(table.version); this fontd's is \(FONTD_DESKTOP_SETTINGS_VERSION)")
        }
        guard let open = table.open, let perform = table.perform, let read = table.read, let write = table.write,
            let userValue = table.user_value, let reset = table.reset, let backend = table.backend, let close = table.close
        else { throw .libraryIncompatible(path: path, reason: "its table lacks a function") }
        return DesktopSettingsLibrary(
            path: path, open: open, perform: perform, read: read, write: write, userValue: userValue, reset: reset, backend: backend,
            close: close)
    }
}
