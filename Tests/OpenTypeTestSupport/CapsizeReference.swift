import DynamicType
import FontdTestSupport
import Foundation

/// Capsize's metrics and trims computed from the font file by `scripts/capsize-reference` with
/// Debian's fontTools (python3-fonttools), never FreeType: the independent answer fontd's
/// `/capsize` is checked against (docs/DESIGN.md §32 (Capsize and metrics-exact web)).
public enum CapsizeReference {
    /// One face as the script measures it.
    public struct Face: Decodable, Sendable {
        public var metricsSource: String
        /// `capHeight`, `ascent`, `descent`, `lineGap`, `unitsPerEm`, `xHeight`, `xWidthAvg` in design units.
        public var units: [String: Int]
        public var capHeightTrim: Double
        public var baselineTrim: Double
    }

    /// Why the script gave no answer.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The design-unit values of `metrics` under the reference's names.
    public static func units(of metrics: CapsizeMetrics) -> [String: Int] {
        [
            "capHeight": metrics.capHeight, "ascent": metrics.ascent, "descent": metrics.descent, "lineGap": metrics.lineGap,
            "unitsPerEm": metrics.unitsPerEm, "xHeight": metrics.xHeight, "xWidthAvg": metrics.xWidthAvg,
        ]
    }

    /// The reference for each of `fonts`, in order, from one run of the script.
    public static func measure(_ fonts: [ResolvedFont]) throws -> [Face] {
        let arguments = try fonts.flatMap { font -> [String] in
            let coordinates = String(decoding: try JSONEncoder().encode(font.variations ?? [:]), as: UTF8.self)
            return [
                font.matchedFace.file, "\(font.matchedFace.index & 0xFFFF)", coordinates,
                "\(font.matchedFace.pointSize)", "\(font.metrics.lineHeight)",
            ]
        }
        let result = try CommandRunner.run(
            [TestPaths.packageRoot.appendingPathComponent("scripts/capsize-reference").path] + arguments,
            executable: URL(fileURLWithPath: "/usr/bin/python3"), environment: ProcessInfo.processInfo.environment,
            // fontTools instancing nine instances of a variable font took over 120 s on a machine at load 40.
            timeoutSeconds: 900)
        guard result.status == 0 else {
            throw Failure(description: "scripts/capsize-reference failed (is python3-fonttools installed?): \(result.standardError)")
        }
        return try result.standardOutput.split(separator: "\n")
            .map { try JSONDecoder().decode(Face.self, from: Data($0.utf8)) }
    }
}
