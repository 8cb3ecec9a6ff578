import FontdClient
import Testing

/// The client error a preference stream ends with, for streams expected to yield nothing; an
/// event, a clean end or another kind of error is recorded as an issue (and gives nil).
func endingError(
    of stream: AsyncThrowingStream<PreferenceEvent, any Error>, sourceLocation: SourceLocation = #_sourceLocation
) async -> FontdClientError? {
    do {
        for try await event in stream { Issue.record("unexpected \(event)", sourceLocation: sourceLocation) }
        Issue.record("the stream ended without an error", sourceLocation: sourceLocation)
    } catch let error as FontdClientError {
        return error
    } catch {
        Issue.record("expected a FontdClientError, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}
