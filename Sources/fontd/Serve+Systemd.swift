import ArgumentParser
import FontdCommandLine
import Glibc
import HTTPServer
import Logging

extension Serve {
    /// The socket systemd passed (docs/DESIGN.md §29 (A desktop service)), nil when none was; a socket fontd cannot
    /// serve on stops it with one line on stderr. `--host` and `--port` given beside it are not
    /// used, and the log says so: one `ExecStart=` serves both with and without `fontd.socket`.
    func inheritedListener(logger: Logger) throws -> HTTPListener? {
        do {
            guard let inherited = try InheritedSockets.take() else { return nil }
            let listener = try inherited.listener()
            var metadata: Logger.Metadata = ["address": "\(Self.address(host: listener.host, port: listener.port))"]
            if let name = inherited.names.first { metadata["name"] = "\(name)" }
            logger.info("serving on the socket systemd passed", metadata: metadata)
            if host != nil || port != nil {
                logger.notice("--host and --port are not used: fontd serves on the socket systemd passed", metadata: metadata)
            }
            return listener
        } catch {
            Output.writeLine(error.description, to: STDERR_FILENO)
            throw ExitCode.failure
        }
    }

    /// `host:port`, with brackets around an IPv6 address.
    static func address(host: String, port: Int) -> String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}
