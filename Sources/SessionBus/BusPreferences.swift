import DesktopBridge
import DynamicType

/// A scope's preferences as the session bus tells them (docs/DESIGN.md §27 (The session bus)): one key per reader
/// preference, named by its declaration (`ReaderPreference.Declaration.busKey`), then the text
/// scale, the newest change's id, the fonts' generation and the scope.
public struct BusPreferences: Hashable, Sendable {
    /// The keys after the preferences' own.
    public enum Extra: String, CaseIterable, Sendable {
        /// Body's size at the category ÷ body's size at `l`: the ratio of docs/DESIGN.md §26 (The desktop bridge).
        case textScale = "text-scale"
        case sequence
        case fontGeneration = "font-generation"
        case scope
    }

    /// Every key, in the order answers list them.
    public static let keys: [String] = ReaderPreference.allCases.map(\.declaration.busKey) + Extra.allCases.map(\.rawValue)
    /// The keys `Set` and `Clear` take: the preferences'.
    public static let writableKeys: [String] = ReaderPreference.allCases.map(\.declaration.busKey)

    /// The keys and their values, in `keys` order.
    public let entries: [BusEntry]

    /// The preferences `answer` (`GET /preferences`'s) tells, their text scale by `ratios`.
    public init(_ answer: Preferences, ratios: TextScalingRatios) {
        let values = answer.values
        clampedCategory = answer.category
        entries =
            ReaderPreference.allCases.map { BusEntry($0.declaration.busKey, .string(values[$0])) } + [
                BusEntry(Extra.textScale.rawValue, .double(ratios.ratio(of: answer.category))),
                BusEntry(Extra.sequence.rawValue, .uint64(UInt64(max(answer.sequence, 0)))),
                BusEntry(Extra.fontGeneration.rawValue, .string(answer.fontGeneration ?? "")),
                BusEntry(Extra.scope.rawValue, .string(answer.scope ?? "")),
            ]
    }

    /// The category clamped into the scope's bounds: what the scope's answers carry. (The
    /// `content-size-category` key is the scope's own, requested one, beside its bounds.)
    public let clampedCategory: ContentSizeCategory

    /// The value of `key`, if it is one.
    public subscript(key: String) -> BusValue? { entries.first { $0.key == key }?.value }

    /// The error for `key`, which is none of `keys`: `UnknownKey`, naming the nearest and all of them.
    static func unknownKey(_ key: String, among keys: [String]) -> BusError {
        let hint = NearestNames.didYouMean(NearestNames.suggestion(for: key, among: keys))
        return BusError(
            name: FontdObject.errorPrefix + "UnknownKey", message: "unknown key '\(key)'.\(hint) The keys: \(keys.joined(separator: ", "))."
        )
    }
}
