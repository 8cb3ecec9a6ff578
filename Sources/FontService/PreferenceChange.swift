import DynamicType

/// One change of the reader's preferences, as the event stream announces it and the state
/// file's history keeps it.
struct PreferenceChange: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        case category(ContentSizeCategory, previous: ContentSizeCategory)
        case legibilityWeight(LegibilityWeight, previous: LegibilityWeight)
    }

    var sequence: Int
    var kind: Kind

    /// The SSE event name (DESIGN §4).
    var eventName: String {
        switch kind {
        case .category: "contentSizeCategoryDidChange"
        case .legibilityWeight: "legibilityWeightDidChange"
        }
    }

    /// The event's `data:` JSON, e.g. `{"category":"xl","previous":"l","sequence":42}`.
    var data: String {
        switch kind {
        case .category(let category, let previous):
            #"{"category":"\#(category.rawValue)","previous":"\#(previous.rawValue)","sequence":\#(sequence)}"#
        case .legibilityWeight(let weight, let previous):
            #"{"legibilityWeight":"\#(weight.rawValue)","previous":"\#(previous.rawValue)","sequence":\#(sequence)}"#
        }
    }

    /// The whole event as it goes on the wire.
    var eventBytes: [UInt8] { Self.event(id: sequence, name: eventName, data: data) }

    static func event(id: Int, name: String, data: String) -> [UInt8] {
        Array("id: \(id)\nevent: \(name)\ndata: \(data)\n\n".utf8)
    }
}
