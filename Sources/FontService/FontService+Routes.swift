import DynamicType
import WebOutputs

extension FontService {
    /// Every endpoint of docs/DESIGN.md §7: adding one is an entry here and its handler.
    static let routes = RouteTable([
        Route(
            "/font", parameters: [.style, .category, .minimumCategory, .maximumCategory, .traits, .family, .weight, .legibility, .textSpacing, .readingFont, .maximumPointSize, .scope],
            required: [.style], followsOmitted: QueryParameters.Name.readerPreferences, example: "/font?style=body",
            get: Route.cached(subject: { service, context throws(FontServiceError) in try service.fontRequest(context) },
                              answer: { service, request throws(FontServiceError) in try service.encoded(service.resolveFont(request)) })),
        Route(
            "/fonts", parameters: [.category, .minimumCategory, .maximumCategory, .traits, .family, .weight, .legibility, .textSpacing, .readingFont, .maximumPointSize, .scope],
            followsOmitted: QueryParameters.Name.readerPreferences,
            get: Route.cached(subject: { service, context throws(FontServiceError) in try service.fontTemplate(context) },
                              answer: { service, template throws(FontServiceError) in try service.encoded(service.fontCollection(template)) })),
        Route(
            "/scale", parameters: [.style, .category, .minimumCategory, .maximumCategory, .legibility, .textSpacing, .readingFont, .value, .scope], required: [.style, .value],
            followsOmitted: [.category], example: "/scale?style=body&value=8",
            get: Route.cached(subject: { service, context throws(FontServiceError) in try service.scaleRequest(context) },
                              answer: { service, request throws(FontServiceError) in try service.encoded(service.scaledValue(request)) })),
        Route("/styles", get: Route.cached { service throws(FontServiceError) in try service.encoded(service.resolver.table) }),
        Route("/categories", get: Route.cached { service throws(FontServiceError) in try service.encoded(ContentSizeCategory.listing) }),
        Route(
            "/faces", parameters: [.family],
            get: Route.cached(subject: { _, context in context.parameters[.family] },
                              answer: { service, family throws(FontServiceError) in try service.encoded(service.resolver.catalog.faces(family: family)) })),
        Route("/healthz", get: .live { service, context throws(FontServiceError) in try service.healthAnswer(context) }),
        Route(
            "/preferences", parameters: [.scope],
            get: .live { service, context throws(FontServiceError) in try service.preferencesAnswer(context) },
            put: .live { service, context throws(FontServiceError) in try service.changePreferences(context) }),
        Route(
            "/category", parameters: [.scope],
            get: .live { service, context throws(FontServiceError) in try service.categoryAnswer(context) },
            put: .live { service, context throws(FontServiceError) in try service.changeCategory(context) }),
        Route(
            "/revocations", parameters: [.scope], required: [.scope], example: "/revocations?scope=alice",
            get: .live { service, context throws(FontServiceError) in try service.revocationAnswer(context) },
            put: .live { service, context throws(FontServiceError) in try service.revokeTokens(context) }),
        Route("/events", parameters: [.lastEventID, .scope, .accessToken], get: .live { service, context in service.eventStream(context) }),
        Route(
            "/css", parameters: [.category, .minimumCategory, .maximumCategory, .legibility, .textSpacing, .readingFont, .prefix, .format, .unit, .scope, .accessToken],
            followsOmitted: QueryParameters.Name.readerPreferences,
            followsWhen: [.category: "all"], contentType: FontService.cssContentType,
            get: Route.cached(subject: { service, context throws(FontServiceError) in try service.stylesheetRequest(context) },
                              answer: { service, request throws(FontServiceError) in try service.stylesheet(request) })),
        Route(
            "/tokens", parameters: [.category, .minimumCategory, .maximumCategory, .legibility, .textSpacing, .readingFont, .scope, .accessToken],
            followsOmitted: QueryParameters.Name.readerPreferences,
            contentType: FontService.designTokensContentType,
            get: Route.cached(subject: { service, context throws(FontServiceError) in try service.blockRequest(context) },
                              answer: { service, request throws(FontServiceError) in try service.designTokens(request) })),
        Route(
            "/fontd.js", contentType: FontService.javaScriptContentType,
            get: Route.cached { _ in Array(FollowerScript.source.utf8) }),
        Route(
            "/specimen", parameters: [.category, .minimumCategory, .maximumCategory, .legibility, .textSpacing, .readingFont, .scope, .accessToken],
            followsOmitted: QueryParameters.Name.readerPreferences,
            contentType: FontService.htmlContentType,
            get: Route.cached(subject: { service, context throws(FontServiceError) in try service.specimenRequest(context) },
                              answer: { service, request throws(FontServiceError) in try service.specimen(request) })),
        Route(
            "/font-files/", matchingPrefix: "<sha256>",
            get: .live { service, context throws(FontServiceError) in try service.fontFile(context) }),
    ])
}
