import DynamicType
import Testing

/// docs/DESIGN.md §5 (Resolution) steps 1–6, on the default table, with no font system involved.
@Suite struct FontSpecificationTests {
    func specification(
        _ style: TextStyle = .body, _ category: ContentSizeCategory = .large, traits: SymbolicTraits = [],
        weight: FontWeight? = nil, legibility: LegibilityWeight = .regular, maximum: Double? = nil,
        families: [String]? = nil
    ) throws -> FontSpecification {
        try defaultTable.specification(
            for: FontRequest(
                style: style, category: category, traits: traits, families: families, weight: weight,
                legibilityWeight: legibility, maximumPointSize: maximum))
    }

    @Test func plainBodyAtExtraLargeIsNineteenOnTwentyFour() throws {
        let spec = try specification(.body, .extraLarge)
        #expect(spec.descriptor.size == 19)
        #expect(spec.lineHeight == 24)
        #expect(spec.tracking == -0.46)
        #expect(spec.requestedWeight == .regular)
        #expect(spec.descriptor.families == ["sans-serif"])
        #expect(spec.metricsScale == 24.0 / 22.0)
    }

    @Test func boldAsksForTheEmphasizedWeight() throws {
        #expect(try specification(traits: .bold).requestedWeight.rawValue == 600)
        #expect(try specification(.largeTitle, traits: .bold).requestedWeight.rawValue == 700)
    }

    @Test func boldTextSettingAsksForTheEmphasizedWeightToo() throws {
        #expect(try specification(legibility: .bold).requestedWeight.rawValue == 600)
    }

    @Test func boldTextMakesHeadlineHeavierThanItsSemibold() throws {
        #expect(try specification(.headline).requestedWeight.rawValue == 600)
        #expect(try specification(.headline, traits: .bold).requestedWeight.rawValue == 600)
        #expect(try specification(.headline, legibility: .bold).requestedWeight.rawValue == 700)
    }

    @Test func boldNeverMakesAnExplicitWeightLighter() throws {
        #expect(try specification(weight: .black).requestedWeight.rawValue == 900)
        #expect(try specification(traits: .bold, weight: .black).requestedWeight.rawValue == 900)
        #expect(try specification(weight: .black, legibility: .bold).requestedWeight.rawValue == 1000)
        #expect(try specification(traits: .bold, weight: .black, legibility: .bold).requestedWeight.rawValue == 1000)
        #expect(try specification(traits: .bold, weight: .heavy).requestedWeight.rawValue == 800)
    }

    @Test func boldTraitAndBoldTextTogetherAddOneHundred() throws {
        #expect(try specification(traits: .bold, legibility: .bold).requestedWeight.rawValue == 700)
        #expect(try specification(.title1, traits: .bold, legibility: .bold).requestedWeight.rawValue == 800)
    }

    @Test func combinedEmphasisNeverPassesOneThousand() throws {
        var table = defaultTable
        table.styles[0].emphasizedWeight = FontWeight(950)
        let spec = try table.specification(for: FontRequest(style: .largeTitle, traits: .bold, legibilityWeight: .bold))
        #expect(spec.requestedWeight.rawValue == 1000)
    }

    @Test func weightOptionReplacesTheStylesWeightUnlessBold() throws {
        #expect(try specification(weight: .light).requestedWeight == .light)
        #expect(try specification(weight: .light).descriptor.weight == .light)
        #expect(try specification(traits: .bold, weight: .light).requestedWeight.rawValue == 600)
    }

    @Test func familyOptionReplacesTheStylesFamilies() throws {
        #expect(try specification(families: ["DejaVu Serif"]).descriptor.families == ["DejaVu Serif"])
    }

    @Test func italicCondensedExpandedMonospaceBecomeDescriptorAttributes() throws {
        let italic = try specification(traits: [.italic, .condensed, .monospace]).descriptor
        #expect(italic.slant == .italic)
        #expect(italic.width == .condensed)
        #expect(italic.spacing == .monospace)
        #expect(try specification(traits: .expanded).descriptor.width == .expanded)
        let plain = try specification().descriptor
        #expect(plain.slant == nil && plain.width == nil && plain.spacing == nil)
    }

    @Test func tightAndLooseLeadingMoveTheLineHeightByTwo() throws {
        #expect(try specification(traits: .tightLeading).lineHeight == 20)
        #expect(try specification(traits: .looseLeading).lineHeight == 24)
    }

    @Test func maximumPointSizeScalesLineHeightAndTracking() throws {
        let capped = try specification(.body, .accessibilityExtraExtraExtraLarge, maximum: 20)
        let cell = try defaultTable.definition(of: .body).size(at: .accessibilityExtraExtraExtraLarge)
        #expect(capped.descriptor.size == 20)
        #expect(capped.lineHeight == cell.lineHeight * (20 / cell.size))
        #expect(capped.tracking == cell.tracking * (20 / cell.size))
    }

    @Test func maximumPointSizeAboveTheSizeChangesNothing() throws {
        #expect(try specification(.body, .large, maximum: 40) == specification(.body, .large))
    }

    @Test func metricsScaleIsTheLineHeightRatioToLarge() throws {
        for category in ContentSizeCategory.allCases {
            let definition = try defaultTable.definition(of: .footnote)
            let expected = definition.size(at: category).lineHeight / definition.size(at: .large).lineHeight
            #expect(try specification(.footnote, category).metricsScale == expected)
        }
        #expect(try specification(.body, .large).metricsScale == 1)
    }

    @Test func styleNamesMatchWithoutCaseAndAnswerInTheTablesSpelling() throws {
        #expect(try specification(TextStyle("LARGETITLE")).style == .largeTitle)
    }

    @Test func unknownStyleListsTheTablesStyles() {
        #expect(throws: DynamicTypeError.unknownStyle("bdoy", known: defaultTable.styleNames.map(\.rawValue))) {
            try specification(TextStyle("bdoy"))
        }
    }
}
