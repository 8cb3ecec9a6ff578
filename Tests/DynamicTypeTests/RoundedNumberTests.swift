import DynamicType
import Testing

/// The one rule for every number fontd writes (docs/DESIGN.md §6 (Answer documents), Answer documents): the shortest
/// decimal within a thousandth of the exact value.
@Suite struct RoundedNumberTests {
    @Test(arguments: [
        (36.0, "36"), (0, "0"), (-2, "-2"), (400, "400"), (100, "100"), (1e12, "1000000000000"),
    ])
    func wholeNumbersHaveNoFraction(_ value: Double, _ text: String) {
        #expect(RoundedNumber(value).description == text)
    }

    @Test(arguments: [
        (5.629999999999999, "5.63"), (1.8199999999999998, "1.82"), (0.1 + 0.2, "0.3"), (24.0 / 22.0, "1.09"),
        (1.0 / 3.0, "0.333"), (2.0 / 3.0, "0.667"), (17.63623046875, "17.636"), (10.390625, "10.39"), (-0.46, "-0.46"), (19.5, "19.5"),
    ])
    func floatNoiseAndLongFractionsAreCut(_ value: Double, _ text: String) {
        #expect(RoundedNumber(value).description == text)
    }

    /// A thousandth is the limit: strictly within it a shorter decimal wins, at or past it the next decimal is kept.
    @Test(arguments: [
        (0.0009, "0"), (0.001, "0.001"), (0.0011, "0.001"), (0.00149, "0.001"), (0.0016, "0.002"),
        (1.9991, "2"), (1.999, "1.999"), (1.9989, "1.999"), (2.0009, "2"), (2.001, "2.001"),
        (0.0995, "0.1"), (0.19905, "0.2"), (0.1989, "0.199"), (-123456.789, "-123456.789"), (123456.7889, "123456.789"),
        (123456.7899, "123456.79"),
    ])
    func aThousandthIsTheLimit(_ value: Double, _ text: String) {
        #expect(RoundedNumber(value).description == text)
    }

    @Test(arguments: [
        (-0.0004, "0"), (-0.0, "0"), (-4.48095703125, "-4.48"), (-1.9991, "-2"), (-1.999, "-1.999"), (-0.0011, "-0.001"),
        (-12.5 * 24.0 / 22.0, "-13.636"),
    ])
    func negativeNumbersFollowTheSameRuleAndZeroHasNoSign(_ value: Double, _ text: String) {
        #expect(RoundedNumber(value).description == text)
    }

    /// Over a sweep of values: within the tolerance, at most three decimals, and no shorter decimal would do.
    @Test func everyWrittenNumberIsTheShortestWithinAThousandth() throws {
        for step in -3000...3000 {
            let exact = Double(step) * 0.0173 + 0.00041
            let rounded = RoundedNumber(exact)
            #expect(abs(rounded.value - exact) < RoundedNumber.tolerance, "\(exact) → \(rounded)")
            let fraction = rounded.description.split(separator: ".").dropFirst().first ?? ""
            #expect(fraction.count <= 3, "\(exact) → \(rounded)")
            #expect(Double(rounded.description) == rounded.value)
            if !fraction.isEmpty {
                // One decimal fewer is off by a thousandth or more.
                let scale = [1.0, 10, 100][fraction.count - 1]
                #expect(abs((exact * scale).rounded() / scale - exact) >= RoundedNumber.tolerance - 4 * exact.ulp, "\(exact) → \(rounded)")
            }
        }
    }

    @Test func writingTwiceGivesTheSameText() {
        for exact in [5.629999999999999, 24.0 / 22.0, -0.46, 1.9991, 0.0016] {
            let once = RoundedNumber(exact)
            #expect(RoundedNumber(once.value).value == once.value)
            #expect(RoundedNumber(once.value).description == once.description)
        }
    }

    @Test func valuesWithoutAFractionWorthWritingAreKept() {
        #expect(RoundedNumber(1e20).description == "1e+20")
        #expect(RoundedNumber(.infinity).value == .infinity)
        #expect(RoundedNumber(.nan).value.isNaN)
    }
}
