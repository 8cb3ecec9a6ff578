/// One thread's epoll loop (being built).
final class EventLoop: Sendable {
    enum Message: Sendable {
        case streamSend(descriptor: Int32, generation: UInt64, bytes: [UInt8])
        case streamClose(descriptor: Int32, generation: UInt64)
    }

    func post(_ message: Message) {}
}
