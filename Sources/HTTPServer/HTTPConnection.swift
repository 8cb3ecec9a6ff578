/// One accepted connection: its buffers and where it stands in the HTTP/1.1 exchange. Touched
/// only by the thread of the event loop that accepted it.
///
/// What the connection does next follows from `state` and `input` (as SwiftNIO's
/// `HTTPServerPipelineHandler` keeps its `ConnectionState`), never from a combination of flags;
/// every change of state goes through the methods below.
final class HTTPConnection {
    /// Where the exchange stands.
    enum State {
        /// Ready for requests: waiting for the next one or receiving it.
        case open(RequestProgress)
        /// A deferred answer is being prepared; the requests after it wait, unread where possible.
        case awaitingAnswer(PendingAnswer)
        /// The connection carries a held-open response; whatever the client sends is discarded.
        case streaming(HTTPStream)
        /// A file answer's head is queued or sent and its bytes are going out; the requests after
        /// it wait, unread where possible.
        case sendingFile(FileTransfer)
        /// The last answer is queued; once it is written the connection ends as `ending` says.
        case closing(Ending)
        /// The write side is shut; input is discarded until the client closes or `until` passes,
        /// so that unread request bytes cannot turn the close into a reset that destroys the
        /// answer in flight (RFC 9112 §9.6).
        case lingering(until: Double)
        /// Accepted past `maxConnections`: answered 503 when its request arrives or at `deadline`.
        case refusing(deadline: Double)
    }

    /// How far the request being received has come.
    enum RequestProgress {
        /// No byte of the next request yet.
        case idle
        /// The head is arriving; the header timeout counts from `since`.
        case head(since: Double)
        /// The head is complete and the body is arriving; the body timeout counts from `since`.
        case body(since: Double, continueSent: Bool)
    }

    /// What is needed to answer a deferred request when its response comes.
    struct PendingAnswer {
        var head: Bool
        var keepAlive: Bool
        var minorVersion: Int
    }

    /// A file answer under way: what is sent of it, and what the connection does once it is all out.
    struct FileTransfer {
        let body: HTTPFileBody
        /// The next byte of the file to send.
        var offset = 0
        /// Whether the connection takes the next request afterwards, or closes.
        let keepAlive: Bool

        var remainingBytes: Int { body.length - offset }
    }

    /// How a connection ends once its last answer is written.
    enum Ending {
        /// Shut the write side and linger (a client may still be sending).
        case linger
        /// Close at once (a stream's client sends nothing).
        case close
    }

    /// Whether the connection holds one of `maxConnections`' places, or was accepted past the
    /// limit only to deliver its 503.
    enum Admission {
        case place
        case refusal
    }

    /// Whether the client may still send (a read returned 0 once it finished: a half-close).
    enum ReadSide {
        case open
        case ended
    }

    let descriptor: Int32
    /// Tells this connection apart from a later one that reuses the descriptor.
    let generation: UInt64
    let admission: Admission
    private(set) var state: State
    private(set) var readSide = ReadSide.open

    /// Decodes the request being received, resuming where the last read left it.
    var decoder: HTTPRequestDecoder
    /// Bytes received and not yet consumed start at `inputStart`.
    var input: [UInt8] = []
    var inputStart = 0
    /// Bytes to send start at `outputStart`.
    var output: [UInt8] = []
    var outputStart = 0
    /// The epoll events registered for the descriptor.
    var interest: UInt32
    /// When the last answer was finished, or output last made progress (the idle timeout).
    var lastActivity: Double

    init(
        descriptor: Int32, generation: UInt64, admission: Admission, limits: HTTPLimits, interest: UInt32, now: Double,
        refusalGraceSeconds: Double
    ) {
        self.descriptor = descriptor
        self.decoder = HTTPRequestDecoder(limits: limits)
        self.generation = generation
        self.admission = admission
        self.interest = interest
        self.lastActivity = now
        state = admission == .place ? .open(.idle) : .refusing(deadline: now + refusalGraceSeconds)
    }

    var hasUnreadInput: Bool { inputStart < input.count }
    var pendingOutputBytes: Int { output.count - outputStart }

    /// Whether bytes wait to be sent: queued output, or the rest of a file.
    var hasUnsentBytes: Bool {
        if case .sendingFile = state { return true }
        return pendingOutputBytes > 0
    }

    /// Whether reading should go on: not while an answer is awaited, a file is being sent or the
    /// output is over `highWater` (then the requests already read wait, and TCP holds back the
    /// rest), nor once the last answer is queued or the client has finished sending.
    func wantsInput(highWater: Int) -> Bool {
        guard readSide == .open else { return false }
        switch state {
        case .open: return pendingOutputBytes < highWater
        case .awaitingAnswer, .sendingFile, .closing: return false
        case .streaming, .lingering, .refusing: return true
        }
    }

    // MARK: - Transitions

    /// The first bytes of a request arrived on an idle connection.
    func requestBegan(now: Double) {
        if case .open(.idle) = state { state = .open(.head(since: now)) }
    }

    /// The head of the request being received is complete; returns whether `100 Continue` is
    /// due now (the client waits for it, and it has not been sent).
    func headCompleted(now: Double, expectsContinue: Bool) -> Bool {
        switch state {
        case .open(.idle), .open(.head):
            state = .open(.body(since: now, continueSent: expectsContinue))
            return expectsContinue
        default:
            return false
        }
    }

    /// A whole request was consumed; the next one, if any bytes of it are here, starts now.
    func requestConsumed(_ consumed: Int, now: Double) {
        inputStart += consumed
        takeRequests(now: now)
    }

    /// The answer to the request just consumed will come later.
    func awaitAnswer(_ pending: PendingAnswer) { state = .awaitingAnswer(pending) }

    /// The awaited answer came; returns what it needs, or nil when none was awaited.
    func answerArrived(now: Double) -> PendingAnswer? {
        guard case .awaitingAnswer(let pending) = state else { return nil }
        takeRequests(now: now)
        return pending
    }

    /// The connection carries `stream` from now on; what the client sent after it is dropped.
    func startStreaming(_ stream: HTTPStream) {
        state = .streaming(stream)
        dropInput()
    }

    /// The head of a file answer is queued; its `body` follows once the output before it is sent.
    func startSendingFile(_ body: HTTPFileBody, keepAlive: Bool) {
        state = .sendingFile(FileTransfer(body: body, keepAlive: keepAlive))
    }

    /// The kernel took `count` more bytes of the file being sent. Once it has them all, the
    /// connection takes the next request, or ends if the one answered asked to close.
    func fileBytesSent(_ count: Int, now: Double) {
        guard case .sendingFile(var transfer) = state else { return }
        lastActivity = now
        transfer.offset += count
        if transfer.remainingBytes > 0 {
            state = .sendingFile(transfer)
        } else if transfer.keepAlive {
            takeRequests(now: now)
        } else {
            close(after: .linger)
        }
    }

    /// The last answer is queued (an error, `Connection: close`, a stream that ended, a stop).
    /// Ends the stream, if any, with `reason`.
    func close(after ending: Ending, streamEnd reason: HTTPStream.EndReason = .closedByServer) {
        if case .streaming(let stream) = state { stream.end(reason) }
        if case .lingering = state { return }
        state = .closing(ending)
    }

    /// The refusal is queued; nothing the client sent will be answered.
    func refuse() {
        dropInput()
        close(after: .linger)
    }

    /// The write side is shut after the last answer.
    func linger(until deadline: Double) {
        state = .lingering(until: deadline)
        dropInput()
    }

    /// The client finished sending (a read returned 0).
    func inputEnded() { readSide = .ended }

    /// The connection is gone; ends its stream, if any, with `reason`.
    func closed(_ reason: HTTPStream.EndReason) {
        if case .streaming(let stream) = state { stream.end(reason) }
    }

    /// An answer is finished: the next request, whose bytes may be here already, is awaited
    /// from `now` on.
    private func takeRequests(now: Double) {
        lastActivity = now
        state = .open(hasUnreadInput ? .head(since: now) : .idle)
    }

    // MARK: - Buffers

    /// Drops consumed input, keeping the storage.
    func compactInput() {
        if inputStart == input.count {
            input.removeAll(keepingCapacity: input.capacity <= 64 * 1024)
            inputStart = 0
        } else if inputStart > 64 * 1024 {
            input.removeFirst(inputStart)
            inputStart = 0
        }
    }

    /// Forgets the output already sent, keeping modest storage for the next answers; a stream
    /// keeps none, as its events are sent from their own bytes (`EventLoop.streamSend`).
    func compactOutput() {
        guard pendingOutputBytes == 0 else { return }
        if case .streaming = state {
            output = []
        } else {
            output.removeAll(keepingCapacity: output.capacity <= 64 * 1024)
        }
        outputStart = 0
    }

    private func dropInput() {
        input.removeAll()
        inputStart = 0
    }
}
