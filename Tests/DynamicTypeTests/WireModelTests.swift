import DynamicType
import Foundation
import Testing

/// The models the server encodes and the client decodes: one definition, one wire form.
@Suite struct WireModelTests {
    @Test func preferenceEventsHaveTheWireFormOfDesign() {
        let change = PreferenceEvent.categoryChanged(PreferenceChange(value: .extraLarge, previous: .large, sequence: 42))
        #expect(
            change.serverSentEvent
                == "id: 42\nevent: contentSizeCategoryDidChange\ndata: {\"category\":\"xl\",\"previous\":\"l\",\"sequence\":42}\n\n")
        let weight = PreferenceEvent.legibilityWeightChanged(
            PreferenceChange(value: .bold, previous: .regular, sequence: 43))
        #expect(
            weight.serverSentEvent
                == "id: 43\nevent: legibilityWeightDidChange\ndata: {\"legibilityWeight\":\"bold\",\"previous\":\"regular\",\"sequence\":43}\n\n"
        )
        let snapshot = PreferenceEvent.snapshot(Preferences(category: .accessibilityMedium, legibilityWeight: .regular, sequence: 7))
        #expect(
            snapshot.serverSentEvent
                == "id: 7\nevent: preferences\ndata: {\"category\":\"ax1\",\"legibilityWeight\":\"regular\",\"textSpacing\":\"default\",\"sequence\":7}\n\n"
        )
        let spacing = PreferenceEvent.textSpacingChanged(PreferenceChange(value: .wcag, previous: .default, sequence: 44))
        #expect(
            spacing.serverSentEvent
                == "id: 44\nevent: textSpacingDidChange\ndata: {\"textSpacing\":\"wcag\",\"previous\":\"default\",\"sequence\":44}\n\n")
    }

    @Test(arguments: [
        PreferenceEvent.snapshot(Preferences(category: .extraSmall, legibilityWeight: .bold, sequence: 0)),
        .categoryChanged(PreferenceChange(value: .accessibilityExtraExtraExtraLarge, previous: .small, sequence: 9)),
        .legibilityWeightChanged(PreferenceChange(value: .regular, previous: .bold, sequence: 1 << 40)),
        .textSpacingChanged(PreferenceChange(scope: "alice", value: .wcag, previous: .default, sequence: 3)),
    ])
    func preferenceEventsReadBackFromTheirNameAndData(event: PreferenceEvent) throws {
        let decoded = try PreferenceEvent(name: event.name, data: Array(event.data.utf8))
        #expect(decoded == event)
        #expect(decoded?.sequence == event.sequence)
    }

    /// The one generic payload (docs/DESIGN.md §38 (One domain in the middle)) writes each preference's field
    /// by its wire name, `null` for none, and reads the two bounds apart by that field.
    @Test func theOnePayloadWritesEachPreferenceUnderItsOwnField() throws {
        let lower = PreferenceEvent.minimumCategoryChanged(
            PreferenceChange(.minimumCategory, scope: "desktop/kde", value: CategoryBound(category: .large), previous: .none, sequence: 46))
        #expect(
            lower.serverSentEvent
                == "id: 46\nevent: minimumCategoryDidChange\ndata: {\"scope\":\"desktop/kde\",\"minimumCategory\":\"l\",\"previous\":null,\"sequence\":46}\n\n"
        )
        let upper = PreferenceEvent.maximumCategoryChanged(
            PreferenceChange(.maximumCategory, value: CategoryBound.none, previous: CategoryBound(category: .extraExtraLarge), sequence: 47)
        )
        #expect(upper.data == #"{"maximumCategory":null,"previous":"xxl","sequence":47}"#)
        let font = PreferenceEvent.readingFontChanged(
            PreferenceChange(value: ReadingFont(rawValue: "OpenDyslexic"), previous: .none, sequence: 45))
        #expect(font.data == #"{"readingFont":"OpenDyslexic","previous":null,"sequence":45}"#)
        for event in [lower, upper, font] {
            #expect(try PreferenceEvent(name: event.name, data: Array(event.data.utf8)) == event)
        }
        let bound = try JSONDecoder().decode(PreferenceChange<CategoryBound>.self, from: Data(upper.data.utf8))
        #expect(bound.preference == .maximumCategory)
        // A bound's data under the other bound's event name is refused, not read as the wrong bound.
        #expect(throws: DecodingError.self) { try PreferenceEvent(name: "minimumCategoryDidChange", data: Array(upper.data.utf8)) }
    }

    @Test func anUnknownEventNameIsSkippedAndBadDataIsAnError() throws {
        #expect(try PreferenceEvent(name: "somethingNewer", data: Array("{}".utf8)) == nil)
        #expect(throws: DecodingError.self) {
            try PreferenceEvent(name: "contentSizeCategoryDidChange", data: Array(#"{"category":"huge","previous":"l","sequence":1}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try PreferenceEvent(name: "preferences", data: Array(#"{"category":"l"}"#.utf8))
        }
    }

    @Test func errorDocumentLeavesOutAnAbsentList() throws {
        #expect(
            try OrderedJSONEncoder().string(ErrorDocument(error: "unauthorized", message: "No."))
                == #"{"error":"unauthorized","message":"No."}"#)
        let listed = ErrorDocument(error: "unknownCategory", message: "Use one.", allowed: ["xs", "s"])
        let data = try OrderedJSONEncoder().encode(listed)
        #expect(String(decoding: data, as: UTF8.self) == #"{"error":"unknownCategory","message":"Use one.","allowed":["xs","s"]}"#)
        #expect(try JSONDecoder().decode(ErrorDocument.self, from: data) == listed)
    }

    @Test func errorDocumentPutsTheSuggestionAfterTheMessage() throws {
        let error = DynamicTypeError.unknownStyle("bdoy", known: ["body", "headline"])
        let document = ErrorDocument(error: error.code, message: error.description, suggestion: error.suggestion, allowed: error.allowed)
        let data = try OrderedJSONEncoder().encode(document)
        #expect(
            String(decoding: data, as: UTF8.self)
                == #"{"error":"unknownStyle","message":"Unknown text style 'bdoy'; the loaded table has: body, headline. Did you mean 'body'?","suggestion":"body","allowed":["body","headline"]}"#
        )
        #expect(try JSONDecoder().decode(ErrorDocument.self, from: data) == document)
    }

    @Test func fontCollectionKeepsTheDocumentOrderWhenDecoded() throws {
        // Names chosen so that neither sorted nor hash order is likely to match the table's.
        let styles: [TextStyle] = ["zeta", "body", "alpha", "largeTitle", "mid", "caption2", "b", "title1"]
        let collection = FontCollection(category: .extraLarge, fonts: styles.map(Self.font))
        let json = try OrderedJSONEncoder().encode(collection)
        let decoded = try FontCollection(json: json)
        // The same fonts, each number as written (docs/DESIGN.md §6 (Answer documents)): here only 24 / 22 is cut.
        let written = FontCollection(
            category: .extraLarge,
            fonts: styles.map { style in
                var font = Self.font(style)
                font.metrics.metricsScale = RoundedNumber(font.metrics.metricsScale).value
                return font
            })
        #expect(decoded == written)
        #expect(decoded != collection)
        #expect(decoded[.body]?.style == .body)
        #expect(decoded["missing"] == nil)
    }

    @Test func fontCollectionRefusesAFontFiledUnderAnotherStyle() throws {
        var json = try OrderedJSONEncoder().string(FontCollection(category: .large, fonts: [Self.font("body")]))
        json = json.replacingOccurrences(of: #""fonts":{"body""#, with: #""fonts":{"headline""#)
        #expect(throws: DecodingError.self) { try FontCollection(json: Array(json.utf8)) }
    }

    @Test func scaledValueIsTheValueTimesTheFactor() throws {
        let scaled = ScaledValue(value: 8, factor: 24.0 / 22.0)
        #expect(scaled.scaled == 8 * 24.0 / 22.0)
        // On the wire each number is the shortest decimal within a thousandth (docs/DESIGN.md §6 (Answer documents)).
        let written = try JSONDecoder().decode(ScaledValue.self, from: OrderedJSONEncoder().encode(scaled))
        #expect(written.value == 8)
        #expect(written.factor == RoundedNumber(24.0 / 22.0).value)
        #expect(written.scaled == RoundedNumber(8 * 24.0 / 22.0).value)
    }

    @Test func leadingIsWrittenBetweenLineHeightAndTrackingAndNotReadBack() throws {
        let metrics = Self.font("body").metrics
        let json = try OrderedJSONEncoder().string(metrics)
        #expect(json.contains(#""lineHeight":24,"leading":\#(RoundedNumber(24 - (17.6 + 4.5))),"tracking":-0.46,"#), "\(json)")
        let stale = json.replacingOccurrences(of: #""leading":[^,]*,"#, with: #""leading":99,"#, options: .regularExpression)
        #expect(try JSONDecoder().decode(FontMetrics.self, from: Data(stale.utf8)).leading == metrics.leading)
        let without = json.replacingOccurrences(of: #""leading":[^,]*,"#, with: "", options: .regularExpression)
        var written = metrics
        written.metricsScale = RoundedNumber(metrics.metricsScale).value
        #expect(try JSONDecoder().decode(FontMetrics.self, from: Data(without.utf8)) == written)
    }

    static func font(_ style: TextStyle) -> ResolvedFont {
        ResolvedFont(
            style: style, category: .extraLarge,
            matchedFace: MatchedFace(
                family: "DejaVu Sans", face: "Book", postscriptName: "DejaVuSans", file: "/f.ttf", index: 0, pointSize: 19,
                weight: .regular, requestedWeight: .regular, width: .normal, slant: .roman, spacing: .proportional,
                traits: [], fallback: false, synthetic: SyntheticStyling(bold: false, oblique: false)),
            metrics: FontMetrics(
                unitsPerEm: 2048, ascender: 17.6, descender: -4.5, lineGap: 0, capHeight: 13.8, xHeight: 10.4,
                underlinePosition: -1.7, underlineThickness: 1.2, lineHeight: 24, tracking: -0.46,
                metricsScale: 24.0 / 22.0))
    }
}
