import CFontdSystem
import Glibc
import Testing

/// The shim reaches the real kernel calls Glibc's module leaves out.
@Suite struct CFontdSystemTests {
    @Test func epollReportsAnEventfdWrite() throws {
        let poll = epoll_create1(Int32(EPOLL_CLOEXEC))
        let event = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        #expect(poll >= 0 && event >= 0)
        defer {
            close(poll)
            close(event)
        }

        var interest = epoll_event()
        interest.events = EPOLLIN.rawValue
        interest.data.fd = event
        #expect(epoll_ctl(poll, EPOLL_CTL_ADD, event, &interest) == 0)

        var ready = [epoll_event](repeating: epoll_event(), count: 4)
        #expect(epoll_wait(poll, &ready, 4, 0) == 0)
        #expect(eventfd_write(event, 1) == 0)
        #expect(epoll_wait(poll, &ready, 4, 1000) == 1)
        #expect(ready[0].data.fd == event)
        #expect(MemoryLayout<epoll_event>.size == 12)
    }

    @Test func acceptOnAnEmptyListenerSaysTryAgain() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        #expect(listener >= 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        #expect(bound == 0)
        #expect(listen(listener, 16) == 0)
        #expect(fontd_accept_nonblocking(listener, nil, nil) == -1)
        #expect(fontd_errno() == EAGAIN)
    }
}
