import DynamicType
import Glibc
import Logging

/// Carries a category to X11, one way (docs/DESIGN.md §30 (KDE Plasma, X11, and per-target
/// limits), §34 (The reader's own sizes)): `Xft.dpi` = round(the reader's own `Xft.dpi` × the
/// category's ratio) merged into the X resource database with `xrdb -merge`, and, for each
/// `xsettingsd` serving the display, `Xft/DPI` = round(the reader's own `Xft/DPI` × the ratio) in
/// its configuration file, followed by `SIGHUP`. The reader's own values are the bases of
/// `TargetBases` (96 dots per inch where they have none). X resources have no change notification,
/// so nothing comes back; a value the reader set since fontd's last write is their new base.
///
/// A `DesktopTarget`: its `TargetRunner` calls it at start, on every change of its scope's
/// effective category, and on exclusion, one call at a time on the runner's queue, which alone
/// touches `logged`; `shown` is read by the runner on the same queue. A value already in place is
/// not written again. A failure is logged once per kind and never stops the server; the next change
/// tries again.
public final class X11Target: DesktopTarget, @unchecked Sendable {
    public let name = "x11"
    /// The display fontd's `DISPLAY` names.
    public let display: String
    private let ratios: TextScalingRatios
    private let logger: Logger
    /// `$XDG_STATE_HOME/fontd`; nil when there is none (the bases are then kept in memory only).
    private let stateFolder: String?
    /// The bases when there is no state folder. Runner's queue only.
    private var unrecordedBases = TargetBases()
    /// The kinds of failure already logged. Runner's queue only.
    private var logged: Set<String> = []
    /// The bases and values of the last `apply`, as the status shows them. Runner's queue only.
    private var shown: (base: String?, value: String?) = (nil, nil)

    /// The name of `Xft.dpi`'s entry in `TargetBases`.
    static let resourceValue = "Xft.dpi"

    /// The name of an xsettingsd configuration's `Xft/DPI` entry in `TargetBases`.
    static func xsettingsValue(_ path: String) -> String { "xsettingsd:" + path }

    /// Whether `--desktop auto` adds X11: `DISPLAY` is set and `xrdb` is on PATH.
    public static func isAvailable(environment: [String: String]) -> Bool {
        guard let display = environment["DISPLAY"], !display.isEmpty else { return false }
        return ResourceDatabase.isInstalled(path: environment["PATH"])
    }

    /// X11 on `environment`'s `DISPLAY`; the reader's own values are kept under `stateFolder`.
    ///
    /// - Throws: `X11TargetError.noDisplay` when `DISPLAY` is not set.
    public init(ratios: TextScalingRatios, environment: [String: String], stateFolder: String?, logger: Logger) throws(X11TargetError) {
        guard let display = environment["DISPLAY"], !display.isEmpty else { throw .noDisplay }
        self.display = display
        self.ratios = ratios
        self.logger = logger
        self.stateFolder = stateFolder
    }

    public var base: String? { shown.base }
    public var value: String? { shown.value }

    /// Writes `category`'s value to the resource database and each xsettingsd.
    public func apply(_ category: ContentSizeCategory) -> TargetOutcome {
        let ratio = ratios.ratio(of: category)
        var written: [String] = []
        var failures: [String] = []
        var bases: [String] = []
        var values: [String] = []
        var readOnly: [String] = []
        do throws(X11Failure) {
            let found = try ResourceDatabase.xftDPI()
            let base = try recordBases { $0.observe(name, Self.resourceValue, found: found.map { Double($0) }) }
            let dpi = XftDPI(base: base ?? XftDPI.base, ratio: ratio)
            bases.append("Xft.dpi " + (base.map { Self.shown($0) } ?? "none (96)"))
            values.append("Xft.dpi \(dpi)")
            if found != dpi.dotsPerInch {
                try recordBases { $0.willWrite(name, Self.resourceValue, Double(dpi.dotsPerInch)) }
                try ResourceDatabase.merge(dpi)
                written.append("Xft.dpi \(dpi)")
                logger.info("set Xft.dpi", metadata: ["xftDPI": "\(dpi)", "category": "\(category.rawValue)"])
            }
        } catch {
            failures.append(report(error))
        }
        for daemon in XSettingsDaemon.running(on: display) {
            do throws(X11Failure) {
                let path = daemon.configurationPath
                let found = try Self.xsettingsDPI(at: path)
                let key = Self.xsettingsValue(path)
                let base = try recordBases { $0.observe(name, key, found: found.map { Double($0) }) }
                let value = XftDPI.xsettingsValue(base: base, ratio: ratio)
                bases.append("xsettingsd Xft/DPI " + (base.map { Self.shown($0) } ?? "none (98304)"))
                values.append("xsettingsd Xft/DPI \(value)")
                guard found != value else { continue }
                try recordBases { $0.willWrite(name, key, Double(value)) }
                guard try XSettingsConfiguration.update(value, at: path) else { continue }
                guard kill(daemon.pid, SIGHUP) == 0 else { throw X11Failure.reloadNotSignalled(pid: daemon.pid, errno: errno) }
                written.append("xsettingsd Xft/DPI \(value)")
                logger.info(
                    "set xsettingsd's Xft/DPI", metadata: ["pid": "\(daemon.pid)", "configuration": "\(path)", "xftDPI": "\(value)"])
            } catch .configuration(.readOnly(let file)) {
                readOnly.append(ReaderFileError.readOnly(file: file).description)
            } catch {
                failures.append(report(error))
            }
        }
        shown = (bases.isEmpty ? nil : bases.joined(separator: ", "), values.isEmpty ? nil : values.joined(separator: ", "))
        if let failure = failures.first { return .failed(failure) }
        if let file = readOnly.first, written.isEmpty { return .readOnly(file) }
        return written.isEmpty ? .unchanged : .applied(written.joined(separator: ", "))
    }

    /// Puts back the reader's own `Xft.dpi` and each xsettingsd's `Xft/DPI` (removed where they
    /// had none); nothing for what fontd never took. A value the reader set since fontd's last
    /// write is theirs, and stays.
    public func exclude() throws {
        shown = (nil, nil)
        try Self.putBack(display: display, stateFolder: stateFolder, ratios: ratios, unrecorded: &unrecordedBases)
    }

    /// Puts back the bases recorded under `stateFolder` on `display`, and forgets them: what
    /// excluding X11 and `fontd desktop uninstall` do.
    public static func putBack(display: String, stateFolder: String) throws {
        var none = TargetBases()
        try putBack(display: display, stateFolder: stateFolder, ratios: nil, unrecorded: &none)
    }

    private static func putBack(display: String, stateFolder: String?, ratios: TextScalingRatios?, unrecorded: inout TargetBases) throws {
        let name = "x11"
        func record(_ change: (inout TargetBases) -> Void) throws {
            guard let stateFolder else { return change(&unrecorded) }
            try migrate(stateFolder: stateFolder, ratios: ratios)
            try TargetBases.update(at: TargetBases.path(stateFolder: stateFolder)) { change(&$0) }
        }
        /// The base of `key` now that `found` is in place: nil when fontd never took it, `.some(nil)` when the reader had none.
        func takenBase(_ key: String, found: Int?) throws -> Double?? {
            var base: Double??
            try record { bases in
                guard bases[name, key] != nil else { return }
                base = .some(bases.observe(name, key, found: found.map { Double($0) }))
            }
            return base
        }
        let found = try ResourceDatabase.xftDPI()
        if let taken = try takenBase(resourceValue, found: found) {
            if let base = taken {
                if found != Int(base) { try ResourceDatabase.merge(XftDPI(dotsPerInch: Int(base))) }
            } else if found != nil {
                try ResourceDatabase.removeXftDPI()
            }
            try record { $0[name, resourceValue] = nil }
        }
        for daemon in XSettingsDaemon.running(on: display) {
            let key = xsettingsValue(daemon.configurationPath)
            guard let base = try takenBase(key, found: try xsettingsDPI(at: daemon.configurationPath)) else { continue }
            if try XSettingsConfiguration.update(base.map { Int($0) }, at: daemon.configurationPath) {
                guard kill(daemon.pid, SIGHUP) == 0 else { throw X11Failure.reloadNotSignalled(pid: daemon.pid, errno: errno) }
            }
            try record { $0[name, key] = nil }
        }
    }

    /// Takes an older fontd's `x11-base.json` into `TargetBases` once (when the record has no X11
    /// entry yet), then removes it.
    private static func migrate(stateFolder: String, ratios: TextScalingRatios?) throws {
        let oldPath = stateFolder + "/x11-base.json"
        guard let ratios, let originals = X11Originals.read(oldPath) else { return }
        try TargetBases.update(at: TargetBases.path(stateFolder: stateFolder)) { bases in
            guard bases.targets["x11"] == nil else { return }
            let entries = originals.bases(ratios: ratios)
            if !entries.isEmpty { bases.targets["x11"] = entries }
        }
        unlink(oldPath)
    }

    /// Changes the bases' record (or the unrecorded bases, without a state folder) with `change`.
    private func recordBases<Result>(_ change: (inout TargetBases) -> Result) throws(X11Failure) -> Result {
        guard let stateFolder else { return change(&unrecordedBases) }
        let path = TargetBases.path(stateFolder: stateFolder)
        do {
            try Self.migrate(stateFolder: stateFolder, ratios: ratios)
            return try TargetBases.update(at: path) { change(&$0) }
        } catch {
            throw .basesNotRecorded(path: path, reason: "\(error)")
        }
    }

    /// The `Xft/DPI` of the xsettingsd configuration at `path` (read through its link, as bytes); nil when it has none.
    private static func xsettingsDPI(at path: String) throws(X11Failure) -> Int? {
        let read: [UInt8]?
        do throws(ReaderFileError) { read = try XSettingsConfiguration.file(path).read() } catch { throw .configuration(error) }
        return XSettingsConfiguration.dpi(in: read ?? [])
    }

    /// A base as the status shows it: a whole number without its `.0`.
    private static func shown(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// Logs `failure`, the first of its kind only; its one line.
    private func report(_ failure: X11Failure) -> String {
        if logged.insert(failure.kind).inserted {
            logger.warning("could not set X11's text size (said once for this kind)", metadata: ["reason": "\(failure)"])
        }
        return failure.description
    }
}
