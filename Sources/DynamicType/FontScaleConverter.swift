/// A lookup table from a size at 100 % to the size at one text scale, as Android's
/// `FontScaleConverterImpl` keeps it: points at some sizes, straight lines between them.
///
/// AOSP frameworks/base, core/java/android/content/res/FontScaleConverterImpl.java
/// (`lookupAndInterpolate`): linear between two columns, from (0, 0) below the first, and the last
/// column's ratio above the last.
public struct FontScaleConverter: Hashable, Sendable {
    /// The sizes the table gives, ascending, in points (Android's `fromSp`).
    public let fromPoints: [Double]
    /// The size at this scale for each of `fromPoints` (Android's `toDp`).
    public let toPoints: [Double]

    /// A table of `fromPoints[i] → toPoints[i]`; both ascending and of the same non-zero length.
    public init(fromPoints: [Double], toPoints: [Double]) {
        precondition(fromPoints.count == toPoints.count && !fromPoints.isEmpty, "a converter needs matching, non-empty columns")
        self.fromPoints = fromPoints
        self.toPoints = toPoints
    }

    /// `points` (a size or a line height at 100 %) at this table's scale.
    public func convert(_ points: Double) -> Double {
        guard let upper = fromPoints.firstIndex(where: { $0 >= points }) else {
            // Past the table: the last column's ratio (Android: "Determine the last elements' scaling factor and use").
            let last = fromPoints.count - 1
            return points * toPoints[last] / fromPoints[last]
        }
        if fromPoints[upper] == points { return toPoints[upper] }
        let (startFrom, startTo) = upper == 0 ? (0, 0) : (fromPoints[upper - 1], toPoints[upper - 1])
        let fraction = (points - startFrom) / (fromPoints[upper] - startFrom)
        return startTo + (toPoints[upper] - startTo) * fraction
    }
}
