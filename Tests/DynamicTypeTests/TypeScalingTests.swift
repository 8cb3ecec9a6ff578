import DynamicType
import FontdTestSupport
import Foundation
import Testing

/// A size (or line height) at `l` and at one scale, and what it must become. The expected values
/// are worked by hand from AOSP's tables (frameworks/base, core/java/android/content/res/
/// FontScaleConverterFactory.java), not by the code under test.
struct ScaledPoint: Sendable, CustomStringConvertible {
    var points: Double
    var scale: Double
    var expected: Double
    var why: String
    var description: String { "\(points) at \(scale): \(why)" }
}

@Suite struct TypeScalingTests {
    static let androidPoints: [ScaledPoint] = [
        ScaledPoint(points: 14, scale: 1.3, expected: 18.8, why: "published column of the 1.3 table"),
        ScaledPoint(points: 30, scale: 2.0, expected: 38, why: "published column of the 2.0 table"),
        ScaledPoint(points: 8, scale: 1.15, expected: 9.2, why: "first column of the 1.15 table"),
        ScaledPoint(points: 24, scale: 1.8, expected: 32.8, why: "published column of the 1.8 table"),
        ScaledPoint(points: 14, scale: 1.4, expected: 20.4, why: "halfway between 1.3 (18.8) and 1.5 (22)"),
        ScaledPoint(points: 16, scale: 1.3, expected: 20.2, why: "halfway between columns 14 (18.8) and 18 (21.6)"),
        ScaledPoint(points: 16, scale: 1.4, expected: 21.6, why: "between tables (20.2, 23) and columns"),
        ScaledPoint(points: 22, scale: 1.65, expected: 29.4, why: "1.5: 27, 1.8: 31.8 at 22; halfway"),
        ScaledPoint(points: 4, scale: 1.5, expected: 6, why: "below 8: from (0, 0) to (8, 12)"),
        ScaledPoint(points: 6, scale: 1.3, expected: 7.8, why: "below 8: three quarters of 10.4"),
        ScaledPoint(points: 150, scale: 1.8, expected: 150, why: "above 100: the last ratio, 100/100"),
        ScaledPoint(points: 57, scale: 1.3, expected: 57, why: "between 30 → 30 and 100 → 100"),
        ScaledPoint(points: 57, scale: 2.0, expected: 38 + 27 * 62 / 70, why: "between 30 → 38 and 100 → 100"),
        ScaledPoint(points: 14, scale: 1.075, expected: 15.2, why: "fontd: halfway between 14 and the 1.15 table's 16.4"),
        ScaledPoint(points: 10, scale: 1.1, expected: 11, why: "fontd: two thirds of the way from 10 to 11.5"),
        ScaledPoint(points: 57, scale: 1.1, expected: 57, why: "fontd: the identity and the 1.15 table agree above 30"),
        ScaledPoint(points: 14, scale: 0.8, expected: 11.2, why: "at most 1: × s"),
        ScaledPoint(points: 57, scale: 1, expected: 57, why: "at 1: unchanged"),
        ScaledPoint(points: 14, scale: 2.5, expected: 32.5, why: "fontd: above 2, the 2.0 table (26) × 2.5 ÷ 2"),
        ScaledPoint(points: 30, scale: 3, expected: 57, why: "fontd: above 2, the 2.0 table (38) × 3 ÷ 2"),
        ScaledPoint(points: 150, scale: 2.5, expected: 187.5, why: "fontd: above 2 and above 100"),
    ]

    @Test(arguments: androidPoints)
    func android14FollowsAOSPsTables(_ point: ScaledPoint) {
        #expect(abs(TypeScaling.android14.convert(point.points, scale: point.scale) - point.expected) < 1e-9)
    }

    @Test func linearMultipliesByTheScale() {
        #expect(TypeScaling.linear.convert(14, scale: 1.3) == 14 * 1.3)
        #expect(TypeScaling.linear.convert(57, scale: 53.0 / 17) == 57 * 53.0 / 17)
    }

    @Test func categoryScalesAreTheDefaultTablesExactBodyRatios() throws {
        let body = try defaultTable.definition(of: .body)
        for category in ContentSizeCategory.allCases {
            #expect(TypeScaling.categoryScales[category] == body.size(at: category).size / body.size(at: .large).size)
        }
    }

    @Test func material3CellsAreDerivedFromTheLargeCell() throws {
        let table = try StyleTable.load(from: TestPaths.material3Styles)
        let bodyLarge = try table.definition(of: "bodyLarge")
        // ax2: s = 33/17, 12/17 of the way from the 1.8 table to the 2.0 table.
        let ax2 = bodyLarge.size(at: .accessibilityLarge)
        #expect(abs(ax2.size - (26 + 2 * 12.0 / 17)) < 1e-9)
        #expect(abs(ax2.lineHeight - (32.8 + 3.2 * 12 / 17)) < 1e-9)
        #expect(abs(ax2.tracking - 0.5 * ax2.size / 16) < 1e-12)
        // ax5: s = 53/17, the 2.0 table × s ÷ 2.
        #expect(abs(bodyLarge.size(at: .accessibilityExtraExtraExtraLarge).size - 28 * 53.0 / 34) < 1e-9)
        // xl: s = 19/17, 40/51 of the way from the identity to the 1.15 table (18.1 at 16).
        let titleMedium = try table.definition(of: "titleMedium")
        #expect(abs(titleMedium.size(at: .extraLarge).size - (16 + 2.1 * 40 / 51)) < 1e-9)
        // xs: s = 14/17, × s.
        #expect(try table.definition(of: "displayLarge").size(at: .extraSmall).size == 57 * 14.0 / 17)
        #expect(bodyLarge.size(at: .large) == TextStyleSize(size: 16, lineHeight: 24, tracking: 0.5))
        #expect(bodyLarge.scaling == .android14)
    }

    @Test func material3HasTheFifteenTokensInRobotoScaledLikeAndroid14() throws {
        let table = try StyleTable.load(from: TestPaths.material3Styles)
        #expect(
            table.styleNames.map(\.rawValue) == [
                "displayLarge", "displayMedium", "displaySmall", "headlineLarge", "headlineMedium", "headlineSmall",
                "titleLarge", "titleMedium", "titleSmall", "bodyLarge", "bodyMedium", "bodySmall",
                "labelLarge", "labelMedium", "labelSmall",
            ])
        #expect(table.styles.allSatisfy { $0.families == ["Roboto", "sans-serif"] && $0.scaling == .android14 })
        let large = table.styles.map { definition in
            let cell = definition.size(at: .large)
            return "\(definition.weight.rawValue) \(cell.size)/\(cell.lineHeight) \(cell.tracking)"
        }
        #expect(
            large == [
                "400.0 57.0/64.0 -0.25", "400.0 45.0/52.0 0.0", "400.0 36.0/44.0 0.0", "400.0 32.0/40.0 0.0",
                "400.0 28.0/36.0 0.0", "400.0 24.0/32.0 0.0", "400.0 22.0/28.0 0.0", "500.0 16.0/24.0 0.15",
                "500.0 14.0/20.0 0.1", "400.0 16.0/24.0 0.5", "400.0 14.0/20.0 0.25", "400.0 12.0/16.0 0.4",
                "500.0 14.0/20.0 0.1", "500.0 12.0/16.0 0.5", "500.0 11.0/16.0 0.5",
            ])
    }

    static let scaledTables: [String] = ["material3", "linear"]

    /// Material 3 as it ships, or the default table with every style scaled linearly from its `l` cell.
    static func scaledTable(_ name: String) throws -> StyleTable {
        if name == "material3" { return try StyleTable.load(from: TestPaths.material3Styles) }
        return try StyleTable.load(
            from: StyleTableBreakage.writeDefaultTable { table in
                for index in 0..<11 {
                    StyleTableBreakage.editStyle(&table, index) { style in
                        style["scaling"] = "linear"
                        style["sizes"] = ["l": (style["sizes"] as? [String: Any])?["l"] as Any]
                    }
                }
            })
    }

    @Test(arguments: scaledTables)
    func sizesNeverDecreaseFromExtraSmallToAX5(_ name: String) throws {
        for definition in try Self.scaledTable(name).styles {
            let cells = ContentSizeCategory.allCases.map { definition.size(at: $0) }
            for (smaller, larger) in zip(cells, cells.dropFirst()) {
                #expect(smaller.size <= larger.size, "\(definition.style): \(smaller.size) then \(larger.size)")
                #expect(smaller.lineHeight <= larger.lineHeight, "\(definition.style): \(smaller.lineHeight) then \(larger.lineHeight)")
            }
        }
    }

    @Test(arguments: scaledTables)
    func trackingKeepsItsEmValue(_ name: String) throws {
        for definition in try Self.scaledTable(name).styles {
            let large = definition.size(at: .large)
            for category in ContentSizeCategory.allCases {
                let cell = definition.size(at: category)
                #expect(abs(cell.tracking / cell.size - large.tracking / large.size) < 1e-12, "\(definition.style) at \(category)")
            }
        }
    }

    @Test func linearTableIsTheLargeCellTimesTheScale() throws {
        let body = try Self.scaledTable("linear").definition(of: .body)
        #expect(body.scaling == .linear)
        #expect(abs(body.size(at: .accessibilityLarge).size - 33) < 1e-9)
        #expect(abs(body.size(at: .accessibilityLarge).lineHeight - 22 * 33.0 / 17) < 1e-9)
    }

    @Test(arguments: scaledTables)
    func scaledTableIsWrittenAsGivenAndReadsBackEqual(_ name: String) throws {
        let table = try Self.scaledTable(name)
        let written = try OrderedJSONEncoder().encode(table)
        #expect(try StyleTable(json: written, source: "encoded") == table)
        let styles = try #require((try JSONSerialization.jsonObject(with: Data(written)) as? [String: Any])?["styles"] as? [[String: Any]])
        for style in styles {
            #expect(style["scaling"] as? String == table.styles[0].scaling?.rawValue)
            #expect((style["sizes"] as? [String: Any])?.keys.sorted() == ["l"])
        }
    }

    @Test func settingTheCellsOfAScaledStyleWritesThemAll() throws {
        var bodyLarge = try StyleTable.load(from: TestPaths.material3Styles).definition(of: "bodyLarge")
        bodyLarge.sizes[.accessibilityLarge].size = 30
        #expect(bodyLarge.scaling == nil)
        let table = StyleTable(name: "edited", styles: [bodyLarge])
        #expect(try StyleTable(json: OrderedJSONEncoder().encode(table), source: "encoded") == table)
    }
}
