import DynamicType
import ScopedPreferences
import Testing

@testable import FontService

/// The state file is the state's `Codable` form: written in one fixed order, read strictly,
/// and a file written before that change still loads (docs/DESIGN.md §12 (The store and the state file), "The state file").
@Suite struct StateFileTests {
    /// A state file exactly as fontd wrote it before the state became `Codable`.
    static let olderFile =
        #"{"version":1,"category":"xl","legibilityWeight":"bold","sequence":3,"history":["#
        + #"{"sequence":1,"event":"contentSizeCategoryDidChange","category":"xl","previous":"l"},"#
        + #"{"sequence":2,"event":"legibilityWeightDidChange","legibilityWeight":"bold","previous":"regular"},"#
        + #"{"sequence":3,"event":"contentSizeCategoryDidChange","category":"xl","previous":"ax2"}]}"# + "\n"

    static func read(_ text: String) throws(StateFileContents.FileError) -> StateFileContents {
        try StateFileContents(fileBytes: Array(text.utf8), path: "/state.json")
    }

    static func refusal(_ text: String) -> String? {
        let error = #expect(throws: StateFileContents.FileError.self) { try read(text) }
        return error?.reason
    }

    @Test func anOlderFileLoads() throws {
        let state = try Self.read(Self.olderFile)
        #expect(state.preferences == PerPreference<String>.initial.with(\.category, .extraLarge).with(\.legibilityWeight, .bold))
        #expect(state.sequence == 3)
        #expect(
            state.history == [
                StateFileEntry(
                    sequence: 1, preference: .category, value: ContentSizeCategory.extraLarge.rawValue,
                    previous: ContentSizeCategory.large.rawValue),
                StateFileEntry(
                    sequence: 2, preference: .legibilityWeight, value: LegibilityWeight.bold.rawValue,
                    previous: LegibilityWeight.regular.rawValue),
                StateFileEntry(
                    sequence: 3, preference: .category, value: ContentSizeCategory.extraLarge.rawValue,
                    previous: ContentSizeCategory.accessibilityLarge.rawValue),
            ])
    }

    @Test func theFileIsWrittenAsBeforeAndReadsBack() throws {
        let state = try Self.read(Self.olderFile)
        #expect(String(decoding: try state.fileBytes(), as: UTF8.self) == Self.olderFile)
        #expect(try Self.read(String(decoding: state.fileBytes(), as: UTF8.self)) == state)
    }

    @Test func theInitialStateIsWrittenWithAnEmptyHistory() throws {
        let text = String(decoding: try StateFileContents().fileBytes(), as: UTF8.self)
        #expect(text == #"{"version":1,"category":"l","legibilityWeight":"regular","sequence":0,"history":[]}"# + "\n")
        #expect(try Self.read(text) == StateFileContents())
    }

    @Test func wcagTextSpacingIsWrittenWithItsChangeAndReadsBack() throws {
        var state = try Self.read(Self.olderFile)
        state.record(
            StateFileEntry(sequence: 4, preference: .textSpacing, value: TextSpacing.wcag.rawValue, previous: TextSpacing.default.rawValue))
        let text = String(decoding: try state.fileBytes(), as: UTF8.self)
        #expect(text.hasPrefix(#"{"version":1,"category":"xl","legibilityWeight":"bold","textSpacing":"wcag","sequence":4,"#))
        #expect(text.hasSuffix(#"{"sequence":4,"event":"textSpacingDidChange","textSpacing":"wcag","previous":"default"}]}"# + "\n"))
        #expect(try Self.read(text) == state)
        #expect(try Self.read(text).preferences.textSpacing == .wcag)
        #expect(
            Self.refusal(#"{"version":1,"category":"l","legibilityWeight":"regular","textSpacing":"wide","sequence":0,"history":[]}"#)
                == "'textSpacing' must be default or wcag")
    }

    @Test func theSequenceIsTheLastChangesAndSurvivesTrimming() throws {
        var state = StateFileContents()
        #expect(state.sequence == 0)
        for index in 0..<(StateFileContents.historyLimit + 5) {
            let category: ContentSizeCategory = index.isMultiple(of: 2) ? .extraLarge : .small
            state.record(
                StateFileEntry(
                    sequence: state.sequence + 1, preference: .category, value: category.rawValue,
                    previous: state.preferences.category.rawValue))
        }
        #expect(state.history.count == StateFileContents.historyLimit)
        #expect(state.sequence == StateFileContents.historyLimit + 5)
        #expect(state.history.first?.sequence == 6)
    }

    @Test(arguments: [
        ("[]", "expected an object"),
        (#"{"version":2,"category":"l","legibilityWeight":"regular","sequence":0,"history":[]}"#, "'version' must be 1"),
        (
            #"{"version":1,"category":"huge","legibilityWeight":"regular","sequence":0,"history":[]}"#,
            "'category' must be one of xs, s, m, l, xl, xxl, xxxl, ax1, ax2, ax3, ax4, ax5"
        ),
        (
            #"{"version":1,"category":"l","legibilityWeight":"heavy","sequence":0,"history":[]}"#,
            "'legibilityWeight' must be regular or bold"
        ),
        (
            #"{"version":1,"category":"l","legibilityWeight":"regular","sequence":1.5,"history":[]}"#,
            "'sequence' must be a whole number from 0 to 999999999999999"
        ),
        (#"{"version":1,"category":"l","legibilityWeight":"regular","sequence":0,"history":{}}"#, "'history' must be an array"),
        (#"{"version":1,"version":1,"category":"l","legibilityWeight":"regular","sequence":0,"history":[]}"#, "'version' appears twice"),
        (#"{"version":1,"category":"l","legibilityWeight":"regular","sequence":1,"history":[7]}"#, "history[0] must be an object"),
        (
            #"{"version":1,"category":"l","legibilityWeight":"regular","sequence":1,"history":[{"sequence":1,"category":2,"previous":"l"}]}"#,
            "history[0].category has the wrong type"
        ),
        (
            #"{"version":1,"category":"l","legibilityWeight":"regular","sequence":1,"history":[{"sequence":2,"category":"l","previous":"xl"}]}"#,
            "history[0].sequence must be a whole number from 1 to 1"
        ),
        (
            #"{"version":1,"category":"l","legibilityWeight":"regular","sequence":1,"history":[{"sequence":1,"category":"l","previous":"bold"}]}"#,
            "history[0] is neither a category, a legibility weight nor a text spacing change"
        ),
        (
            #"{"version":1,"category":"l","legibilityWeight":"regular","sequence":3,"history":[{"sequence":1,"category":"xl","previous":"l"},{"sequence":3,"category":"l","previous":"xl"}]}"#,
            "history[1].sequence is 3, expected 2"
        ),
        (
            #"{"version":1,"category":"l","legibilityWeight":"regular","sequence":5,"history":[{"sequence":4,"category":"l","previous":"xl"}]}"#,
            "the last history entry is 4 but 'sequence' is 5"
        ),
        (
            #"{"version":1,"category":"l","legibilityWeight":"regular","sequence":5,"history":[]}"#,
            "'sequence' is 5 but the history is empty (fontd keeps the last changes once there are any)"
        ),
        (
            #"{"version":1,"category":"l","legibilityWeight":"regular","sequence":0,"history":[],"colour":"red"}"#,
            "'colour' is not a field of the state file"
        ),
    ])
    func aFileFontdCannotHaveWrittenIsRefusedWithTheReason(_ text: String, _ reason: String) {
        #expect(Self.refusal(text) == reason)
    }

    @Test func textThatIsNotJSONIsRefused() throws {
        #expect(Self.refusal(#"{"version":1,"#)?.hasPrefix("not JSON (line 1, column ") == true)
    }

    @Test func theErrorNamesTheFile() throws {
        let error = #expect(throws: StateFileContents.FileError.self) { try Self.read("{}") }
        #expect(
            error?.description
                == "The state file /state.json is unusable: 'version' must be 1. Fix or move it away (fontd starts at l / regular without one)."
        )
    }
}
