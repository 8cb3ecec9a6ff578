#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One of the reader's preferences (docs/DESIGN.md §10 (Reader preferences)): the one list every front door derives
/// from — the wire name (the case's raw value), the event, the query parameter, the store's
/// column, the value's parser and the root's initial value are all in `declaration`.
///
/// A preference's value crosses every boundary as its raw value (`xl`, `bold`, `wcag`), so the
/// scope tree, the history and the stores handle every preference alike.
public enum ReaderPreference: String, CaseIterable, Hashable, Sendable, Codable {
    case category, legibilityWeight, textSpacing, readingFont, minimumCategory, maximumCategory

    /// The name the API gives it: the field of `/preferences`, the history's `kind`.
    public var wireName: String { rawValue }

    /// Everything the preference is, declared once.
    public var declaration: Declaration { Self.declarations[ordinal] }

    /// Its place in `allCases`: the index of its slot in a `PerPreference`.
    public var ordinal: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    /// The declarations, in `allCases` order: the one place a preference is described.
    private static let declarations: [Declaration] = allCases.map { preference in
        switch preference {
        case .category:
            .of(
                preference, PreferenceEvent.categoryChanged, { if case .categoryChanged(let change) = $0 { change } else { nil } },
                eventName: "contentSizeCategoryDidChange", queryParameter: "category", initial: .default,
                description: "content-size category", valuesHelp: "xs s m l xl xxl xxxl ax1…ax5 (Apple's names work too).",
                onEveryAnswer: true, boundsClampIt: true)
        case .legibilityWeight:
            .of(
                preference, PreferenceEvent.legibilityWeightChanged,
                { if case .legibilityWeightChanged(let change) = $0 { change } else { nil } },
                eventName: "legibilityWeightDidChange", queryParameter: "legibility", initial: .regular,
                description: #"legibility weight (the "Bold Text" setting)"#, onEveryAnswer: true)
        case .textSpacing:
            .of(
                preference, PreferenceEvent.textSpacingChanged, { if case .textSpacingChanged(let change) = $0 { change } else { nil } },
                eventName: "textSpacingDidChange", queryParameter: "textSpacing", initial: .default,
                description: "text spacing (default, or wcag: WCAG 1.4.12's spacing)")
        case .readingFont:
            .of(
                preference, PreferenceEvent.readingFontChanged, { if case .readingFontChanged(let change) = $0 { change } else { nil } },
                eventName: "readingFontDidChange", queryParameter: "readingFont", initial: .none,
                description: "reading font (a family every style is read in first, such as OpenDyslexic)",
                valuesHelp: "an installed family (fc-list : family), or '' for the table's own.")
        case .minimumCategory:
            .of(
                preference, PreferenceEvent.minimumCategoryChanged,
                { if case .minimumCategoryChanged(let change) = $0 { change } else { nil } },
                eventName: "minimumCategoryDidChange", queryParameter: "minimumCategory", initial: .none,
                description: "minimum category (the smallest category a scope answers at; its descendants' can only be larger)",
                valuesHelp: "a category (xs … ax5), or none.", clamp: .lower)
        case .maximumCategory:
            .of(
                preference, PreferenceEvent.maximumCategoryChanged,
                { if case .maximumCategoryChanged(let change) = $0 { change } else { nil } },
                eventName: "maximumCategoryDidChange", queryParameter: "maximumCategory", initial: .none,
                description: "maximum category (the largest category a scope answers at; its descendants' can only be smaller)",
                valuesHelp: "a category (xs … ax5), or none.", clamp: .upper)
        }
    }

    /// The preference whose change event is named `eventName`, if any.
    public init?(eventName: String) {
        guard let preference = Self.allCases.first(where: { $0.declaration.eventName == eventName }) else { return nil }
        self = preference
    }

    /// The preference named `wireName` on the wire, if any.
    public init?(wireName: String) {
        self.init(rawValue: wireName)
    }
}

extension ReaderPreference {
    /// What one preference is: its names, its values and its events.
    public struct Declaration: Sendable {
        /// The SSE event that announces a change (docs/DESIGN.md §11 (The event stream)): `contentSizeCategoryDidChange`.
        public let eventName: String
        /// The query parameter that names it on the endpoints that follow the reader: `legibility`.
        public let queryParameter: String
        /// The column that keeps it in the stores' tables: `legibility_weight`.
        public let column: String
        /// The column that keeps its mark (docs/DESIGN.md §10 (Reader preferences)): `legibility_weight_mark`.
        public var markColumn: String { column + "_mark" }
        /// The command that reads and sets it: the query parameter's words joined by `-`
        /// (`legibility`, `text-spacing`, `reading-font`).
        public var commandName: String { Self.split(queryParameter, by: "-") }
        /// The key that names it on the session bus and in the Settings portal (docs/DESIGN.md
        /// §27 (The session bus)): what its event says changed, in kebab case (`contentSizeCategoryDidChange` →
        /// `content-size-category`, `readingFontDidChange` → `reading-font`).
        public var busKey: String {
            Self.split(eventName.hasSuffix("DidChange") ? String(eventName.dropLast("DidChange".count)) : eventName, by: "-")
        }
        /// What it is called in a sentence: `legibility weight`.
        public let noun: String
        /// What it is, for help: its noun and what it means (`legibility weight (the "Bold Text" setting)`).
        public let description: String
        /// The values it takes, for help, when listing `allowedValues` is not the way to say it.
        public let valuesHelp: String?
        /// The root scope's value before any change (docs/DESIGN.md §12 (The store and the state file)).
        public let initialValue: String
        /// Every value it takes, as raw values, for help and errors.
        public let allowedValues: [String]
        /// The code a value it does not take is refused with when its values are names of its own, a `CaseIterable`
        /// type (`unknownTextSpacing`, `ErrorCode(unknownValueOf:)`); nil when they are another preference's (a
        /// bound's are categories, refused as `unknownCategory`) or any text (a family, which the server checks:
        /// `unknownFamily`).
        public let unknownValueCode: ErrorCode?
        /// Which end of a scope's clamp it is (docs/DESIGN.md §23 (Reader scopes and scoped tokens)); nil for a
        /// preference a scope inherits whole rather than narrows.
        public let clamp: ClampEnd?
        /// Whether every `Preferences` has carried its field since the first one, so that one without it is
        /// refused; false for a preference added later (an older server leaves it out) or left out when it
        /// has no value: its absent field reads as `initialValue`.
        public let isOnEveryAnswer: Bool
        /// Whether a scope's bounds clamp it (docs/DESIGN.md §23 (Reader scopes and scoped tokens)): an answer
        /// carries the clamped value under its wire name and, when the scope is bounded, the reader's own right
        /// after it (`requestedCategory`).
        public let isClampedByBounds: Bool
        /// Whether font answers depend on it, so that the routes that answer fonts take its query
        /// parameter and, when it is left out, follow it (docs/DESIGN.md §10 (Reader preferences)). Every
        /// preference so far does; one that does not (a "Reduce Motion") must not make font answers
        /// follow the reader, or every font answer would be `no-cache`.
        public let shapesFonts: Bool
        private let canonicalValue: @Sendable (String) throws(DynamicTypeError) -> String
        private let rawValue: @Sendable (String) -> Bool
        private let makeChange: @Sendable (String?, String, String, Int) -> PreferenceEvent?
        private let decodeChange: @Sendable (Data) throws -> PreferenceEvent
        private let extractChange: @Sendable (PreferenceEvent) -> (any ReaderChange)?
        /// The type of its values (`LegibilityWeight`), which its changes carry.
        public let valueType: any ReaderValue.Type

        /// The declaration of a preference whose values are `Value`s, announced by a
        /// `PreferenceChange<Value>` that `event` wraps in its `PreferenceEvent` case and `payload`
        /// finds there; its noun is the wire name's words (`text spacing`).
        static func of<Value: ReaderValue>(
            _ preference: ReaderPreference, _ event: @escaping @Sendable (PreferenceChange<Value>) -> PreferenceEvent,
            _ payload: @escaping @Sendable (PreferenceEvent) -> PreferenceChange<Value>?, eventName: String,
            queryParameter: String, initial: Value, description: String, valuesHelp: String? = nil, clamp: ClampEnd? = nil,
            onEveryAnswer: Bool = false, boundsClampIt: Bool = false, shapesFonts: Bool = true
        ) -> Declaration {
            Declaration(
                eventName: eventName, queryParameter: queryParameter, column: Self.column(of: preference.rawValue),
                noun: Self.words(of: preference.rawValue), description: description, valuesHelp: valuesHelp, initialValue: initial.rawValue,
                allowedValues: Value.allowedValues,
                unknownValueCode: Value.self is any CaseIterable.Type ? ErrorCode(unknownValueOf: preference) : nil,
                clamp: clamp, isOnEveryAnswer: onEveryAnswer, isClampedByBounds: boundsClampIt,
                shapesFonts: shapesFonts,
                canonicalValue: { (text: String) throws(DynamicTypeError) -> String in try Value(parsing: text).rawValue },
                rawValue: { Value(rawValue: $0) != nil },
                makeChange: { scope, value, previous, sequence in
                    guard let value = Value(rawValue: value), let previous = Value(rawValue: previous) else { return nil }
                    return event(PreferenceChange(preference, scope: scope, value: value, previous: previous, sequence: sequence))
                },
                decodeChange: { data in
                    let change = try JSONDecoder().decode(PreferenceChange<Value>.self, from: data)
                    guard change.preference == preference else {
                        throw DecodingError.dataCorrupted(
                            DecodingError.Context(
                                codingPath: [], debugDescription: "A \(eventName) event has a \(preference.wireName) field."))
                    }
                    return event(change)
                },
                extractChange: payload, valueType: Value.self)
        }

        /// The raw value a reader's text names (any of its names, any case), or the error naming the allowed ones.
        public func parse(_ text: String) throws(DynamicTypeError) -> String { try canonicalValue(text) }

        /// Whether `value` is one of the preference's raw values as fontd writes them.
        public func isRawValue(_ value: String) -> Bool { rawValue(value) }

        /// The change event from `previous` to `value` for `scope` (nil: the root), with id
        /// `sequence`; nil when either is not a raw value of the preference.
        public func changeEvent(scope: String?, value: String, previous: String, sequence: Int) -> PreferenceEvent? {
            makeChange(scope, value, previous, sequence)
        }

        /// Reads a change event's data.
        ///
        /// - Throws: `DecodingError` when the data is not this preference's change.
        public func decodeChangeEvent(_ data: Data) throws -> PreferenceEvent { try decodeChange(data) }

        /// The change `event` announces when it is this preference's.
        public func change(in event: PreferenceEvent) -> (any ReaderChange)? { extractChange(event) }

        /// `legibilityWeight` → `legibility_weight`.
        private static func column(of name: String) -> String { split(name, by: "_") }

        /// `legibilityWeight` → `legibility weight`.
        private static func words(of name: String) -> String { split(name, by: " ") }

        private static func split(_ name: String, by separator: String) -> String {
            name.unicodeScalars.reduce(into: "") { split, scalar in
                if scalar.properties.isUppercase {
                    split += separator + String(scalar).lowercased()
                } else {
                    split.unicodeScalars.append(scalar)
                }
            }
        }
    }
}

extension ReaderPreference {
    /// Which end of a scope's clamp a bound is: the tighter of two bounds is the larger lower
    /// end and the smaller upper end.
    public enum ClampEnd: Sendable {
        case lower, upper

        /// The tighter of two raw values of a bound (`""`: none, the looser of any two).
        public func tighter(_ one: String, _ other: String) -> String {
            guard let first = CategoryBound(rawValue: one)?.category else { return other }
            guard let second = CategoryBound(rawValue: other)?.category else { return one }
            return switch self {
            case .lower: max(first, second).rawValue
            case .upper: min(first, second).rawValue
            }
        }
    }
}

/// A preference's value type: named by its raw value, read from any of its names by `init(parsing:)`.
public protocol ReaderValue: RawRepresentable<String>, Hashable, Sendable, Codable {
    /// Reads a value as the API does, refusing a name with the allowed ones: a type whose values are its preference's
    /// own names throws that preference's `DynamicTypeError.unknownValue` (its code `unknown` and the wire name).
    init(parsing text: String) throws(DynamicTypeError)
    /// Every value it takes, as raw values; empty when any text is one (a family name).
    static var allowedValues: [String] { get }
}

extension ReaderValue where Self: CaseIterable {
    public static var allowedValues: [String] { allCases.map(\.rawValue) }
}

/// A preference's change event payload, `PreferenceChange` of any value type: the scope, the value
/// after and before, and the event's id.
public protocol ReaderChange: Codable, Hashable, Sendable {
    associatedtype Value: ReaderValue
    init(scope: String?, value: Value, previous: Value, sequence: Int)
    /// The scope (docs/DESIGN.md §23 (Reader scopes and scoped tokens)) whose preference changed; nil for the root scope.
    var scope: String? { get }
    /// The value after the change.
    var value: Value { get }
    var previous: Value { get }
    var sequence: Int { get }
}

extension ReaderChange {
    /// The value after and before, as raw values.
    public var rawValues: (value: String, previous: String) { (value.rawValue, previous.rawValue) }
}

extension ContentSizeCategory: ReaderValue {}
extension LegibilityWeight: ReaderValue {}
extension TextSpacing: ReaderValue {}
