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

    /// The resources now, one `name:\tvalue` line each (`xrdb -query`).
    static func query() throws(X11Failure) -> [Substring] {
        let run: ProgramRun
        do throws(ProgramRun.StartError) {
            run = try ProgramRun([program, "-query"], input: "", keepingStandardOutput: true)
        } catch {
            throw .xrdbNotStarted(errno: error.errno)
        }
        guard run.status == 0 else { throw .xrdbFailed(status: run.status, message: run.standardError) }
        return run.standardError.split(separator: "\n")
    }

    /// `Xft.dpi` now; nil when the database has none.
    static func xftDPI() throws(X11Failure) -> Int? {
        try query().lazy.compactMap { line -> Int? in
            guard line.hasPrefix("Xft.dpi:") else { return nil }
            return Int(line.dropFirst("Xft.dpi:".count).drop { $0 == " " || $0 == "\t" })
        }.first
    }

    /// Removes `Xft.dpi`, keeping every other resource: `xrdb -remove` would drop them all, so the
    /// others are loaded back in its place (`xrdb -nocpp -load`).
    static func removeXftDPI() throws(X11Failure) {
        let others = try query().filter { !$0.hasPrefix("Xft.dpi:") }
        let run: ProgramRun
        do throws(ProgramRun.StartError) {
            run = try ProgramRun([program, "-nocpp", "-load"], input: others.joined(separator: "\n") + "\n")
        } catch {
            throw .xrdbNotStarted(errno: error.errno)
        }
        guard run.status == 0 else { throw .xrdbFailed(status: run.status, message: run.standardError) }
    }
}
