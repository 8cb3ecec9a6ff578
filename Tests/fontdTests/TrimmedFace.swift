import DynamicType
import Foundation
import ServerTestSupport

/// A style's face as `/capsize` measures it (docs/DESIGN.md §32 (Capsize and metrics-exact web)), in
/// CSS pixels at its size: what a browser's trimmed box is checked against.
struct TrimmedFace: CustomStringConvertible {
    var fontSize: Double
    var lineHeight: Double
    var capHeight: Double
    var ascent: Double
    /// Below the baseline, positive.
    var descent: Double
    /// The `::before` margin Capsize gives the box (negative).
    var capHeightTrim: Double

    var description: String {
        "\(fontSize)/\(lineHeight) px, cap height \(capHeight), ascent \(ascent), descent \(descent)"
    }

    /// `GET /capsize?style=…&category=…` of `server`, decoded as the server wrote it (`CapsizeAnswer`).
    static func fetch(style: String, category: String, from server: ServerProcess) throws -> TrimmedFace {
        let response = try TestClient.live(port: server.port).get("/capsize?style=\(style)&category=\(category)")
        guard response.status == 200, let answer = try? JSONDecoder().decode(CapsizeAnswer.self, from: Data(response.body)) else {
            throw TrimmedFaceError(style: style, category: category, answer: "\(response.status) \(response.bodyText)")
        }
        let pixels = answer.fontSize / Double(answer.metrics.unitsPerEm)
        return TrimmedFace(
            fontSize: answer.fontSize, lineHeight: answer.lineHeight, capHeight: Double(answer.metrics.capHeight) * pixels,
            ascent: Double(answer.metrics.ascent) * pixels, descent: -Double(answer.metrics.descent) * pixels,
            capHeightTrim: answer.capHeightTrim * answer.fontSize)
    }

    /// How far below Capsize's exact position a browser that follows `rounding` puts the baseline of a
    /// box trimmed by Capsize's margins: the line box starts `capHeightTrim` above the box, and its
    /// baseline should lie one cap height below the box's top.
    func shift(by rounding: BaselineRounding, devicePixelsPerPx scale: Double) -> Double {
        capHeightTrim + rounding.baseline(ascent: ascent, descent: descent, lineHeight: lineHeight, devicePixelsPerPx: scale) - capHeight
    }
}

/// `/capsize` did not answer a style with the numbers a trimmed box is checked against.
struct TrimmedFaceError: Error, CustomStringConvertible {
    var style: String
    var category: String
    var answer: String

    var description: String {
        "GET /capsize?style=\(style)&category=\(category) did not answer a Capsize document: \(answer)"
    }
}
