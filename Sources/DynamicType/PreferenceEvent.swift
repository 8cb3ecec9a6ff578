#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One event of the preferences stream (`GET /events`): the snapshot a subscriber starts
/// with, or one change.
///
/// The SSE event name says which case it is; the event's `data:` is the payload's JSON and
/// its `id:` the payload's sequence.
public enum PreferenceEvent: Hashable, Sendable {
    /// The preferences as they are now: sent first, and instead of the missed changes when
    /// those can no longer be told (so the subscriber knows it may have missed some).
    case snapshot(Preferences)
    case categoryChanged(CategoryChange)
    case legibilityWeightChanged(LegibilityWeightChange)
    case textSpacingChanged(TextSpacingChange)
    /// The installed fonts changed (docs/DESIGN.md §25); not a preference change, so no id.
    case fontsChanged(FontsChange)

    /// The SSE event names, as docs/DESIGN.md §11 fixes them.
    public static let snapshotName = "preferences"
    public static let categoryChangedName = "contentSizeCategoryDidChange"
    public static let legibilityWeightChangedName = "legibilityWeightDidChange"
    public static let textSpacingChangedName = "textSpacingDidChange"
    public static let fontsChangedName = "fontsDidChange"

    /// The event's SSE name.
    public var name: String {
        switch self {
        case .snapshot: Self.snapshotName
        case .categoryChanged: Self.categoryChangedName
        case .legibilityWeightChanged: Self.legibilityWeightChangedName
        case .textSpacingChanged: Self.textSpacingChangedName
        case .fontsChanged: Self.fontsChangedName
        }
    }

    /// The sequence number the event carries (its `id:`); nil for `fontsChanged`, which has none.
    public var sequence: Int? {
        switch self {
        case .snapshot(let preferences): preferences.sequence
        case .categoryChanged(let change): change.sequence
        case .legibilityWeightChanged(let change): change.sequence
        case .textSpacingChanged(let change): change.sequence
        case .fontsChanged: nil
        }
    }

    /// The event's `data:` line content: the payload's JSON on one line.
    public var data: String {
        // The encoder refuses only non-finite numbers, and the payloads hold none.
        let encoder = OrderedJSONEncoder()
        let text = switch self {
        case .snapshot(let preferences): try? encoder.string(preferences)
        case .categoryChanged(let change): try? encoder.string(change)
        case .legibilityWeightChanged(let change): try? encoder.string(change)
        case .textSpacingChanged(let change): try? encoder.string(change)
        case .fontsChanged(let change): try? encoder.string(change)
        }
        return text ?? "{}"
    }

    /// The whole event as it goes on the wire: `id:` (when it has one), `event:`, `data:` and the blank line.
    public var serverSentEvent: String {
        (sequence.map { "id: \($0)\n" } ?? "") + "event: \(name)\ndata: \(data)\n\n"
    }

    /// Reads an event from its SSE name and data; nil for a name this version does not know
    /// (a newer server's event, which a subscriber skips).
    ///
    /// - Throws: `DecodingError` when the data is not the payload the name announces.
    public init?(name: String, data: some DataProtocol) throws {
        let decoder = JSONDecoder()
        let bytes = Data(data)
        switch name {
        case Self.snapshotName: self = .snapshot(try decoder.decode(Preferences.self, from: bytes))
        case Self.categoryChangedName: self = .categoryChanged(try decoder.decode(CategoryChange.self, from: bytes))
        case Self.legibilityWeightChangedName:
            self = .legibilityWeightChanged(try decoder.decode(LegibilityWeightChange.self, from: bytes))
        case Self.textSpacingChangedName: self = .textSpacingChanged(try decoder.decode(TextSpacingChange.self, from: bytes))
        case Self.fontsChangedName: self = .fontsChanged(try decoder.decode(FontsChange.self, from: bytes))
        default: return nil
        }
    }
}
