import ArgumentParser
import DynamicType
import FontResolution
import FontService
import Glibc
import HTTPServer
import Logging

/// `fontd serve`: the HTTP API on raw sockets (DESIGN §4, §5).
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the fontd HTTP API.",
        discussion: """
            Prints one line, "fontd listening on http://HOST:PORT", on stdout once ready; logs go to stderr. \
            SIGTERM or SIGINT stop it gracefully: requests under way finish, then it exits 0.
            """)

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The TCP port; 0 lets the system choose (read it from the ready line).")
    var port = 8686

    @Option(help: "A style table file instead of the default.")
    var styles: String?

    @Option(help: "Event-loop threads (default: one per processor).")
    var threads = HTTPServerConfiguration.processorCount

    @Option(help: "Open connections past which new ones are answered 503.")
    var maxConnections = 16_384

    @Option(help: "Seconds a request's head may take to arrive (408 after).")
    var headerTimeout = "10"

    @Option(help: "Seconds a request's body may take to arrive (408 after).")
    var bodyTimeout = "10"

    @Option(help: "Seconds an idle keep-alive connection stays open.")
    var idleTimeout = "60"

    @Option(help: "Resolved answers kept ready to send (least recently used go first).")
    var cacheEntries = 10_000

    @Option(help: "The Access-Control-Allow-Origin sent with every answer.")
    var corsOrigin = "*"

    @Option(help: "Log level: trace, debug, info, notice, warning, error or critical.")
    var logLevel = "info"

    func run() throws {
        guard let level = Logger.Level(rawValue: logLevel) else {
            throw ValidationError("Invalid log level '\(logLevel)'; use one of: \(Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        guard (1...1024).contains(threads) else { throw ValidationError("Invalid threads '\(threads)': expected 1 to 1024.") }
        guard maxConnections >= 1 else { throw ValidationError("Invalid max connections '\(maxConnections)': expected at least 1.") }
        guard cacheEntries >= 1 else { throw ValidationError("Invalid cache entries '\(cacheEntries)': expected at least 1.") }
        guard (0...65535).contains(port) else { throw ValidationError("Invalid port '\(port)': expected 0 to 65535.") }

        var server = HTTPServerConfiguration()
        server.host = host
        server.port = port
        server.threads = threads
        server.maxConnections = maxConnections
        server.headerTimeoutSeconds = try seconds(headerTimeout, "header timeout")
        server.bodyTimeoutSeconds = try seconds(bodyTimeout, "body timeout")
        server.idleTimeoutSeconds = try seconds(idleTimeout, "idle timeout")

        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "fontd")
        let resolver = try FontResolver(table: StyleTable.locate(explicit: styles), cacheEntries: cacheEntries)
        let service = FontService(
            resolver: resolver, configuration: FontServiceConfiguration(cacheEntries: cacheEntries, corsOrigin: corsOrigin),
            logger: logger)
        try service.prewarm()
        let http = try HTTPServer(configuration: server, responder: service, logger: logger)

        let ready = Array("fontd listening on \(http.url)\n".utf8)
        _ = ready.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
        logger.info("listening", metadata: ["url": "\(http.url)", "threads": "\(threads)"])
        try http.run()
    }

    private func seconds(_ text: String, _ name: String) throws -> Double {
        try parseNumber(text, parameter: name, in: 0...86_400, lowerBoundIncluded: false)
    }
}
