import DynamicType
import Logging

/// GNOME's write side as a `DesktopTarget` (docs/DESIGN.md §30 (KDE Plasma, X11, and per-target
/// limits)): its runner calls it on the runner's queue; each call does its work on the settings
/// thread and waits for it, so the key's changes and the writes stay in one order. GSettings
/// writes are atomic by their backend: dconf-service commits each change to its database file
/// whole, and the keyfile backend replaces its file with `g_file_set_contents`.
extension DesktopBridge: DesktopTarget {
    public var name: String { "gnome" }

    /// Sets the key to `category`'s factor; nothing when the key already stands for `category`
    /// (the reader's own value, or fontd's write read back) or holds that factor. Before the first
    /// write, the reader's value is recorded in `gnome-base.json`.
    public func apply(_ category: ContentSizeCategory) -> TargetOutcome {
        let key = links.withLock { $0?.key }
        return key?.sync { [self] access in write(category, access) } ?? .failed("fontd has left the GNOME desktop")
    }

    /// Puts back the value the reader had before fontd's first write (`gnome-base.json`): their own
    /// value, or the schema's default (`g_settings_reset`) when they had none; nothing when fontd
    /// never wrote the key. Then neither writes nor follows the key until the next `apply`.
    public func exclude() throws {
        let key = links.withLock { $0?.key }
        let failure: DesktopBridgeError? =
            key?.sync { [self] access in
                excluded = true
                written = nil
                guard let originalPath, let original = GnomeOriginal.read(originalPath) else { return nil }
                if let factor = original.textScalingFactor {
                    guard access.userValue() != factor else { return nil }
                    return access.write(factor) ? nil : .notWritten(factor: factor, found: access.read())
                }
                guard access.userValue() != nil else { return nil }
                return access.reset() ? nil : .notReset(found: access.read())
            } ?? nil
        if let failure { throw failure }
        logger.info("put GNOME's text-scaling-factor back as the reader had it", metadata: ["record": "\(originalPath ?? "none")"])
    }

    /// `apply` on the settings thread.
    private func write(_ category: ContentSizeCategory, _ access: DesktopSettingsKey.Access) -> TargetOutcome {
        excluded = false
        let found = access.read()
        let target = ratios.factor(for: category)
        if ratios.category(nearest: found) == category || found == target { return .unchanged }
        if let originalPath, GnomeOriginal.read(originalPath) == nil {
            do { try GnomeOriginal(textScalingFactor: access.userValue()).write(to: originalPath) } catch {
                return .failed(
                    "the reader's text-scaling-factor could not be recorded in \(originalPath) (\(error)); the key is left at \(found)")
            }
        }
        written = target
        guard access.write(target) else {
            written = nil
            let failure = DesktopBridgeError.notWritten(factor: target, found: found)
            logger.warning("could not set the desktop's text size", metadata: ["reason": "\(failure)", "category": "\(category.rawValue)"])
            return .failed(failure.reason)
        }
        logger.info("set the desktop's text size", metadata: ["textScalingFactor": "\(target)", "category": "\(category.rawValue)"])
        return .applied("\(Self.key) \(target)")
    }
}
