import DynamicType
import WebOutputs

extension FontService {
    /// The methods of RFC 9110 and PATCH (RFC 5789): others are answered 501, these 405 where a
    /// path does not allow them. Methods are case-sensitive, so `get` is not GET; but it is
    /// recognizably a slip, and 405 with the allowed methods helps more than 501.
    static let httpMethods: Set<String> = ["GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH"]

    /// What `/font` takes, and `/capsize`, which answers about `/font`'s font.
    static let fontParameters: [QueryParameters.Name] = [
        .style, .category, .minimumCategory, .maximumCategory, .traits, .family, .weight, .legibility, .textSpacing, .readingFont,
        .maximumPointSize, .scope,
    ]

    /// Every endpoint of docs/DESIGN.md §7 (HTTP endpoints): adding one is an entry here and its handler.
    static let routes = RouteTable([
        Route(
            "/", summary: "The reader's control page for a browser, or this list as JSON for Accept: application/json.",
            get: .live { service, context throws(FontServiceError) in try service.indexAnswer(context) }),
        Route(
            "/font", parameters: fontParameters,
            required: [.style], followsOmitted: QueryParameters.Name.readerPreferences, example: "/font?style=body",
            summary: "The resolved font of one style at the reader's category, or the one asked for.",
            get: Route.cached(
                subject: { service, context throws(FontServiceError) in try service.fontRequest(context) },
                answer: { service, request throws(FontServiceError) in try service.encoded(service.resolveFont(request)) })),
        Route(
            "/capsize", parameters: fontParameters,
            required: [.style], followsOmitted: QueryParameters.Name.readerPreferences, example: "/capsize?style=body",
            summary: "Capsize's trims and metrics of one style's resolved face, as /font resolves it.",
            get: Route.cached(
                subject: { service, context throws(FontServiceError) in try service.fontRequest(context) },
                answer: { service, request throws(FontServiceError) in try service.encoded(service.capsizeAnswer(request)) })),
        Route(
            "/fonts",
            parameters: [
                .category, .minimumCategory, .maximumCategory, .traits, .family, .weight, .legibility, .textSpacing, .readingFont,
                .maximumPointSize, .scope,
            ],
            followsOmitted: QueryParameters.Name.readerPreferences,
            summary: "Every style's resolved font, in table order.",
            get: Route.cached(
                subject: { service, context throws(FontServiceError) in try service.fontTemplate(context) },
                answer: { service, template throws(FontServiceError) in try service.encoded(service.fontCollection(template)) })),
        Route(
            "/scale",
            parameters: [.style, .category, .minimumCategory, .maximumCategory, .legibility, .textSpacing, .readingFont, .value, .scope],
            required: [.style, .value],
            followsOmitted: [.category], example: "/scale?style=body&value=8",
            summary: "A value scaled as a style scales at a category.",
            get: Route.cached(
                subject: { service, context throws(FontServiceError) in try service.scaleRequest(context) },
                answer: { service, request throws(FontServiceError) in try service.encoded(service.scaledValue(request)) })),
        Route(
            "/styles", summary: "The loaded style table.",
            get: Route.cached { service throws(FontServiceError) in try service.encoded(service.resolver.table) }),
        Route(
            "/categories", summary: "The content-size categories, smallest first.",
            get: Route.cached { service throws(FontServiceError) in try service.encoded(ContentSizeCategory.listing) }),
        Route(
            "/faces", parameters: [.family],
            summary: "The installed faces fontconfig lists.",
            get: Route.cached(
                subject: { _, context in context.parameters[.family] },
                answer: { service, family throws(FontServiceError) in try service.encoded(service.resolver.catalog.faces(family: family)) })
        ),
        Route(
            "/healthz", summary: "Whether the server is up, and its version.",
            get: .live { service, context throws(FontServiceError) in try service.healthAnswer(context) }),
        Route(
            "/desktop",
            summary:
                "The desktop targets this server writes, each with its state, the reader's own size and the value in place; PUT excludes or includes one.",
            get: .live { service, context throws(FontServiceError) in try service.desktopBoardAnswer(context) },
            put: .live { service, context throws(FontServiceError) in try service.changeDesktopExclusion(context) }),
        Route(
            "/preferences", parameters: [.scope],
            summary: "The reader's preferences; PUT changes them.",
            get: .live { service, context throws(FontServiceError) in try service.preferencesAnswer(context) },
            put: .live { service, context throws(FontServiceError) in try service.changePreferences(context) }),
        Route(
            "/category", parameters: [.scope],
            summary: "The reader's content-size category; PUT changes it.",
            get: .live { service, context throws(FontServiceError) in try service.categoryAnswer(context) },
            put: .live { service, context throws(FontServiceError) in try service.changeCategory(context) }),
        Route(
            "/revocations", parameters: [.scope], required: [.scope], example: "/revocations?scope=alice",
            summary: "The newest revocation of a scope's tokens; PUT revokes them.",
            get: .live { service, context throws(FontServiceError) in try service.revocationAnswer(context) },
            put: .live { service, context throws(FontServiceError) in try service.revokeTokens(context) }),
        Route(
            "/events", parameters: [.lastEventID, .scope, .accessToken, .client],
            summary: "The reader's preferences as an event stream: a snapshot, then every change.",
            get: .live { service, context throws(FontServiceError) in try service.eventStream(context) }),
        Route(
            "/css",
            parameters: [
                .category, .minimumCategory, .maximumCategory, .legibility, .textSpacing, .readingFont, .prefix, .format, .unit, .trim,
                .fallbackFor,
                .scope, .accessToken,
            ],
            followsOmitted: QueryParameters.Name.readerPreferences,
            followsWhen: [.category: "all"], contentType: FontService.cssContentType,
            summary: "A stylesheet of every style at the reader's category.",
            get: Route.cached(
                subject: { service, context throws(FontServiceError) in try service.stylesheetRequest(context) },
                answer: { service, request throws(FontServiceError) in try service.stylesheet(request) })),
        Route(
            "/tokens",
            parameters: [
                .category, .minimumCategory, .maximumCategory, .legibility, .textSpacing, .readingFont, .trim, .scope, .accessToken,
            ],
            followsOmitted: QueryParameters.Name.readerPreferences,
            contentType: FontService.designTokensContentType,
            summary: "Design tokens of every style at the reader's category.",
            get: Route.cached(
                subject: { service, context throws(FontServiceError) in try service.tokensRequest(context) },
                answer: { service, request throws(FontServiceError) in try service.designTokens(request) })),
        Route(
            "/fontd.js", contentType: FontService.javaScriptContentType,
            summary: "The module that makes a web page follow the reader.",
            get: Route.cached { _ in Array(FollowerScript.source.utf8) }),
        Route(
            "/specimen",
            parameters: [
                .category, .minimumCategory, .maximumCategory, .legibility, .textSpacing, .readingFont, .trim, .scope, .accessToken,
            ],
            followsOmitted: QueryParameters.Name.readerPreferences,
            contentType: FontService.htmlContentType,
            summary: "The specimen page: every style at the reader's category.",
            get: Route.cached(
                subject: { service, context throws(FontServiceError) in try service.specimenRequest(context) },
                answer: { service, request throws(FontServiceError) in try service.specimen(request) })),
        Route(
            "/font-files/", matchingPrefix: "<sha256>",
            summary: "A font file a stylesheet names.",
            get: .live { service, context throws(FontServiceError) in try service.fontFile(context) }),
    ])
}
