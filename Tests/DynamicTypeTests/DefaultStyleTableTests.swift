import DynamicType
import FontdTestSupport
import Foundation
import Testing

/// The default table of docs/DESIGN.md §4 (The style table), copied verbatim: style | weight | emphasized | 12 cells of size/line height.
let specifiedTable = """
    | largeTitle | 400 | 700 | 31/38 | 32/39 | 33/40 | 34/41 | 36/43 | 38/46 | 40/48 | 44/52 | 48/57 | 52/61 | 56/66 | 60/70 |
    | title1 | 400 | 700 | 25/31 | 26/32 | 27/33 | 28/34 | 30/37 | 32/39 | 34/41 | 38/46 | 43/51 | 48/57 | 53/62 | 58/68 |
    | title2 | 400 | 700 | 19/24 | 20/25 | 21/26 | 22/28 | 24/30 | 26/32 | 28/34 | 34/41 | 39/47 | 44/52 | 50/59 | 56/66 |
    | title3 | 400 | 600 | 17/22 | 18/23 | 19/24 | 20/25 | 22/28 | 24/30 | 26/32 | 31/38 | 37/44 | 43/51 | 49/58 | 55/65 |
    | headline | 600 | 600 | 14/19 | 15/20 | 16/21 | 17/22 | 19/24 | 21/26 | 23/29 | 28/34 | 33/40 | 40/48 | 47/56 | 53/62 |
    | body | 400 | 600 | 14/19 | 15/20 | 16/21 | 17/22 | 19/24 | 21/26 | 23/29 | 28/34 | 33/40 | 40/48 | 47/56 | 53/62 |
    | callout | 400 | 600 | 13/18 | 14/19 | 15/20 | 16/21 | 18/23 | 20/25 | 22/28 | 26/32 | 32/39 | 38/46 | 44/52 | 51/60 |
    | subheadline | 400 | 600 | 12/16 | 13/18 | 14/19 | 15/20 | 17/22 | 19/24 | 21/28 | 25/31 | 30/37 | 36/43 | 42/50 | 49/58 |
    | footnote | 400 | 600 | 12/16 | 12/16 | 12/16 | 13/18 | 15/20 | 17/22 | 19/24 | 23/29 | 27/33 | 33/40 | 38/46 | 44/52 |
    | caption1 | 400 | 600 | 11/13 | 11/13 | 11/13 | 12/16 | 14/19 | 16/21 | 18/23 | 22/28 | 26/32 | 32/39 | 37/44 | 43/51 |
    | caption2 | 400 | 600 | 11/13 | 11/13 | 11/13 | 11/13 | 13/18 | 15/20 | 17/22 | 20/25 | 24/30 | 29/35 | 34/41 | 40/48 |
    """

/// SF Pro's per-size tracking in 1/1000 em, copied verbatim from docs/DESIGN.md §4 (The style table).
let specifiedTracking = """
    11:+6 12:0 13:-6 14:-11 15:-16 16:-20 17:-26 18:-25 19:-24 20:-23 21:-18 22:-12
    23:-4 24:+3 25:+6 26:+8 27:+11 28:+14 29:+14 30:+14 31:+13 32:+13 33:+12 34:+12
    36:+10 37:+10 38:+10 39:+10 40:+10 42:+9 43:+9 44:+8 47:+8 48:+8 49:+7 50:+7
    51:+7 52:+6 53:+6 55:+6 56:+6 58:+5 60:+4
    """

struct SpecifiedCell: Sendable, CustomTestStringConvertible {
    var style: String
    var weight: Double
    var emphasizedWeight: Double
    var category: ContentSizeCategory
    var size: Double
    var lineHeight: Double
    var testDescription: String { "\(style)@\(category.rawValue)" }
}

/// The 132 cells of the specified table, parsed from the copy above.
let specifiedCells: [SpecifiedCell] = specifiedTable.split(separator: "\n").flatMap { line -> [SpecifiedCell] in
    let columns = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
    return ContentSizeCategory.allCases.enumerated().map { offset, category in
        let pair = columns[3 + offset].split(separator: "/")
        return SpecifiedCell(
            style: columns[0], weight: Double(columns[1])!, emphasizedWeight: Double(columns[2])!, category: category,
            size: Double(pair[0])!, lineHeight: Double(pair[1])!)
    }
}

/// Tracking in 1/1000 em by point size.
let specifiedTrackingPerMille: [Int: Int] = Dictionary(
    uniqueKeysWithValues: specifiedTracking.split(whereSeparator: \.isWhitespace).map { entry in
        let parts = entry.split(separator: ":")
        return (Int(parts[0])!, Int(parts[1])!)
    })

let defaultTable: StyleTable = {
    do { return try StyleTable.load(from: TestPaths.defaultStyles) } catch { fatalError("default table: \(error)") }
}()

@Suite struct DefaultStyleTableTests {
    @Test func specifiedTableHas132Cells() {
        #expect(specifiedCells.count == 132)
        #expect(Set(specifiedCells.map(\.style)).count == 11)
    }

    @Test(arguments: specifiedCells)
    func cellMatchesSpecification(_ cell: SpecifiedCell) throws {
        let definition = try defaultTable.definition(of: TextStyle(cell.style))
        let actual = definition.size(at: cell.category)
        #expect(actual.size == cell.size)
        #expect(actual.lineHeight == cell.lineHeight)
        #expect(definition.weight.rawValue == cell.weight)
        #expect(definition.emphasizedWeight.rawValue == cell.emphasizedWeight)
        #expect(definition.families == ["sans-serif"])
    }

    @Test(arguments: specifiedCells)
    func trackingFollowsSFProForTheCellSize(_ cell: SpecifiedCell) throws {
        let perMille = try #require(specifiedTrackingPerMille[Int(cell.size)], "no tracking specified for \(cell.size) pt")
        // em/1000 × size, rounded half away from zero to 2 decimals, in integer arithmetic.
        let hundredths = (perMille * Int(cell.size) * 100)
        let rounded = Double((abs(hundredths) + 500) / 1000 * (hundredths < 0 ? -1 : 1)) / 100
        let actual = try defaultTable.definition(of: TextStyle(cell.style)).size(at: cell.category).tracking
        #expect(actual == rounded)
    }

    @Test func stylesKeepTheSpecifiedOrder() {
        var seen: [String] = []
        for cell in specifiedCells where !seen.contains(cell.style) { seen.append(cell.style) }
        #expect(defaultTable.styleNames.map(\.rawValue) == seen)
    }

    @Test func bodyAtLargeTracksMinus044() throws {
        #expect(try defaultTable.definition(of: .body).size(at: .large).tracking == -0.44)
    }

    @Test func tableRoundTripsThroughItsFileFormat() throws {
        let json = try OrderedJSONEncoder().encode(defaultTable)
        #expect(try StyleTable(json: json, source: "round trip") == defaultTable)
    }
}
