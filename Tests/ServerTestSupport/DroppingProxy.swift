import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A TCP relay from a port of its own to a server's, which can cut every connection it
/// relays at once: to a client, a cut looks like the server closing (or resetting) the stream;
/// or hold every byte, closing nothing: to both ends, a network that went silent.
public final class DroppingProxy: @unchecked Sendable {
    /// The port clients connect to.
    public let port: Int
    private let upstreamPort: Int
    private let listener: Int32
    private let lock = NSLock()
    private var pairs: [(client: Int32, server: Int32)] = []
    private var accepted = 0
    private var stopped = false
    private var holding = false

    /// Listens on `127.0.0.1` (a port the kernel chooses) and relays to `127.0.0.1:upstreamPort`.
    public init(upstreamPort: Int) throws {
        self.upstreamPort = upstreamPort
        (listener, port) = try LoopbackSocket.listen(backlog: 64)
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    deinit { stop() }

    /// `http://127.0.0.1:PORT`, the address clients use.
    public var url: URL { LoopbackSocket.url(port: port) }

    /// How many client connections the proxy has accepted so far.
    public var connectionCount: Int { lock.withLock { accepted } }

    /// Cuts every open connection: with `reset`, an RST (as when the server's host vanishes);
    /// otherwise a FIN (as when the server closes the stream).
    public func dropAll(reset: Bool = false) {
        let open = lock.withLock { pairs }
        for pair in open {
            if reset {
                var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
                setsockopt(pair.client, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
            }
            shutdown(pair.client, Int32(SHUT_RDWR))
            shutdown(pair.server, Int32(SHUT_RDWR))
        }
    }

    /// With `held`, relays nothing either way from now on, on open connections and new ones
    /// alike, and closes nothing (a network dropping every packet); without it, relays again,
    /// what was held first.
    public func hold(_ held: Bool) {
        lock.withLock { holding = held }
    }

    /// Stops accepting and cuts every connection.
    public func stop() {
        let wasStopped = lock.withLock {
            defer { stopped = true }
            return stopped
        }
        guard !wasStopped else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        dropAll()
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else {
                if errno == EINTR { continue }
                break
            }
            let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard LoopbackSocket.connect(server, port: upstreamPort) == nil else {
                Glibc.close(server)
                Glibc.close(client)
                continue
            }
            let isStopped = lock.withLock {
                accepted += 1
                if !stopped { pairs.append((client, server)) }
                return stopped
            }
            if isStopped {
                Glibc.close(server)
                Glibc.close(client)
                break
            }
            Thread.detachNewThread { [self] in relay(client: client, server: server) }
        }
        Glibc.close(listener)
    }

    /// Copies bytes both ways until either side closes, then closes both.
    private func relay(client: Int32, server: Int32) {
        var buffer = [UInt8](repeating: 0, count: 16_384)
        var watched = [pollfd(fd: client, events: Int16(POLLIN), revents: 0), pollfd(fd: server, events: Int16(POLLIN), revents: 0)]
        relaying: while poll(&watched, 2, -1) >= 0 {
            if lock.withLock({ holding }) {
                // Left unread, the bytes stay in the kernel's buffers until `hold(false)`.
                usleep(10_000)  // the proxy's own pause while it holds: poll(2) would report the unread bytes at once
                continue
            }
            for index in 0..<2 where watched[index].revents != 0 {
                let from = watched[index].fd
                let to = index == 0 ? server : client
                let count = read(from, &buffer, buffer.count)
                guard count > 0 else { break relaying }
                var sent = 0
                while sent < count {
                    let written = buffer.withUnsafeBytes { send(to, $0.baseAddress! + sent, count - sent, Int32(MSG_NOSIGNAL)) }
                    guard written > 0 else { break relaying }
                    sent += written
                }
            }
        }
        lock.withLock { pairs.removeAll { $0.client == client } }
        Glibc.close(client)
        Glibc.close(server)
    }
}
