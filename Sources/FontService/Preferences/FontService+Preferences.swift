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
        return .stream(eventStreamHead(context)) { [store, tokenStreams, streamClients] stream in
            store.subscribe(stream, to: scope, lastEventID: lastEventID)
            stream.onEnd { [weak store] _ in store?.unsubscribe(stream, from: scope) }
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
                CategoryChange(
                    scope: outcome.after.scope, category: outcome.after.category, previous: outcome.before.category,
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
    /// change to the store; the answer, `answer` of the outcome, goes out once the change is
    /// committed and announced. The credential was checked by the router.
    private func change(
        _ context: RequestContext, fields: [ReaderPreference], example: String,
        answer: @escaping @Sendable (ScopeTree.ChangeOutcome) throws(FontServiceError) -> [UInt8]
    ) throws(FontServiceError) -> HTTPReply {
        var body = try ScopeUpdate(
            body: context.request.body, path: context.route.path, fields: fields, example: example, scope: context.scope)
        // A reading font must be one fontconfig knows (docs/DESIGN.md §33 (The reading font)), kept as fontconfig spells it.
        if case .set(let family) = body.settings[.readingFont], !family.isEmpty {
            do { body.settings[.readingFont] = .set(try resolver.catalog.installedFamily(named: family)) } catch {
                throw .invalidValue(error)
            }
        }
        try checkBounds(body.settings, at: context.scope)
        let update = body
        let reader = context.scope.segments.first.map(String.init)
        if let writeQuota, !context.byOperator, let seconds = writeQuota.admit(reader ?? "") {
            throw .tooManyWrites(retryAfterSeconds: seconds, reader: reader, perSecond: writeQuota.perSecond)
        }
        return .deferred { [store, self] pending in
            store.change(context.scope, update.settings) { result in
                switch result {
                case .failure(let error) where error.isScopeLimit:
                    pending.complete(self.errorResponse(.scopeLimit(error.description), to: context.request))
                case .failure(.unavailable(let reason)):
                    pending.complete(
                        self.errorResponse(
                            .storeUnavailable(
                                "the change is not known to be committed: the preferences store is unreachable (\(reason)). A PUT is idempotent: send it again"
                            ),
                            to: context.request))
                case .failure(.refused(let reason)):
                    pending.complete(self.errorResponse(.storeUnavailable(reason), to: context.request))
                case .failure(let error):
                    pending.complete(self.errorResponse(.stateNotSaved(error.description), to: context.request))
                case .success(let outcome):
                    do throws(FontServiceError) {
                        let body = try answer(outcome)
                        pending.complete(
                            HTTPResponse(
                                status: 200,
                                headers: [Self.jsonContentType]
                                    + (context.isPublic ? [(name: "Cache-Control", value: "no-store")] : Self.privateFields)
                                    + Self.corsHeaders,
                                body: body))
                    } catch {
                        pending.complete(self.errorResponse(error, to: context.request))
                    }
                }
            }
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

extension FontService {
    /// Refuses a change of `scope`'s bounds that would widen an ancestor's, or leave its minimum
    /// above its maximum (docs/DESIGN.md §23 (Reader scopes and scoped tokens)): a scope's bounds only narrow.
    ///
    /// Checked against the tree as the request finds it; the tightest bounds on the path are the
    /// ones answers clamp into, so an ancestor narrowed later still wins.
    func checkBounds(_ settings: PerPreference<ScopeTree.Setting>, at scope: PreferenceScope) throws(FontServiceError) {
        let inherited = scope.parent.map(store.preferences(of:)) ?? .initial
        let current = store.preferences(of: scope)
        let lower = ReaderPreference.minimumCategory
        let upper = ReaderPreference.maximumCategory
        let categories = ContentSizeCategory.allCases
        for preference in [lower, upper] {
            guard case .set(let raw) = settings[preference], let value = CategoryBound(rawValue: raw)?.category else { continue }
            let allowed = inherited.range
            guard allowed.clamp(value) != value else { continue }
            // The ancestor bound the value passes: the same end when it widens it, else the other end.
            let passed = allowed.minimum.map { value < $0 } == true ? lower : upper
            let passedBound = passed == lower ? allowed.minimum : allowed.maximum
            let holder = scopeSetting(passed, above: scope)
            throw .conflictingParameters(
                "\(preference.wireName) \(value.rawValue)", "\(passed.wireName) \(passedBound?.rawValue ?? "none") of \(holder)",
                reason: "a scope's bounds only narrow its ancestors'; \(scope.path)'s \(preference.wireName) may be "
                    + "\((allowed.minimum ?? categories[0]).rawValue) to \((allowed.maximum ?? categories[categories.count - 1]).rawValue), or none to inherit"
            )
        }
        let minimum = bound(settings[lower], lower, current: current.minimumCategory, inherited: inherited.minimumCategory)
        let maximum = bound(settings[upper], upper, current: current.maximumCategory, inherited: inherited.maximumCategory)
        if let minimum, let maximum, minimum > maximum {
            throw .conflictingParameters(
                "\(lower.wireName) \(minimum.rawValue)", "\(upper.wireName) \(maximum.rawValue)",
                reason:
                    "\(scope.isRoot ? "the root scope" : scope.path)'s minimum would be above its maximum; lower the one or raise the other"
            )
        }
    }

    /// The scope's effective bound after `setting`: its own, if any, tightened by the inherited one.
    private func bound(
        _ setting: ScopeTree.Setting, _ preference: ReaderPreference, current: CategoryBound, inherited: CategoryBound
    ) -> ContentSizeCategory? {
        let clamp = preference.declaration.clamp ?? .upper
        return switch setting {
        case .keep: current.category
        case .clear: inherited.category
        case .set(let raw): CategoryBound(rawValue: clamp.tighter(inherited.rawValue, raw))?.category
        }
    }

    /// The nearest scope above `scope` that sets `preference` itself (the root when none below it does), as a message names it.
    private func scopeSetting(_ preference: ReaderPreference, above scope: PreferenceScope) -> String {
        var current = scope.parent
        while let ancestor = current, !ancestor.isRoot, store.answer(for: ancestor).inherited?.contains(preference.wireName) != false {
            current = ancestor.parent
        }
        return current.map { $0.isRoot ? "the root scope" : "scope \($0.path)" } ?? "the root scope"
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
                guard !scope.isRoot else {
                    throw .invalidBody(
                        "'\(member.key)' is null, which clears a scope's own value so it inherits again; the root scope inherits from nothing, so give it a value"
                    )
                }
                settings[preference] = .clear
            case .string(let name):
                do { settings[preference] = .set(try preference.declaration.parse(name)) } catch { throw .invalidValue(error) }
            default:
                throw .invalidBody("'\(member.key)' must be a string\(scope.isRoot ? "" : " or null"), not \(member.value.kind)")
            }
        }
    }
}

/// An event stream is where a subscriber's preference events go (docs/DESIGN.md §11 (The event stream)): the
/// preferences frame them, the stream carries the bytes.
extension HTTPStream: EventSink {}
