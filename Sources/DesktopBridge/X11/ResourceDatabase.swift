import Glibc

/// The X server's resource database, changed with `xrdb` (docs/DESIGN.md §30 (KDE Plasma, X11, and
/// per-target limits)). `xrdb -merge` replaces the resources it is given and keeps every other; `-nocpp`
/// because the one line needs no preprocessor, and Debian's xrdb only recommends cpp.
enum ResourceDatabase {
    /// The program, looked up on PATH.
    static let program = "xrdb"

    /// Whether `xrdb` is an executable file in one of `path`'s directories.
    static func isInstalled(path: String?) -> Bool {
        guard let path else { return false }
        return path.split(separator: ":").contains { access("\($0)/\(program)", X_OK) == 0 }
    }

    /// Merges `Xft.dpi: <dpi>` into the database of the display `DISPLAY` names.
    static func merge(_ dpi: XftDPI) throws(X11Failure) {
        let run: ProgramRun
        do throws(ProgramRun.StartError) {
            run = try ProgramRun([program, "-nocpp", "-merge"], input: "Xft.dpi: \(dpi.dotsPerInch)\n")
        } catch {
            throw .xrdbNotStarted(errno: error.errno)
        }
        guard run.status == 0 else { throw .xrdbFailed(status: run.status, message: run.standardError) }
    }
}
