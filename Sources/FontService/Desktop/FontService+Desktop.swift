import HTTPServer

extension FontService {
    /// Lets `GET /desktop` answer `source`'s board; before this (a service embedded elsewhere), it answers 404.
    public func serveDesktopBoard(_ source: any DesktopBoardSource) {
        desktopBoard.withLock { $0 = source }
    }

    /// The board's source, or 404 for a service embedded without one.
    private func desktopBoardSource(_ context: RequestContext) throws(FontServiceError) -> any DesktopBoardSource {
        guard let source = desktopBoard.withLock({ $0 }) else { throw .notFound(path: String(context.request.path)) }
        return source
    }

    /// `GET /desktop`: the target board (docs/DESIGN.md §36 (The target board)), never cached by a
    /// client without asking again (`no-cache`): it changes with every write to the desktop.
    func desktopBoardAnswer(_ context: RequestContext) throws(FontServiceError) -> HTTPReply {
        let source = try desktopBoardSource(context)
        let body: [UInt8]
        do {
            body = try source.desktopBoardJSON()
        } catch {
            throw .resolutionFailed(what: "the desktop board", reason: "\(error)")
        }
        return .response(cachedAnswer(body: body, followsPreferences: true).reply(to: context))
    }

    /// `PUT /desktop`: `{"target": "kitty", "excluded": true}` excludes a target (false includes it
    /// again), as `fontd desktop exclude|include` does (docs/DESIGN.md §37 (The reader's control)).
    /// Which of the reader's files fontd edits is a choice about this machine: a program of theirs
    /// or fontd's own page may make it, a page of another origin may not, even one trusted to
    /// change the preferences (the router has already refused the untrusted ones).
    func changeDesktopExclusion(_ context: RequestContext) throws(FontServiceError) -> HTTPReply {
        let source = try desktopBoardSource(context)
        if case .trusted = RequestOrigin(context.request, trusting: configuration.trustedOrigins) {
            throw .forbidden(
                reason:
                    "a page of \(context.request.header("Origin") ?? "another origin") may change the reader's preferences but not which desktop programs fontd writes: use fontd's own page at / or fontd desktop exclude"
            )
        }
        var change = try TargetExclusionChange(body: context.request.body)
        do { change.changed = try source.setExcluded(change.target, excluded: change.excluded) } catch { throw error.serviceError }
        return .response(cachedAnswer(body: try encoded(change), followsPreferences: false).reply(to: context))
    }
}
