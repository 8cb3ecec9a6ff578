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
    case categoryChanged(PreferenceChange<ContentSizeCategory>)
    case legibilityWeightChanged(PreferenceChange<LegibilityWeight>)
    case textSpacingChanged(PreferenceChange<TextSpacing>)
    case readingFontChanged(PreferenceChange<ReadingFont>)
    /// A scope's lower bound (docs/DESIGN.md §23 (Reader scopes and scoped tokens)) moved.
    case minimumCategoryChanged(PreferenceChange<CategoryBound>)
    /// A scope's upper bound moved.
    case maximumCategoryChanged(PreferenceChange<CategoryBound>)
    /// The installed fonts changed (docs/DESIGN.md §25 (Font set changes)); not a preference change, so no id.
    case fontsChanged(FontsChange)

    /// The SSE event names, as docs/DESIGN.md §11 (The event stream) fixes them.
    public static let snapshotName = "preferences"
    public static let categoryChangedName = ReaderPreference.category.declaration.eventName
    public static let legibilityWeightChangedName = ReaderPreference.legibilityWeight.declaration.eventName
    public static let textSpacingChangedName = ReaderPreference.textSpacing.declaration.eventName
    public static let fontsChangedName = "fontsDidChange"

    /// The preference a change event is of, and its payload; nil for a snapshot or a change of the fonts.
    public var change: (preference: ReaderPreference, payload: any ReaderChange)? {
        for preference in ReaderPreference.allCases {
            if let payload = preference.declaration.change(in: self) { return (preference, payload) }
        }
        return nil
    }

    /// The event's SSE name.
    public var name: String {
        if let change { return change.preference.declaration.eventName }
        return switch self {
        case .snapshot: Self.snapshotName
        default: Self.fontsChangedName
        }
    }

    /// The sequence number the event carries (its `id:`); nil for `fontsChanged`, which has none.
    public var sequence: Int? {
        if let change { return change.payload.sequence }
        return if case .snapshot(let preferences) = self { preferences.sequence } else { nil }
    }

    /// The event's `data:` line content: the payload's JSON on one line.
    public var data: String {
        // The encoder refuses only non-finite numbers, and the payloads hold none.
        let encoder = OrderedJSONEncoder()
        let text: String? =
            switch self {
            case .snapshot(let preferences): try? encoder.string(preferences)
            case .fontsChanged(let change): try? encoder.string(change)
            default: if let change { Self.json(of: change.payload, by: encoder) } else { nil }
            }
        return text ?? "{}"
    }

    private static func json(of payload: some ReaderChange, by encoder: OrderedJSONEncoder) -> String? {
        try? encoder.string(payload)
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
        let bytes = Data(data)
        if let preference = ReaderPreference(eventName: name) {
            self = try preference.declaration.decodeChangeEvent(bytes)
            return
        }
        switch name {
        case Self.snapshotName: self = .snapshot(try JSONDecoder().decode(Preferences.self, from: bytes))
        case Self.fontsChangedName: self = .fontsChanged(try JSONDecoder().decode(FontsChange.self, from: bytes))
        default: return nil
        }
    }
}
