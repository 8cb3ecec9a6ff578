/// Font variations read straight from `fvar`, `avar` and `MVAR`, so tests can check what FreeType
/// measures at design coordinates without asking FreeType (OpenType 1.9, "Font Variations Overview").
extension OpenTypeTables {
    /// One `fvar` axis: its tag and range in design units.
    public struct Axis: Sendable, Equatable {
        public let tag: String
        public let minimum: Double
        public let defaultValue: Double
        public let maximum: Double
    }

    /// The font's axes in `fvar` order; empty for a static font.
    public func axes() throws -> [Axis] {
        guard let fvar = try directory.optionalTable("fvar") else { return [] }
        // Header: version, axesArrayOffset, reserved, axisCount, axisSize (20), instanceCount, instanceSize.
        let arrayOffset = try fvar.u16(4)
        let count = try fvar.u16(8)
        let size = try fvar.u16(10)
        return try (0..<count).map { index in
            let record = arrayOffset + index * size
            return Axis(
                tag: try fvar.tag(record), minimum: try fvar.fixed(record + 4),
                defaultValue: try fvar.fixed(record + 8), maximum: try fvar.fixed(record + 12))
        }
    }

    /// Normalized coordinates (−1…1, after `avar`) for design values by tag; axes not named stay at their default.
    public func normalizedCoordinates(_ design: [String: Double]) throws -> [Double] {
        let axes = try axes()
        let avar = try directory.optionalTable("avar")
        var segmentOffset = 8  // avar 1.0: version, reserved, axisCount, then one segment map per axis
        return try axes.enumerated().map { index, axis in
            let value = min(max(design[axis.tag] ?? axis.defaultValue, axis.minimum), axis.maximum)
            var normalized =
                value < axis.defaultValue
                ? (value - axis.defaultValue) / (axis.defaultValue - axis.minimum)
                : value > axis.defaultValue ? (value - axis.defaultValue) / (axis.maximum - axis.defaultValue) : 0
            normalized = Self.f2dot14(normalized)
            guard let avar, index < (try avar.u16(6)) else { return normalized }
            let pairCount = try avar.u16(segmentOffset)
            let pairs = try (0..<pairCount).map { pair in
                (from: try avar.f2dot14(segmentOffset + 2 + 4 * pair), to: try avar.f2dot14(segmentOffset + 4 + 4 * pair))
            }
            segmentOffset += 2 + 4 * pairCount
            return Self.f2dot14(Self.mapped(normalized, through: pairs))
        }
    }

    /// The MVAR delta for `tag` (`xhgt`, `cpht`, …) at normalized `coordinates`, unrounded; 0 when MVAR does not vary it.
    public func metricDelta(_ tag: String, at coordinates: [Double]) throws -> Double {
        guard let mvar = try directory.optionalTable("MVAR") else { return 0 }
        let recordSize = try mvar.u16(6)
        let recordCount = try mvar.u16(8)
        let storeOffset = try mvar.u16(10)
        guard let record = try (0..<recordCount).map({ 12 + $0 * recordSize }).first(where: { try mvar.tag($0) == tag }) else {
            return 0
        }
        let store = try mvar.view(at: storeOffset, length: mvar.range.count - storeOffset, what: "item variation store")
        return try Self.delta(in: store, outer: try mvar.u16(record + 4), inner: try mvar.u16(record + 6), at: coordinates)
    }

    /// An ItemVariationStore delta: each region's scalar at `coordinates` times the item's delta for it, summed.
    private static func delta(in store: ByteView, outer: Int, inner: Int, at coordinates: [Double]) throws -> Double {
        let regions = try store.view(at: try store.u32(2), length: store.range.count - (try store.u32(2)), what: "region list")
        let regionAxisCount = try regions.u16(0)
        let data = try store.view(
            at: try store.u32(8 + 4 * outer), length: store.range.count - (try store.u32(8 + 4 * outer)), what: "variation data")
        let itemCount = try data.u16(0)
        let wordField = try data.u16(2)
        let regionIndexCount = try data.u16(4)
        guard inner < itemCount else { return 0 }
        // wordDeltaCount's top bit (LONG_WORDS) doubles both delta sizes: 32/16 bits instead of 16/8.
        let longWords = wordField & 0x8000 != 0
        let wordCount = wordField & 0x7FFF
        let (wide, narrow) = longWords ? (4, 2) : (2, 1)
        let rowSize = wordCount * wide + (regionIndexCount - wordCount) * narrow
        var position = 6 + 2 * regionIndexCount + inner * rowSize
        var sum = 0.0
        for column in 0..<regionIndexCount {
            let size = column < wordCount ? wide : narrow
            let delta = try data.signed(position, size: size)
            position += size
            let region = try data.u16(6 + 2 * column)
            sum += Double(delta) * (try regionScalar(regions, region: region, axisCount: regionAxisCount, at: coordinates))
        }
        return sum
    }

    /// How much a region applies at `coordinates`: the product of each axis's tent.
    private static func regionScalar(_ regions: ByteView, region: Int, axisCount: Int, at coordinates: [Double]) throws -> Double {
        var scalar = 1.0
        for axis in 0..<axisCount {
            let record = 4 + (region * axisCount + axis) * 6
            let start = try regions.f2dot14(record)
            let peak = try regions.f2dot14(record + 2)
            let end = try regions.f2dot14(record + 4)
            let value = axis < coordinates.count ? coordinates[axis] : 0
            // Malformed and zero-peak axes do not limit the region (spec: "ignored").
            if start > peak || peak > end || (start < 0 && end > 0 && peak != 0) || peak == 0 { continue }
            if value == peak { continue }
            if value <= start || value >= end { return 0 }
            scalar *= value < peak ? (value - start) / (peak - start) : (end - value) / (end - peak)
        }
        return scalar
    }

    /// `value` through an `avar` segment map, linear between its pairs.
    private static func mapped(_ value: Double, through pairs: [(from: Double, to: Double)]) -> Double {
        guard let first = pairs.first, let last = pairs.last else { return value }
        if value <= first.from { return first.to }
        for (lower, upper) in zip(pairs, pairs.dropFirst()) where value <= upper.from {
            return lower.to + (upper.to - lower.to) * (value - lower.from) / (upper.from - lower.from)
        }
        return last.to
    }

    /// Rounds to the F2DOT14 grid the spec normalizes on.
    private static func f2dot14(_ value: Double) -> Double { (value * 16384).rounded() / 16384 }
}

extension ByteView {
    /// A 16.16 fixed-point number.
    func fixed(_ offset: Int) throws(OpenTypeTablesError) -> Double { Double(Int32(truncatingIfNeeded: try u32(offset))) / 65536 }

    /// A 2.14 fixed-point number.
    func f2dot14(_ offset: Int) throws(OpenTypeTablesError) -> Double { Double(try i16(offset)) / 16384 }

    /// A big-endian two's-complement integer of 1, 2 or 4 bytes.
    func signed(_ offset: Int, size: Int) throws(OpenTypeTablesError) -> Int {
        switch size {
        case 1: Int(Int8(truncatingIfNeeded: try u8(offset)))
        case 2: try i16(offset)
        default: Int(Int32(truncatingIfNeeded: try u32(offset)))
        }
    }
}
