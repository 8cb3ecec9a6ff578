import Caching
import DynamicType
import FontResolution
import HTTPServer
import WebDocuments
import WebOutputs

extension FontService {
    static let cssContentType = "text/css; charset=utf-8"
    static let designTokensContentType = "application/design-tokens+json"
    static let javaScriptContentType = "text/javascript; charset=utf-8"
    static let htmlContentType = "text/html; charset=utf-8"
    /// Font files never change under their hash: a browser may keep them for a year (RFC 8246).
    static let fontFileCacheControl = "public, max-age=31536000, immutable"

    /// `/css`'s request: the categories, the prefix and the form; omitted preferences filled in.
    func stylesheetRequest(_ context: RequestContext) throws(FontServiceError) -> WebDocuments.Stylesheet {
        let parameters = context.parameters
        let reader = context.preferences
        let range = try parameters.categoryRange(within: reader)
        let readingFont = try parameters.value(.readingFont, ReadingFont.init(parsing:)) ?? reader.readingFont
        do {
            var stylesheet = try WebDocuments.Stylesheet(
                category: parameters[.category], legibility: parameters[.legibility], textSpacing: parameters[.textSpacing],
                prefix: parameters[.prefix], format: parameters[.format], unit: parameters[.unit], trim: parameters[.trim],
                fallbackFor: parameters[.fallbackFor], range: range,
                defaults: .init(category: reader.category, legibility: reader.legibilityWeight, textSpacing: reader.textSpacing))
            stylesheet.readingFont = readingFont.family
            return try installedFallback(stylesheet)
        } catch {
            switch error {
            case .invalidValue(let refusal): throw .invalidValue(refusal)
            case .unknownFormat(let text):
                throw .invalidParameter(what: "format", value: text, allowed: WebDocuments.Format.allCases.map(\.rawValue))
            case .invalidPrefix(let text): throw .invalidParameter(what: "prefix", value: text, allowed: [CSSPrefix.allowedForm])
            case .unknownUnit(let text): throw .invalidParameter(what: "unit", value: text, allowed: CSSUnit.allCases.map(\.rawValue))
            case .unknownTrim(let text): throw .invalidParameter(what: "trim", value: text, allowed: CSSTrim.allCases.map(\.rawValue))
            case .conflict(.tailwindWithTrim):
                throw .conflictingParameters(
                    "format=tailwind", "trim or fallbackFor",
                    reason: "a Tailwind theme holds values, not the rules a trim or a fallback face needs; use format=css")
            case .conflict(.tailwindWithPrefix):
                throw .conflictingParameters(
                    "format=tailwind", "prefix",
                    reason: "a Tailwind theme uses Tailwind's own names (--text-body, --font-body); leave out prefix")
            case .conflict(.tailwindWithEveryCategory):
                throw .conflictingParameters(
                    "format=tailwind", "category=all", reason: "a Tailwind theme holds one category; ask for one, or use format=css")
            case .conflict(.everyCategoryWithLegibility):
                throw .conflictingParameters(
                    "category=all", "legibility",
                    reason:
                        "category=all carries both weights (bold under [data-bold-text]) and the reader's own on plain :root; leave out legibility"
                )
            }
        }
    }

    /// `stylesheet` with its `fallbackFor` family as installed: refused here, as a 400 naming the
    /// nearest installed families (§33 (The reading font)), rather than when the answer is made.
    private func installedFallback(_ stylesheet: WebDocuments.Stylesheet) throws(WebDocuments.Stylesheet.OptionError)
        -> WebDocuments.Stylesheet
    {
        guard let family = stylesheet.fallbackFor else { return stylesheet }
        var stylesheet = stylesheet
        do { stylesheet.fallbackFor = try resolver.catalog.installedFamily(named: family) } catch { throw .invalidValue(error) }
        return stylesheet
    }

    /// What `/tokens` asks, and `/specimen` with it: the block of every style at one category
    /// (clamped into `range`), legibility weight and text spacing, omitted ones the reader's.
    struct BlockRequest: Hashable, Sendable {
        var category: ContentSizeCategory
        var legibility: LegibilityWeight
        var textSpacing: TextSpacing
        var readingFont: ReadingFont
        var range: CategoryRange
        /// `/tokens` only: with a trim, each token carries Capsize's trims (§32 (Capsize and metrics-exact web)).
        var trim: CSSTrim = .standard
    }

    func blockRequest(_ context: RequestContext) throws(FontServiceError) -> BlockRequest {
        let preferences = try context.parameters.readerPreferences(over: context.preferences)
        let trim: CSSTrim
        do { trim = try CSSTrim.parsed(context.parameters[.trim]) } catch {
            throw .invalidParameter(what: "trim", value: context.parameters[.trim] ?? "", allowed: CSSTrim.allCases.map(\.rawValue))
        }
        return BlockRequest(
            category: preferences.category, legibility: preferences.legibilityWeight, textSpacing: preferences.textSpacing,
            readingFont: preferences.readingFont, range: try context.parameters.categoryRange(within: context.preferences), trim: trim)
    }

    /// What `/specimen` asks: a block, and whether its category was a preview (asked for).
    struct SpecimenRequest: Hashable, Sendable {
        var block: BlockRequest
        var preview: Bool
    }

    func specimenRequest(_ context: RequestContext) throws(FontServiceError) -> SpecimenRequest {
        SpecimenRequest(block: try blockRequest(context), preview: context.parameters[.category] != nil)
    }

    /// `/specimen`'s answer.
    func specimen(_ request: SpecimenRequest) throws(FontServiceError) -> [UInt8] {
        let block = request.block
        return try web("the specimen") {
            Array(
                try webDocuments.specimen(
                    category: block.category, legibility: block.legibility, textSpacing: block.textSpacing, range: block.range,
                    readingFont: block.readingFont.family, preview: request.preview, trim: block.trim
                ).utf8)
        }
    }

    /// `/css`'s answer, its `url()`s relative to this server.
    func stylesheet(_ request: WebDocuments.Stylesheet) throws(FontServiceError) -> [UInt8] {
        try web("the stylesheet") { try Array(webDocuments.stylesheet(request, fontFileBase: "").utf8) }
    }

    /// `/tokens`'s answer.
    func designTokens(_ request: BlockRequest) throws(FontServiceError) -> [UInt8] {
        try web("the design tokens") {
            try webDocuments.tokens(
                category: request.category, legibility: request.legibility, textSpacing: request.textSpacing, range: request.range,
                readingFont: request.readingFont.family, trim: request.trim)
        }
    }

    private func web(_ what: String, _ build: () throws -> [UInt8]) throws(FontServiceError) -> [UInt8] {
        do {
            return try build()
        } catch {
            logger.error("web output failed", metadata: ["what": "\(what)", "error": "\(error)"])
            throw .resolutionFailed(what: what, reason: "\(error)")
        }
    }

    /// `/font-files/<sha256>`: the file a stylesheet names, sent from disk; 304 for a cached copy.
    func fontFile(_ context: RequestContext) throws(FontServiceError) -> HTTPReply {
        let text = context.pathRemainder
        guard text.utf8.count == 64, text.utf8.allSatisfy({ $0 < 0x80 && Character(Unicode.Scalar($0)).isHexDigit }) else {
            throw .invalidParameter(
                what: "The hash in /font-files/<sha256>", value: String(text.prefix(100)),
                allowed: ["64 hexadecimal digits, the SHA-256 a stylesheet's url() names"])
        }
        let hash = text.lowercased()
        let file: FontFile
        switch resolver.files.file(sha256: hash) {
        case .notFound:
            throw .unknownFontFile(hash)
        case .forbidden(let restricted):
            let name = restricted.path.split(separator: "/").last.map(String.init) ?? restricted.path
            throw .forbidden(
                reason:
                    "the licence of \(name) (OS/2 fsType \(restricted.embeddingFlags)) does not permit embedding, so fontd does not send the file"
            )
        case .file(let found):
            file = found
        }
        let tag = EntityTag(opaque: hash)
        let fields = [(name: "ETag", value: tag.text), (name: "Cache-Control", value: Self.fontFileCacheControl)] + Self.corsHeaders
        if tag.isMatched(byIfNoneMatchIn: context.request.headers) {
            return .response(HTTPResponse(status: 304, headers: fields))
        }
        // Sent from the descriptor that was checked, never by opening the name again: a file
        // swapped in after the check (a link to a secret, padded to look the same) is not what
        // was hashed, and is not sent (docs/DESIGN.md §22 (The web)).
        let body: HTTPFileBody
        do {
            body = try HTTPFileBody(path: file.path, followingLinks: false)
        } catch {
            _ = resolver.files.confirm(file, opened: nil)
            logger.notice(
                "font file not sent: it cannot be opened as it was hashed", metadata: ["file": "\(file.path)", "error": "\(error)"])
            throw .unknownFontFile(hash)
        }
        guard resolver.files.confirm(file, opened: PathStamp(status: body.status)) else {
            logger.notice("font file not sent: it changed since it was hashed", metadata: ["file": "\(file.path)"])
            throw .unknownFontFile(hash)
        }
        return .file(HTTPResponse(status: 200, headers: [(name: "Content-Type", value: file.format.mediaType)] + fields), body)
    }
}
