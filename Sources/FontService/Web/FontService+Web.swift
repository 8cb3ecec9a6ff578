import Caching
import DynamicType
import FontResolution
import HTTPServer
import ScopedPreferences
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
        let (range, readingFont) = try Self.rangeAndReadingFont(context)
        do {
            var stylesheet = try WebDocuments.Stylesheet(
                category: parameters[.category], legibility: parameters[.legibility], textSpacing: parameters[.textSpacing],
                prefix: parameters[.prefix], format: parameters[.format], unit: parameters[.unit], trim: parameters[.trim],
                fallbackFor: parameters[.fallbackFor], range: range, defaults: Self.defaults(of: context.preferences))
            stylesheet.readingFont = readingFont.family
            return try installedFallback(stylesheet)
        } catch {
            throw Self.refusal(error)
        }
    }

    /// `/tokens`'s request, and `/specimen`'s block: every style at one category (clamped into the
    /// range), legibility weight, text spacing, reading font and trim, read by the rules `fontd
    /// tokens` follows (`WebDocuments.Tokens`) and refused in the order `/css` refuses them; omitted
    /// preferences the reader's.
    func tokensRequest(_ context: RequestContext) throws(FontServiceError) -> WebDocuments.Tokens {
        let parameters = context.parameters
        let (range, readingFont) = try Self.rangeAndReadingFont(context)
        do {
            var tokens = try WebDocuments.Tokens(
                category: parameters[.category], legibility: parameters[.legibility], textSpacing: parameters[.textSpacing],
                trim: parameters[.trim], range: range, defaults: Self.defaults(of: context.preferences))
            tokens.readingFont = readingFont.family
            return tokens
        } catch {
            throw Self.refusal(error)
        }
    }

    /// What every web document's request reads first, in this order: the category range (the
    /// scope's bounds narrowed by the query's), then the reading font (the reader's when left out).
    private static func rangeAndReadingFont(_ context: RequestContext) throws(FontServiceError) -> (CategoryRange, ReadingFont) {
        let range = try context.parameters.categoryRange(within: context.preferences)
        let readingFont = try context.parameters.value(.readingFont, ReadingFont.init(parsing:)) ?? context.preferences.readingFont
        return (range, readingFont)
    }

    /// What a left-out category, legibility weight and text spacing stand for on a server: the reader's.
    private static func defaults(of reader: PerPreference<String>) -> WebDocuments.Stylesheet.Defaults {
        .init(category: reader.category, legibility: reader.legibilityWeight, textSpacing: reader.textSpacing)
    }

    /// The answer to options `/css`, `/tokens` or `/specimen` cannot use, in the API's spelling of
    /// them (`fontd css` and `fontd tokens` say the same in theirs: `commandLineRefusal`).
    private static func refusal(_ error: WebDocuments.Stylesheet.OptionError) -> FontServiceError {
        switch error {
        case .invalidValue(let refusal): .invalidValue(refusal)
        case .unknownFormat(let text):
            .invalidParameter(what: "format", value: text, allowed: WebDocuments.Format.allCases.map(\.rawValue))
        case .invalidPrefix(let text): .invalidParameter(what: "prefix", value: text, allowed: [CSSPrefix.allowedForm])
        case .unknownUnit(let text): .invalidParameter(what: "unit", value: text, allowed: CSSUnit.allCases.map(\.rawValue))
        case .unknownTrim(let text): .invalidParameter(what: "trim", value: text, allowed: CSSTrim.allCases.map(\.rawValue))
        case .conflict(.tailwindWithTrim):
            .conflictingParameters(
                "format=tailwind", "trim or fallbackFor",
                reason: "a Tailwind theme holds values, not the rules a trim or a fallback face needs; use format=css")
        case .conflict(.tailwindWithPrefix):
            .conflictingParameters(
                "format=tailwind", "prefix",
                reason: "a Tailwind theme uses Tailwind's own names (--text-body, --font-body); leave out prefix")
        case .conflict(.tailwindWithEveryCategory):
            .conflictingParameters(
                "format=tailwind", "category=all", reason: "a Tailwind theme holds one category; ask for one, or use format=css")
        case .conflict(.everyCategoryWithLegibility):
            .conflictingParameters(
                "category=all", "legibility",
                reason:
                    "category=all carries both weights (bold under [data-bold-text]) and the reader's own on plain :root; leave out legibility"
            )
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

    /// What `/specimen` asks: the block `/tokens` would hold, and whether its category was a
    /// preview (asked for).
    struct SpecimenRequest: Hashable, Sendable {
        var block: WebDocuments.Tokens
        var preview: Bool
    }

    func specimenRequest(_ context: RequestContext) throws(FontServiceError) -> SpecimenRequest {
        SpecimenRequest(block: try tokensRequest(context), preview: context.parameters[.category] != nil)
    }

    /// `/specimen`'s answer.
    func specimen(_ request: SpecimenRequest) throws(FontServiceError) -> [UInt8] {
        let block = request.block
        return try web("the specimen") {
            Array(
                try webDocuments.specimen(
                    category: block.category, legibility: block.legibility, textSpacing: block.textSpacing, range: block.range,
                    readingFont: block.readingFont, preview: request.preview, trim: block.trim
                ).utf8)
        }
    }

    /// `/css`'s answer, its `url()`s relative to this server.
    func stylesheet(_ request: WebDocuments.Stylesheet) throws(FontServiceError) -> [UInt8] {
        try web("the stylesheet") { try Array(webDocuments.stylesheet(request, fontFileBase: "").utf8) }
    }

    /// `/tokens`'s answer.
    func designTokens(_ request: WebDocuments.Tokens) throws(FontServiceError) -> [UInt8] {
        try web("the design tokens") { try webDocuments.tokens(request) }
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
        // nosniff: a file is only ever the font its Content-Type names, never a script or a page.
        let fields =
            [(name: "ETag", value: tag.text), (name: "Cache-Control", value: Self.fontFileCacheControl), Self.noSniff] + Self.corsHeaders
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
