import HTTPServer

extension FontService {
    /// Lets `GET /desktop` answer `source`'s board; before this (a service embedded elsewhere), it answers 404.
    public func serveDesktopBoard(_ source: any DesktopBoardSource) {
        desktopBoard.withLock { $0 = source }
    }

    /// `GET /desktop`: the target board (docs/DESIGN.md §36 (The target board)), never cached by a
    /// client without asking again (`no-cache`): it changes with every write to the desktop.
    func desktopBoardAnswer(_ context: RequestContext) throws(FontServiceError) -> HTTPReply {
        guard let source = desktopBoard.withLock({ $0 }) else {
            throw .notFound(path: String(context.request.path))
        }
        let body: [UInt8]
        do {
            body = try source.desktopBoardJSON()
        } catch {
            throw .resolutionFailed(what: "the desktop board", reason: "\(error)")
        }
        return .response(cachedAnswer(body: body, followsPreferences: true).reply(to: context))
    }
}
