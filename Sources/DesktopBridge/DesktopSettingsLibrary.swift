import CDesktopSettings
import Glibc

/// libfontd-gnome.so, the library that reaches GSettings through GIO, loaded with `dlopen` only
/// when `fontd serve --desktop` asks for it (docs/DESIGN.md §26).
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
    let open: @convention(c) (
        UnsafePointer<CChar>?, UnsafePointer<CChar>?, fontd_desktop_settings_callbacks, UnsafeMutablePointer<fontd_desktop_settings_failure>?
    ) -> OpaquePointer?
    let perform: @convention(c) (
        OpaquePointer?, fontd_desktop_settings_task?, UnsafeMutableRawPointer?, fontd_desktop_settings_release?
    ) -> Void
    let read: @convention(c) (OpaquePointer?) -> Double
    let write: @convention(c) (OpaquePointer?, Double) -> Bool
    let backend: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    let close: @convention(c) (OpaquePointer?) -> Void

    /// Where the library is looked for, in order: beside the running executable (where `swift build`
    /// puts it), then in `../lib/fontd/` from there (where `scripts/install` puts it).
    static func searchPath() -> [String] {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return [fileName] }
        let executable = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let directory = executable[..<(executable.lastIndex(of: "/") ?? executable.startIndex)]
        return ["\(directory)/\(fileName)", "\(directory)/../lib/fontd/\(fileName)"]
    }

    /// Loads the first library of `searchPath()` that exists and checks its table.
    static func load() throws(DesktopBridgeError) -> DesktopSettingsLibrary {
        let candidates = searchPath()
        guard let path = candidates.first(where: { access($0, F_OK) == 0 }) else { throw .libraryNotFound(searched: candidates) }
        // RTLD_LOCAL: GIO's symbols stay out of the global namespace; RTLD_NOW: a missing one fails here, not later.
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            throw .libraryNotLoaded(path: path, reason: dlerror().map { String(cString: $0) } ?? "dlopen failed")
        }
        guard let symbol = dlsym(handle, FONTD_DESKTOP_SETTINGS_ENTRY_POINT) else {
            throw .libraryIncompatible(path: path, reason: "it has no \(FONTD_DESKTOP_SETTINGS_ENTRY_POINT)")
        }
        let entryPoint = unsafeBitCast(symbol, to: fontd_desktop_settings_entry_point.self)
        guard let table = entryPoint()?.pointee else { throw .libraryIncompatible(path: path, reason: "it offers no table") }
        guard table.version == FONTD_DESKTOP_SETTINGS_VERSION else {
            throw .libraryIncompatible(path: path, reason: "its table is version \(table.version); this fontd's is \(FONTD_DESKTOP_SETTINGS_VERSION)")
        }
        guard let open = table.open, let perform = table.perform, let read = table.read, let write = table.write,
              let backend = table.backend, let close = table.close
        else { throw .libraryIncompatible(path: path, reason: "its table lacks a function") }
        return DesktopSettingsLibrary(path: path, open: open, perform: perform, read: read, write: write, backend: backend, close: close)
    }
}
