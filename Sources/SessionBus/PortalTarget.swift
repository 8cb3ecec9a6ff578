import DesktopBridge
import DynamicType

/// The Settings portal backend as a `DesktopTarget` named `portal` (docs/DESIGN.md §30 (KDE Plasma,
/// X11, and per-target limits)): a thin adapter, as the backend answers from its own watch of
/// `desktop/portal`. Its runner gives it the exclusion and the status: `apply` makes the backend
/// answer the text size again and reports the category it answers; `exclude` makes it withhold the
/// text size, as if fontd had no value for it. Runner's queue only, which alone touches `applied`.
public final class PortalTarget: DesktopTarget, @unchecked Sendable {
    public let name = "portal"
    private let service: SessionBusService
    /// The category last reported applied; nil after an exclusion.
    private var applied: ContentSizeCategory?

    public init(service: SessionBusService) {
        self.service = service
    }

    /// The backend answers `category` (its watch of the scope has it, clamped, already or at once):
    /// applied the first time and after an exclusion, unchanged after.
    public func apply(_ category: ContentSizeCategory) -> TargetOutcome {
        service.setPortalExcluded(false)
        defer { applied = category }
        return applied == category ? .unchanged : .applied("content-size-category \(category.rawValue)")
    }

    /// The portal has no files: excluded, it answers no text size of fontd's.
    public var excludedState: String? {
        "fontd's backend answers no text size: apps read another backend's value or none, as without fontd"
    }

    /// Withholds the text size: applications read no value of fontd's for it (another backend's,
    /// if one answers it) and hear no `SettingChanged` for it.
    public func exclude() throws {
        applied = nil
        service.setPortalExcluded(true)
    }
}
