import DynamicType
import FontResolution
import HTTPServer
import ScopedPreferences

extension FontService {
    /// `GET /preferences`: the scope's effective preferences and the id of the newest change
    /// that affected them (with `scope` and `inherited` for a scope other than the root).
    func preferencesAnswer(_ context: RequestContext) throws(FontServiceError) -> HTTPReply {
        let body = try encoded(store.answer(for: context.scope))
        return .response(cachedAnswer(body: body, followsPreferences: true).reply(to: context))
    }

    /// `GET /category`: the scope's category and the id of the newest change that affected the scope.
    func categoryAnswer(_ context: RequestContext) throws(FontServiceError) -> HTTPReply {
        let preferences = store.answer(for: context.scope)
        let body = try encoded(CategoryPreference(scope: preferences.scope, category: preferences.category, sequence: preferences.sequence))
        return .response(cachedAnswer(body: body, followsPreferences: true).reply(to: context))
    }

    /// `GET /events`: the scope's preferences snapshot, then every change of its effective
    /// preferences as it happens; resumed after `Last-Event-ID` (the header, or `lastEventId=`
    /// for clients that cannot set it).
    func eventStream(_ context: RequestContext) throws(FontServiceError) -> HTTPReply {
        let client = context.parameters[.client]
        if let client, !StreamClients.isValidName(client) {
            throw .invalidParameter(
                what: "client", value: client, allowed: ["1 to \(StreamClients.maximumNameLength) of a-z, 0-9 and - (chromium)"])
        }
        let lastEventID = context.request.header("Last-Event-ID") ?? context.parameters[.lastEventID]
        let scope = context.scope
        switch store.readiness(toResumeAfter: lastEventID) {
        case .ready: break
        case .catchUpFirst: return .retry { [store] ready in store.catchUp(for: lastEventID, then: ready) }
        case .unavailable(let reason):
            return .response(
                errorResponse(
                    .storeUnavailable(
                        "the resume from \(lastEventID ?? "") needs changes this replica has not seen, and the preferences store is unreachable (\(reason)); reconnect shortly"
                    ),
                    to: context.request))
        }
        let grant = context.grant
        return .stream(eventStreamHead(context)) { [reader, tokenStreams, streamClients] stream in
            reader.subscribe(stream, to: scope, lastEventID: lastEventID)
            stream.onEnd { [weak reader] _ in reader?.unsubscribe(stream, from: scope) }
            if let client {
                streamClients.opened(client)
                stream.onEnd { _ in streamClients.ended(client) }
            }
            // A stream outlives no token: it ends when the one that opened it expires or is revoked.
            if let grant { tokenStreams.follow(stream, grant: grant) }
        }
    }

    /// `PUT /category`: `{"category": "xl"}` (or `null`, on a scope), answered with the change:
    /// the effective category after and before, and the change's id.
    func changeCategory(_ context: RequestContext) throws(FontServiceError) -> HTTPReply {
        try change(context, fields: [.category], example: #"{"category": "xl"}"#) { outcome throws(FontServiceError) in
            try self.encoded(
                PreferenceChange(
                    scope: outcome.after.scope, value: outcome.after.category, previous: outcome.before.category,
                    sequence: outcome.after.sequence))
        }
    }

    /// `PUT /preferences`: the category, the legibility weight, the text spacing or several
    /// (each `null` to inherit again, on a scope), answered with the scope's preferences after the change.
    func changePreferences(_ context: RequestContext) throws(FontServiceError) -> HTTPReply {
        try change(
            context, fields: ReaderPreference.allCases,
            example: #"{"category": "xl"}, {"legibilityWeight": "bold"} or {"textSpacing": "wcag"}"#
        ) { outcome throws(FontServiceError) in try self.encoded(outcome.after) }
    }

    /// Reads the body (which may set `fields`; `example` is what refusals suggest) and hands the
    /// change to the reader API (docs/DESIGN.md §38 (One domain in the middle)); the answer, `answer`
    /// of the outcome, goes out once the change is committed and announced, or the API's refusal as
    /// HTTP tells it. The credential was checked by the router.
    private func change(
        _ context: RequestContext, fields: [ReaderPreference], example: String,
        answer: @escaping @Sendable (ScopeTree.ChangeOutcome) throws(FontServiceError) -> [UInt8]
    ) throws(FontServiceError) -> HTTPReply {
        let body = try ScopeUpdate(
            body: context.request.body, path: context.route.path, fields: fields, example: example, scope: context.scope)
        return .deferred { [self] pending in
            do throws(ReaderError) {
                try reader.change(context.scope, body.settings, byOperator: context.byOperator) { [self] result in
                    complete(pending, context, result.mapError(FontServiceError.init), answer)
                }
            } catch {
                pending.complete(errorResponse(FontServiceError(error), to: context.request))
            }
        }
    }

    private func complete(
        _ pending: HTTPDeferredResponse, _ context: RequestContext, _ result: Result<ScopeTree.ChangeOutcome, FontServiceError>,
        _ answer: @Sendable (ScopeTree.ChangeOutcome) throws(FontServiceError) -> [UInt8]
    ) {
        do throws(FontServiceError) {
            let body = try answer(result.get())
            pending.complete(
                HTTPResponse(
                    status: 200,
                    headers: [Self.jsonContentType] + (context.isPublic ? [(name: "Cache-Control", value: "no-store")] : Self.privateFields)
                        + Self.corsHeaders,
                    body: body))
        } catch {
            pending.complete(errorResponse(error, to: context.request))
        }
    }

    /// `GET /healthz`: `{"status": "ok"}`, or `degraded` with the reason while the store cannot
    /// be reached (still 200: the service answers, from the preferences it last knew).
    func healthAnswer(_ context: RequestContext) throws(FontServiceError) -> HTTPReply {
        guard let reason = store.unreachableReason else { return .response(healthy.reply(to: context)) }
        let body = try encoded(HealthStatus(status: "degraded", reason: "the preferences store is unreachable: \(reason)"))
        return .response(cachedAnswer(body: body, followsPreferences: false).reply(to: context))
    }

    private func eventStreamHead(_ context: RequestContext) -> HTTPResponse {
        let cache = context.isPublic ? [(name: "Cache-Control", value: "no-cache")] : Self.privateFields
        return HTTPResponse(
            status: 200,
            headers: [(name: "Content-Type", value: "text/event-stream; charset=utf-8")] + cache
                + [(name: "X-Accel-Buffering", value: "no")] + Self.corsHeaders)
    }
}

extension FontService {
    /// Builds a new font set when the installed fonts changed — or always, with `force` (SIGHUP)
    /// — and then drops every cached answer; when the generation changed, every subscriber gets
    /// `fontsDidChange` (docs/DESIGN.md §25 (Font set changes)). Runs on the service's font queue, one at a time;
    /// returns at once.
    public func refreshFonts(force: Bool, then done: (@Sendable () -> Void)? = nil) {
        fontQueue.async { [self] in
            defer { done?() }
            let refresh: FontResolver.FontRefresh?
            do {
                refresh = try resolver.refreshFonts(force: force)
            } catch {
                logger.error(
                    "could not read the installed fonts again; answering from the fonts read before", metadata: ["error": "\(error)"])
                return
            }
            guard let refresh else { return }
            // The resolver answers from the new fonts already; answers cached before are dropped.
            state.withLock { $0.fontsChanged() }
            fontEpoch.add(1, ordering: .releasing)
            guard refresh.generation != refresh.previousGeneration else {
                logger.info("read the fonts again; the same faces are installed", metadata: ["fontGeneration": "\(refresh.generation)"])
                return
            }
            logger.notice(
                "the installed fonts changed",
                metadata: [
                    "fontGeneration": "\(refresh.generation)", "previous": "\(refresh.previousGeneration)", "forced": "\(force)",
                ])
            store.fontsChanged(to: refresh.generation)
        }
    }
}

/// The body of `PUT /preferences` and `PUT /category` for a scope (docs/DESIGN.md §23 (Reader scopes and scoped tokens)): each
/// preference set (`"xl"`), cleared so it inherits again (`null`), or, absent, left as it is.
struct ScopeUpdate: Sendable {
    var settings = PerPreference<ScopeTree.Setting>(repeating: .keep)

    /// Reads a body strictly: a non-empty JSON object of the `fields` preferences only, each
    /// once, each a string naming a value or `null` (not on the root scope, which inherits from
    /// nothing). Every refusal says what to send instead (`example`).
    init(body: [UInt8], path: String, fields: [ReaderPreference], example: String, scope: PreferenceScope) throws(FontServiceError) {
        let document: JSONDocument
        do { document = try JSONDocument(parsing: body) } catch {
            throw .invalidBody(body.isEmpty ? "it is empty; send \(example)" : "it is not JSON (\(error)); send \(example)")
        }
        guard case .object(let members) = document, !members.isEmpty else {
            throw .invalidBody("expected a JSON object such as \(example)")
        }
        var seen: Set<String> = []
        for member in members {
            guard let preference = fields.first(where: { $0.wireName == member.key }) else {
                throw .unknownField(member.key, path: path, allowed: fields.map(\.wireName))
            }
            guard seen.insert(member.key).inserted else { throw .invalidBody("'\(member.key)' appears twice") }
            switch member.value {
            case .null where scope.isRoot && preference.declaration.initialValue.isEmpty:
                // A preference that can be none (the reading font): on the root, null is none.
                settings[preference] = .set("")
            case .null:
                guard !scope.isRoot else { throw .invalidBody(Self.rootNull(member.key)) }
                settings[preference] = .clear
            case .string(let name):
                do { settings[preference] = .set(try preference.declaration.parse(name)) } catch { throw .invalidValue(error) }
            default:
                throw .invalidBody("'\(member.key)' must be a string\(scope.isRoot ? "" : " or null"), not \(member.value.kind)")
            }
        }
    }
}

extension ScopeUpdate {
    /// Why `null` for `field` is refused on the root scope.
    static func rootNull(_ field: String) -> String {
        "'\(field)' is null, which clears a scope's own value so it inherits again; the root scope inherits from nothing, so give it a value"
    }
}

/// An event stream is where a subscriber's preference events go (docs/DESIGN.md §11 (The event stream)): the
/// preferences frame them, the stream carries the bytes.
extension HTTPStream: EventSink {}
