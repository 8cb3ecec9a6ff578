import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A throwaway PostgreSQL 15 from Debian's packages for the store tests (DESIGN §24 (Replicas on PostgreSQL)): its own
/// data directory in a new temporary directory, owned by the unprivileged `postgres` user (the
/// tests run as root, which PostgreSQL refuses), listening on `127.0.0.1` at a free port, its
/// unix socket inside that directory.
///
/// TCP connections must give `user`'s password (SCRAM), so a wrong one can be tried; the
/// harness itself talks over the unix socket, where the one user is trusted. Stopped and
/// removed at deinit. Its methods are called by one test at a time; a mutex keeps `stop` and
/// deinit from overlapping.
public final class PostgresCluster: @unchecked Sendable {
    /// Where Debian's `postgresql-15` puts the server programs (not on PATH).
    public static let binDirectory = "/usr/lib/postgresql/15/bin"

    /// How `stop(mode:)` shuts the server down (`pg_ctl stop -m`).
    public enum StopMode: String, Sendable {
        /// Rolls back open transactions, closes every connection and checkpoints.
        case fast
        /// Kills the server at once, as a crash would; the next start recovers from the log.
        case immediate
    }

    /// What went wrong setting up or driving the cluster, with what a person needs to fix it.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The superuser TCP clients log in as, and its password.
    public let user = "fontd"
    public let password: String
    /// The TCP port on 127.0.0.1.
    public let port: Int
    /// The temporary directory holding the data directory, the unix socket and the server's log.
    public let directory: URL

    private var dataDirectory: String { directory.appendingPathComponent("data").path }
    private var logFile: String { directory.appendingPathComponent("server.log").path }
    /// Whether the server offers TLS (`ssl = on`, with a certificate for `localhost` signed by a
    /// CA of the cluster's own, `certificateAuthorityFile`).
    public let tls: Bool
    /// With `tls`, the PEM certificate of the CA that signed the server's: trusted by no one
    /// unless named (`sslrootcert`).
    public var certificateAuthorityFile: String { directory.appendingPathComponent("ca.crt").path }
    private let lock = NSLock()
    private var isRunning = false
    private var databaseCount = 0

    /// Makes a new cluster (initdb) and starts it; with `tls`, one that offers TLS with a
    /// certificate for the name `localhost` only (no IP address) from a CA of its own (openssl),
    /// which no client trusts unless told to.
    ///
    /// - Throws: `Failure` when PostgreSQL 15 is not installed (`scripts/install-dependencies`
    ///   installs it), or initdb or the start fails (the server's log is quoted).
    public init(tls: Bool = false) throws {
        self.tls = tls
        let initdb = "\(Self.binDirectory)/initdb"
        guard FileManager.default.isExecutableFile(atPath: initdb) else {
            throw Failure(
                description:
                    "PostgreSQL 15 is not installed (\(initdb) is missing); run scripts/install-dependencies, which installs Debian's postgresql"
            )
        }
        password = "pw-\(UUID().uuidString.prefix(12))"
        port = try Self.freePort()
        directory = URL(fileURLWithPath: "/tmp").appendingPathComponent("fontd-postgres-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let passwordFile = directory.appendingPathComponent("password").path
        guard
            FileManager.default.createFile(
                atPath: passwordFile, contents: Data((password + "\n").utf8), attributes: [.posixPermissions: 0o600])
        else {
            throw Failure(description: "cannot write \(passwordFile)")
        }
        try Self.run(["/usr/bin/chown", "-R", "postgres:postgres", directory.path])
        try Self.runAsPostgres([
            initdb, "--pgdata=\(dataDirectory)", "--username=\(user)", "--pwfile=\(passwordFile)",
            "--auth-local=trust", "--auth-host=scram-sha-256", "--encoding=UTF8", "--locale=C", "--no-sync",
        ])
        try? FileManager.default.removeItem(atPath: passwordFile)
        if tls { try makeCertificates() }
        try start()
    }

    deinit { remove() }

    /// A CA (`ca.crt`, `ca.key` beside the data directory) and the server's key and certificate,
    /// signed by it, for `DNS:localhost` alone, in the data directory as PostgreSQL wants them.
    private func makeCertificates() throws {
        let ca = directory.appendingPathComponent("ca").path
        let extensions = directory.appendingPathComponent("server.ext").path
        try Self.runAsPostgres([
            "/usr/bin/openssl", "req", "-new", "-x509", "-days", "2", "-nodes", "-subj", "/CN=fontd test CA",
            "-newkey", "rsa:2048", "-keyout", ca + ".key", "-out", ca + ".crt",
        ])
        try Self.runAsPostgres([
            "/usr/bin/openssl", "req", "-new", "-nodes", "-subj", "/CN=localhost", "-newkey", "rsa:2048",
            "-keyout", "\(dataDirectory)/server.key", "-out", "\(directory.path)/server.csr",
        ])
        try Self.runAsPostgres(["/bin/sh", "-c", "printf 'subjectAltName=DNS:localhost\\n' > '\(extensions)'"])
        try Self.runAsPostgres([
            "/usr/bin/openssl", "x509", "-req", "-days", "2", "-in", "\(directory.path)/server.csr", "-CA", ca + ".crt",
            "-CAkey", ca + ".key", "-CAcreateserial", "-extfile", extensions, "-out", "\(dataDirectory)/server.crt",
        ])
    }

    /// One cluster for the whole test process, made on first use (each test takes a database
    /// of its own in it), stopped and removed as the process exits. Tests that stop a server
    /// make their own.
    public static func shared() throws -> PostgresCluster {
        try sharedCluster.withLock { shared in
            if let shared { return try shared.get() }
            let made = Result { try PostgresCluster() }
            shared = made
            if case .success = made { atexit { PostgresCluster.removeShared() } }
            return try made.get()
        }
    }

    private static let sharedCluster = Mutex<Result<PostgresCluster, any Error>?>(nil)

    private static func removeShared() {
        if case .success(let cluster)? = sharedCluster.withLock({ $0 }) { cluster.remove() }
    }

    /// Stops the server at once and removes the directory.
    private func remove() {
        try? stop(mode: .immediate)
        try? FileManager.default.removeItem(at: directory)
    }

    /// Starts the server on the same data directory and port (`pg_ctl start -w`); again while it runs does nothing.
    public func start() throws {
        try lock.withLock {
            guard !isRunning else { return }
            // fsync off: the tests crash the server, never the machine, so the page cache is enough;
            // synchronous_commit stays on, so a commit that returned survives an immediate stop.
            let options = [
                "-c listen_addresses=127.0.0.1", "-p \(port)", "-c unix_socket_directories='\(directory.path)'",
                "-c fsync=off", "-c full_page_writes=off", "-c max_connections=50", tls ? "-c ssl=on" : "",
            ].joined(separator: " ")
            do {
                try Self.runAsPostgres([
                    "\(Self.binDirectory)/pg_ctl", "start", "-w", "-t", "60", "-D", dataDirectory, "-l", logFile, "-o", options,
                ])
            } catch let failure as Failure {
                throw Failure(description: "\(failure.description)\nserver log:\n\(serverLog())")
            }
            isRunning = true
        }
    }

    /// Stops the server (`pg_ctl stop -m mode -w`); when it is not running, does nothing.
    public func stop(mode: StopMode = .fast) throws {
        try lock.withLock {
            guard isRunning else { return }
            try Self.runAsPostgres(["\(Self.binDirectory)/pg_ctl", "stop", "-w", "-t", "60", "-D", dataDirectory, "-m", mode.rawValue])
            isRunning = false
        }
    }

    /// Creates a new empty database and answers its name (`fontd_test_N` unless named).
    @discardableResult
    public func createDatabase(_ name: String? = nil) throws -> String {
        let name =
            name
            ?? lock.withLock {
                databaseCount += 1
                return "fontd_test_\(databaseCount)"
            }
        try runSQL("CREATE DATABASE \"\(name)\"")
        return name
    }

    /// Runs `sql` as the superuser over the unix socket (psql), in `database`; its output, unaligned.
    @discardableResult
    public func runSQL(_ sql: String, database: String = "postgres") throws -> String {
        try Self.runAsPostgres([
            "\(Self.binDirectory)/psql", "--no-psqlrc", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1",
            "-h", directory.path, "-p", String(port), "-U", user, "-d", database, "-c", sql,
        ])
    }

    /// `postgres://user:password@127.0.0.1:port/database?sslmode=disable`; another password to
    /// try a wrong one, another `sslmode` for a cluster with `tls`, `localhost` for the name its
    /// certificate has.
    public func url(database: String, password: String? = nil, sslMode: String = "disable", host: String = "127.0.0.1") -> String {
        "postgres://\(user):\(password ?? self.password)@\(host):\(port)/\(database)?sslmode=\(sslMode)"
    }

    /// The server's log so far, for a failure's message.
    public func serverLog() -> String {
        (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? "(no log at \(logFile))"
    }

    /// A TCP port on 127.0.0.1 that nothing listens on now: the kernel's choice for port 0,
    /// closed again for the server to take.
    private static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else { throw Failure(description: "bind to 127.0.0.1:0: \(String(cString: strerror(errno)))") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Runs `arguments` as the `postgres` user (`runuser`, as root) and answers its standard output.
    @discardableResult
    private static func runAsPostgres(_ arguments: [String]) throws -> String {
        try run(["/usr/sbin/runuser", "-u", "postgres", "--"] + arguments)
    }

    /// Runs `arguments` (posix_spawn) with the directory `/` (the `postgres` user cannot enter
    /// the test's own), at most 90 seconds, and answers its standard output; a non-zero exit
    /// throws with its output. Outputs go to files, not pipes, and the child is waited for with
    /// `waitpid`: the server `pg_ctl start` leaves behind keeps what it inherited, and
    /// Foundation's `Process` was seen never to return from `waitUntilExit` after `pg_ctl start`.
    @discardableResult
    private static func run(_ arguments: [String]) throws -> String {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("fontd-postgres-command-\(UUID().uuidString)").path
        let (outputPath, errorPath) = (base + ".out", base + ".err")
        defer {
            try? FileManager.default.removeItem(atPath: outputPath)
            try? FileManager.default.removeItem(atPath: errorPath)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C"
        environment.removeValue(forKey: "PGPASSWORD")
        // posix_spawn_file_actions_addchdir_np is not imported: env changes the directory instead.
        let argv = (["/usr/bin/env", "-C", "/"] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, "/usr/bin/env", &actions, nil, argv, envp)
        guard spawned == 0 else { throw Failure(description: "cannot run \(arguments[0]): \(String(cString: strerror(spawned)))") }

        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(90)
        while true {
            let waited = waitpid(pid, &status, WNOHANG)
            if waited == pid { break }
            if waited < 0, errno != EINTR { throw Failure(description: "waitpid for \(arguments[0]): \(String(cString: strerror(errno)))") }
            if Date() > deadline {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                throw Failure(description: "\(arguments.joined(separator: " ")) did not finish in 90 seconds")
            }
            usleep(10_000)  // the interval of a waitpid(WNOHANG) poll, whose deadline kills a hung pg_ctl
        }
        let standardOutput = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        let standardError = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        // WIFEXITED and WEXITSTATUS, which Swift does not import.
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            throw Failure(
                description: "\(arguments.joined(separator: " ")) failed (wait status \(status)): \(standardError)\(standardOutput)")
        }
        return standardOutput
    }
}
