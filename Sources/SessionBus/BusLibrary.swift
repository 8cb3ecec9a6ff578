import CSessionBus
import DesktopBridge

/// libfontd-bus.so, the library that serves fontd's objects on the session bus through GDBus,
/// loaded with `dlopen` only by `fontd serve` when it joins the bus (docs/DESIGN.md §27 (The session bus)), for the
/// reasons libfontd-gnome.so is (§26 (The desktop bridge)): no other command loads GIO, and the library is C, so no
/// second Swift runtime. It is never unloaded (GLib cannot be).
struct BusLibrary: Sendable {
    static let fileName = "libfontd-bus.so"

    /// Where the library was loaded from.
    let path: String
    /// Its table (CSessionBus.h says what each function does).
    let table: fontd_bus_interface

    /// Loads the first library of `BundledLibrary.searchPath(for:)` that exists and checks its table.
    static func load() throws(SessionBusError) -> BusLibrary {
        let path: String
        let symbol: UnsafeMutableRawPointer
        do { (path, symbol) = try BundledLibrary.entryPoint(of: fileName, named: FONTD_BUS_ENTRY_POINT) } catch { throw .library(error) }
        let entryPoint = unsafeBitCast(symbol, to: fontd_bus_entry_point.self)
        guard let table = entryPoint()?.pointee else { throw .library(.incompatible(path: path, reason: "it offers no table")) }
        guard table.version == FONTD_BUS_VERSION else {
            throw .library(.incompatible(path: path, reason: "its table is version \(table.version); this fontd's is \(FONTD_BUS_VERSION)"))
        }
        guard table.open != nil, table.export_object != nil, table.own_name != nil, table.reply != nil, table.fail != nil,
            table.emit != nil, table.emit_signal != nil, table.set_answers != nil, table.close != nil
        else { throw .library(.incompatible(path: path, reason: "its table lacks a function")) }
        return BusLibrary(path: path, table: table)
    }
}
