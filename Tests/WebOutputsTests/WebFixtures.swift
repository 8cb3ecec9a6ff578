import DynamicType
import FontResolution
import FontdTestSupport
import Foundation
import WebOutputs

/// Blocks built from the real resolver over the pinned DejaVu fonts, with each face's real full
/// name (read by `fc-query`) and the real SHA-256 of its file (by `sha256sum`).
enum WebFixtures {
    static let table = Fixtures.defaultTable

    /// Every category at both legibility weights, regular first.
    static let everyCategory: [(ContentSizeCategory, LegibilityWeight)] =
        LegibilityWeight.allCases.flatMap { weight in ContentSizeCategory.allCases.map { ($0, weight) } }

    /// The block for `category` and `legibility`, every style of the default table resolved by `resolver`.
    static func block(
        _ category: ContentSizeCategory, _ legibility: LegibilityWeight, resolver: FontResolver = Fixtures.resolver
    ) throws -> WebBlock {
        let styles = try table.styles.map { definition in
            try webStyle(
                definition,
                try resolver.resolve(
                    FontRequest(style: definition.style, category: category, legibilityWeight: legibility)))
        }
        return WebBlock(
            category: category, legibilityWeight: legibility, styles: styles, textScalingRatio: table.textScalingRatios?[category])
    }

    /// The 24 blocks `cssAll` is given.
    static func everyBlock() throws -> [WebBlock] {
        try everyCategory.map { try block($0.0, $0.1) }
    }

    /// `font` as the web outputs take it, with its face's full name and file hash.
    static func webStyle(_ definition: TextStyleDefinition, _ font: ResolvedFont) throws -> WebStyle {
        let face = font.matchedFace
        let fullName = try faceFacts().fullNames["\(face.file)#\(face.index)"]
        let hash = try faceFacts().hashes[face.file]
        return WebStyle(
            definition: definition, font: font, fullName: try unwrap(fullName, "no full name for \(face.file)"),
            fileHash: try unwrap(hash, "no hash for \(face.file)"))
    }

    /// A missing fixture value, said in words.
    struct Missing: Error, CustomStringConvertible { var description: String }

    static func unwrap<Value>(_ value: Value?, _ message: @autoclosure () -> String) throws -> Value {
        guard let value else { throw Missing(description: message()) }
        return value
    }

    // MARK: Facts about the font files, read once

    private struct FaceFacts: Sendable {
        /// By `file#index`.
        var fullNames: [String: String] = [:]
        /// By file path.
        var hashes: [String: String] = [:]
    }

    private static let facts: Result<FaceFacts, any Error> = Result {
        let files =
            try FileManager.default.contentsOfDirectory(atPath: PinnedFonts.fontDirectory)
            .filter { $0.hasSuffix(".ttf") }.sorted().map { PinnedFonts.fontDirectory + "/" + $0 }
            + [VariableFonts.robotoFlex.path]
        var facts = FaceFacts()
        let query = try run("/usr/bin/fc-query", ["--format", "%{file}\t%{index}\t%{fullname[0]}\n"] + files)
        for line in query.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if fields.count == 3 { facts.fullNames["\(fields[0])#\(fields[1])"] = fields[2] }
        }
        for line in try run("/usr/bin/sha256sum", files).split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 1).map(String.init)
            if fields.count == 2 { facts.hashes[String(fields[1].drop { $0 == " " || $0 == "*" })] = fields[0] }
        }
        return facts
    }

    private static func faceFacts() throws -> FaceFacts { try facts.get() }

    private static func run(_ executable: String, _ arguments: [String]) throws -> String {
        let result = try CommandRunner.run(arguments, executable: URL(fileURLWithPath: executable))
        guard result.status == 0 else {
            throw Missing(description: "\(executable) failed (\(result.status)): \(result.standardError)")
        }
        return result.standardOutput
    }
}
