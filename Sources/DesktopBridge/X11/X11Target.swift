import DynamicType
import Glibc
import Logging

/// Carries a category to X11, one way (docs/DESIGN.md §30 (KDE Plasma, X11, and per-target
/// limits)): `Xft.dpi` = round(96 × the category's ratio) merged into the X resource database with
/// `xrdb -merge`, and, for each `xsettingsd` serving the display, `Xft/DPI` = that × 1024 in its
/// configuration file, followed by `SIGHUP`. X resources have no change notification, so nothing
/// comes back.
///
/// A `DesktopTarget`: its `TargetRunner` calls it at start, on every change of its scope's
/// effective category, and on exclusion, one call at a time on the runner's queue, which alone
/// touches `merged`, `logged` and `originals`. A value already written is not written again. A
/// failure is logged once per kind and never stops the server; the next change tries again.
public final class X11Target: DesktopTarget, @unchecked Sendable {
    public let name = "x11"
    /// The display fontd's `DISPLAY` names.
    public let display: String
    private let ratios: TextScalingRatios
    private let logger: Logger
    /// `$XDG_STATE_HOME/fontd/x11-base.json`; nil when there is no state folder (nothing is put back then).
    private let originalsPath: String?
    /// The value last merged into the resource database. Runner's queue only.
    private var merged: XftDPI?
    /// The kinds of failure already logged. Runner's queue only.
    private var logged: Set<String> = []

    /// Whether `--desktop auto` adds X11: `DISPLAY` is set and `xrdb` is on PATH.
    public static func isAvailable(environment: [String: String]) -> Bool {
        guard let display = environment["DISPLAY"], !display.isEmpty else { return false }
        return ResourceDatabase.isInstalled(path: environment["PATH"])
    }

    /// X11 on `environment`'s `DISPLAY`; what it found before its first write is kept under `stateFolder`.
    ///
    /// - Throws: `X11TargetError.noDisplay` when `DISPLAY` is not set.
    public init(ratios: TextScalingRatios, environment: [String: String], stateFolder: String?, logger: Logger) throws(X11TargetError) {
        guard let display = environment["DISPLAY"], !display.isEmpty else { throw .noDisplay }
        self.display = display
        self.ratios = ratios
        self.logger = logger
        originalsPath = stateFolder.map { $0 + "/x11-base.json" }
    }

    /// Writes `category`'s value to the resource database and each xsettingsd.
    public func apply(_ category: ContentSizeCategory) -> TargetOutcome {
        let dpi = XftDPI(ratio: ratios.ratio(of: category))
        var written: [String] = []
        var failures: [String] = []
        var readOnly: [String] = []
        if dpi != merged {
            do throws(X11Failure) {
                let found = try ResourceDatabase.xftDPI()
                try recordOriginal { originals in if originals.xftDPI == nil { originals.xftDPI = .init(value: found) } }
                if found != dpi.dotsPerInch {
                    try ResourceDatabase.merge(dpi)
                    written.append("Xft.dpi \(dpi)")
                    logger.info("set Xft.dpi", metadata: ["xftDPI": "\(dpi)", "category": "\(category.rawValue)"])
                }
                merged = dpi
            } catch {
                failures.append(report(error))
            }
        }
        for daemon in XSettingsDaemon.running(on: display) {
            do throws(X11Failure) {
                let path = daemon.configurationPath
                let read: [UInt8]?
                do throws(ReaderFileError) { read = try XSettingsConfiguration.file(path).read() } catch { throw .configuration(error) }
                let found = XSettingsConfiguration.dpi(in: read ?? [])
                try recordOriginal { originals in if originals.xsettings[path] == nil { originals.xsettings[path] = .init(value: found) } }
                guard try XSettingsConfiguration.update(dpi.xsettingsValue, at: path) else { continue }
                guard kill(daemon.pid, SIGHUP) == 0 else { throw X11Failure.reloadNotSignalled(pid: daemon.pid, errno: errno) }
                written.append("xsettingsd Xft/DPI \(dpi.xsettingsValue)")
                logger.info(
                    "set xsettingsd's Xft/DPI",
                    metadata: ["pid": "\(daemon.pid)", "configuration": "\(path)", "xftDPI": "\(dpi.xsettingsValue)"])
            } catch .configuration(.readOnly(let file)) {
                readOnly.append(ReaderFileError.readOnly(file: file).description)
            } catch {
                failures.append(report(error))
            }
        }
        if let failure = failures.first { return .failed(failure) }
        if let file = readOnly.first, written.isEmpty { return .readOnly(file) }
        return written.isEmpty ? .unchanged : .applied(written.joined(separator: ", "))
    }

    /// Puts back `Xft.dpi` and each xsettingsd's `Xft/DPI` as found before fontd's first write
    /// (removed when there was none); nothing for what fontd never wrote.
    public func exclude() throws {
        merged = nil
        guard let originalsPath else { return }
        let originals = X11Originals.read(originalsPath)
        if let found = originals.xftDPI {
            if let value = found.value {
                try ResourceDatabase.merge(XftDPI(dotsPerInch: value))
            } else {
                try ResourceDatabase.removeXftDPI()
            }
        }
        for daemon in XSettingsDaemon.running(on: display) {
            guard let found = originals.xsettings[daemon.configurationPath] else { continue }
            guard try XSettingsConfiguration.update(found.value, at: daemon.configurationPath) else { continue }
            guard kill(daemon.pid, SIGHUP) == 0 else { throw X11Failure.reloadNotSignalled(pid: daemon.pid, errno: errno) }
        }
    }

    /// Adds what `record` finds to the originals' file when it changed them.
    private func recordOriginal(_ record: (inout X11Originals) -> Void) throws(X11Failure) {
        guard let originalsPath else { return }
        var originals = X11Originals.read(originalsPath)
        let before = originals
        record(&originals)
        guard originals != before else { return }
        do { try originals.write(to: originalsPath) } catch {
            throw .originalsNotRecorded(path: originalsPath, reason: "\(error)")
        }
    }

    /// Logs `failure`, the first of its kind only; its one line.
    private func report(_ failure: X11Failure) -> String {
        if logged.insert(failure.kind).inserted {
            logger.warning("could not set X11's text size (said once for this kind)", metadata: ["reason": "\(failure)"])
        }
        return failure.description
    }
}
