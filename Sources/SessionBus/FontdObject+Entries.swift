import DesktopBridge
import DynamicType

/// A scope's preferences as the session bus tells them (docs/DESIGN.md §27 (The session bus)): one key per reader
/// preference, named by its declaration (`ReaderPreference.Declaration.busKey`), then the text
/// scale, the newest change's id, the fonts' generation and the scope.
extension FontdObject {
    /// The keys after the preferences' own.
    enum ExtraKey: String, CaseIterable, Sendable {
        /// Body's size at the category ÷ body's size at `l`: the ratio of docs/DESIGN.md §26 (The desktop bridge).
        case textScale = "text-scale"
        case sequence
        case fontGeneration = "font-generation"
        case scope
    }

    /// The keys `Set` and `Clear` take: the preferences'.
    static let writableKeys: [String] = ReaderPreference.allCases.map(\.declaration.busKey)
    /// Every key, in the order answers list them.
    static let keys: [String] = writableKeys + ExtraKey.allCases.map(\.rawValue)

    /// The keys and values of the preferences `answer` (`GET /preferences`'s) tells, in `keys` order,
    /// their text scale by `ratios`. The `content-size-category` key is the scope's own, requested
    /// category, beside its bounds; the text scale is the clamped one's.
    static func entries(of answer: Preferences, ratios: TextScalingRatios) -> [BusEntry] {
        let values = answer.values
        return ReaderPreference.allCases.map { BusEntry($0.declaration.busKey, .string(values[$0])) } + [
            BusEntry(ExtraKey.textScale.rawValue, .double(ratios.ratio(of: answer.category))),
            BusEntry(ExtraKey.sequence.rawValue, .uint64(UInt64(max(answer.sequence, 0)))),
            BusEntry(ExtraKey.fontGeneration.rawValue, .string(answer.fontGeneration ?? "")),
            BusEntry(ExtraKey.scope.rawValue, .string(answer.scope ?? "")),
        ]
    }

    /// The error for `key`, which is none of `keys`: `UnknownKey`, naming the nearest and all of them.
    static func unknownKey(_ key: String, among keys: [String]) -> BusError {
        let hint = NearestNames.didYouMean(NearestNames.suggestion(for: key, among: keys))
        return BusError(
            name: errorPrefix + "UnknownKey", message: "unknown key '\(key)'.\(hint) The keys: \(keys.joined(separator: ", "))."
        )
    }
}
