// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "fontd",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "fontd", targets: ["fontd"]),
        .library(name: "DynamicType", targets: ["DynamicType"]),
        .library(name: "FontResolution", targets: ["FontResolution"]),
        .library(name: "FontdClient", targets: ["FontdClient"]),
        // For the benchmarks, which answer requests in process; fontd itself is the service's user.
        .library(name: "FontService", targets: ["FontService", "HTTPServer"]),
        // libfontd-gnome.so: GSettings through GIO, which `fontd serve --desktop` loads with dlopen
        // so that no other command loads GIO (docs/DESIGN.md §26 (The desktop bridge)).
        .library(name: "fontd-gnome", type: .dynamic, targets: ["CGnomeSettings"]),
        // libfontd-bus.so: the session-bus connection through GDBus, which `fontd serve --dbus` loads
        // with dlopen for the same reason (docs/DESIGN.md §27 (The session bus)).
        .library(name: "fontd-bus", type: .dynamic, targets: ["CBusService"]),
    ],
    // fontd is an application: every dependency is pinned to one version here (README.md, "Dependencies").
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/swift-server/async-http-client", exact: "1.37.0"),
        .package(url: "https://github.com/apple/swift-crypto", exact: "4.5.2"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/vapor/jwt-kit", exact: "5.8.0"),
        .package(url: "https://github.com/vapor/postgres-nio", exact: "1.33.2"),
    ],
    targets: [
        // C libraries, imported through small shim headers (docs/DESIGN.md §20 (Platform facts): macros that do not import are wrapped).
        .systemLibrary(
            name: "CFontconfig",
            pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"]), .brew(["fontconfig"])]
        ),
        .systemLibrary(
            name: "CFreeType",
            pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"]), .brew(["freetype"])]
        ),

        // GIO, for libfontd-gnome.so only: fontd itself never links it.
        .systemLibrary(
            name: "CGio",
            pkgConfig: "gio-2.0",
            providers: [.apt(["libglib2.0-dev"]), .brew(["glib"])]
        ),
        // GLib's log messages through fontd's logger, linked into both libraries that reach GIO: the
        // first of them installs GLib's one writer (docs/DESIGN.md §27 (The session bus)).
        .target(name: "CGLibLog", dependencies: ["CGio"]),
        // A GLib main context on a thread of its own, with its start and stop handshakes and the tasks
        // other threads hand it; linked into both libraries that reach GIO.
        .target(name: "CGLibThread", dependencies: ["CGio"]),
        // The C table between fontd and libfontd-gnome.so (docs/DESIGN.md §26 (The desktop bridge)); a header, and nothing that links.
        .target(name: "CDesktopSettings"),
        // libfontd-gnome.so: one GSettings key watched on a thread of its own running a GLib main loop.
        // C, linked without the Swift runtime: -nostartfiles leaves out swiftrt.o (which would need
        // libswiftCore.so, a second runtime beside the release fontd's static one), and -static-stdlib
        // makes swiftc name the static runtime archives, of which nothing is then used.
        .target(
            name: "CGnomeSettings",
            dependencies: ["CGio", "CGLibLog", "CGLibThread", "CDesktopSettings"],
            linkerSettings: [.unsafeFlags(["-nostartfiles", "-static-stdlib"])]
        ),

        // The C table between fontd and libfontd-bus.so (docs/DESIGN.md §27 (The session bus)), and the introspection
        // XML of data/ embedded at build time; nothing that links GIO.
        .target(name: "CSessionBus"),
        // libfontd-bus.so: one session-bus connection served by GDBus on a thread of its own; linked
        // without the Swift runtime, as libfontd-gnome.so is.
        .target(
            name: "CBusService",
            dependencies: ["CGio", "CGLibLog", "CGLibThread", "CSessionBus"],
            linkerSettings: [.unsafeFlags(["-nostartfiles", "-static-stdlib"])]
        ),

        // Pure Swift model: categories, styles, traits, descriptors, the style table.
        .target(name: "DynamicType"),

        // A scoped token's compact form read strictly, before jwt-kit checks its signature (docs/DESIGN.md §23
        // (Reader scopes and scoped tokens)). Apart from jwt-kit, so that the fuzz target that reads tokens
        // builds without jwt-kit, swift-crypto and BoringSSL.
        .target(name: "ScopedTokens", dependencies: ["DynamicType"]),

        // The bounded LRU map that the resolver's and the service's caches are; depends on nothing.
        .target(name: "Caching"),

        // fontconfig + FreeType → ResolvedFont. The only module that touches the C libraries.
        .target(
            name: "FontResolution",
            dependencies: ["DynamicType", "Caching", "CFontconfig", "CFreeType", .product(name: "Crypto", package: "swift-crypto")]
        ),

        // epoll, eventfd, signalfd, accept4, pipe2 and posix_spawn's closefrom, which Glibc's Swift module does not export.
        .target(name: "CFontdSystem", cSettings: [.define("_GNU_SOURCE")]),
        // A child process started with posix_spawn: an empty signal mask, only the descriptors it is
        // given, its stdin, stdout and stderr from a file, a pipe or nowhere. The one way fontd (the X11
        // bridge's xrdb) and its tests start a program.
        .target(name: "ProcessSpawning", dependencies: ["CFontdSystem"]),
        // Linked into the fontd executable only: blocks the server's signals before any thread starts.
        .target(name: "CFontdStartup"),
        // Linked into the fontd executable only: fontconfig's, FreeType's and SQLite's functions under their own names,
        // each opening its library on its first call, so that a command that never calls them (an answer from the
        // command line's cache) never loads them (docs/DESIGN.md §18 (The command line)). Linked `--as-needed`, fontd
        // then names none of those libraries as needed (nor zlib, which swift-nio-extras names and nothing calls). The
        // option comes from a clang configuration file, whose options go before the others: one given here would
        // follow every `-l` on the link line, where it changes nothing.
        .target(
            name: "CLazyLibraries",
            dependencies: ["CFontconfig", "CFreeType"],
            exclude: ["as-needed.cfg"],
            linkerSettings: [.unsafeFlags(["-Xclang-linker", "--config=\(Context.packageDirectory)/Sources/CLazyLibraries/as-needed.cfg"])]
        ),

        // Raw-socket HTTP/1.1 and Server-Sent Events; knows nothing about fonts.
        .target(
            name: "HTTPServer",
            dependencies: ["CFontdSystem", .product(name: "Logging", package: "swift-log")]
        ),

        // The reader's preferences of every scope (docs/DESIGN.md §10 (Reader preferences)): the scope tree as plain
        // values, replay, subscribers behind a sink, replica catch-up, category watches, the storage
        // protocol and its records. Knows no transport: FontService gives it its event streams.
        .target(name: "ScopedPreferences", dependencies: ["DynamicType", .product(name: "Logging", package: "swift-log")]),

        // The fontd API: routes, errors, the answer cache; served by HTTPServer.
        .target(
            name: "FontService",
            dependencies: [
                "HTTPServer", "FontResolution", "DynamicType", "ScopedPreferences", "ScopedTokens", "Caching", "WebOutputs",
                "WebDocuments", .product(name: "Logging", package: "swift-log"), .product(name: "JWTKit", package: "jwt-kit"),
            ]
        ),

        // The reader's preferences and their history in an SQLite database (WAL, synchronous = FULL), through GRDB.
        // GRDBSQLite for sqlite3_system_errno: an I/O error is a full disk when its errno is ENOSPC or EDQUOT.
        .target(
            name: "SQLiteStore",
            dependencies: [
                "DynamicType", "ScopedPreferences", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]),
        // The same in a PostgreSQL database that several fontd replicas share (docs/DESIGN.md §24 (Replicas on PostgreSQL)),
        // through postgres-nio; SwiftNIO stays inside this module, never in HTTPServer.
        .target(
            name: "PostgresStore",
            dependencies: [
                "DynamicType", "ScopedPreferences", .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // GNOME's text-scaling-factor and a scope's category kept in step (docs/DESIGN.md §26 (The desktop bridge)), through
        // libfontd-gnome.so, loaded when asked for.
        .target(
            name: "DesktopBridge",
            dependencies: [
                "CDesktopSettings", "CFontdSystem", "DynamicType", "ScopedPreferences", "ProcessSpawning",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // fontd on the session bus (docs/DESIGN.md §27 (The session bus), §28 (The Settings portal backend)): org.fontd.Fontd1 and the Settings portal
        // backend, through libfontd-bus.so, loaded when asked for. Knows no HTTP: it changes preferences
        // through the reader API (docs/DESIGN.md §38 (One domain in the middle)) and resolves through `FontAnswering`.
        .target(
            name: "SessionBus",
            dependencies: [
                "CSessionBus", "DesktopBridge", "DynamicType", "ScopedPreferences", .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // The Swift client library: every endpoint, and the preference changes as a stream.
        // On Linux over async-http-client: Foundation's URLSession there spins a core while a
        // stream sits idle and links libcurl. Apple platforms keep URLSession.
        .target(
            name: "FontdClient",
            dependencies: [
                "DynamicType",
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(platforms: [.linux])),
            ]
        ),

        // The web outputs (stylesheet, Tailwind theme, design tokens) of docs/DESIGN.md §22 (The web), written
        // from fonts already resolved; pure, so the server and the CLI write the same bytes.
        .target(name: "WebOutputs", dependencies: ["DynamicType"]),

        // The web documents of docs/DESIGN.md §22 (The web) for a resolver's table and fonts, and the one set of
        // option rules GET /css, GET /tokens, fontd css and fontd tokens follow; apart from WebOutputs, which
        // stays pure, because it resolves fonts (FontResolution), and apart from FontService, because it knows no HTTP.
        .target(name: "WebDocuments", dependencies: ["DynamicType", "FontResolution", "WebOutputs"]),

        // The command line's answers kept across runs, valid while the files they were made from stat
        // the same (docs/DESIGN.md §18 (The command line)); plain POSIX, checked before fontconfig is initialized, and
        // authenticated with an HMAC-SHA256 (swift-crypto) made with the user's key.
        .target(name: "CommandLineCache", dependencies: ["Caching", .product(name: "Crypto", package: "swift-crypto")]),

        // What the commands share: output, query options, the error-line main and its answer cache.
        .target(
            name: "FontdCommandLine",
            dependencies: ["DynamicType", "CommandLineCache", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),

        .executableTarget(
            name: "fontd",
            dependencies: [
                "Caching",
                "CFontdStartup",
                "CLazyLibraries",
                "CommandLineCache",
                "DesktopBridge",
                "DynamicType",
                "ProcessSpawning",
                "ScopedPreferences",
                "SessionBus",
                "FontdClient",
                "FontdCommandLine",
                "FontResolution",
                "FontService",
                "HTTPServer",
                "SQLiteStore",
                "PostgresStore",
                "WebOutputs",
                "WebDocuments",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "JWTKit", package: "jwt-kit"),
            ]
        ),

        // The client example of docs/swift-client.md: follows the reader's text size.
        .executableTarget(name: "follow-body-text", dependencies: ["FontdClient"], path: "Examples/FollowBodyText"),
        // The client snippet of docs/swift-client.md, verbatim (a test keeps the two identical and runs it).
        .executableTarget(name: "readme-snippet", dependencies: ["FontdClient"], path: "Examples/ReadmeSnippet"),

        // The fuzz targets (docs/development.md, "Fuzzing"): libFuzzer's entries for the request decoder, the strict
        // JSON document decoder and the scoped-token reader. Every build compiles them as programs that replay the
        // inputs they are given, so none can rot; Fuzz/run builds them with libFuzzer and runs them.
        .target(name: "FuzzDriver", path: "Fuzz/Driver"),
        .executableTarget(
            name: "fuzz-request-decoder", dependencies: ["FuzzDriver", "HTTPServer"], path: "Fuzz/RequestDecoder",
            exclude: ["corpus", "dictionary"]),
        .executableTarget(
            name: "fuzz-json-document", dependencies: ["FuzzDriver", "DynamicType"], path: "Fuzz/JSONDocument", exclude: ["corpus"]),
        .executableTarget(
            name: "fuzz-scoped-token", dependencies: ["FuzzDriver", "ScopedTokens", "DynamicType"], path: "Fuzz/ScopedToken",
            exclude: ["corpus"]),

        // Test support, cut by the outside system each part drives, so that a test target links
        // only what it uses (docs/DESIGN.md §2 (Modules and their arrows)). The core: test paths, the pinned
        // fontconfig setup and the fixtures resolved under it, temporary homes, and the runners
        // for Debian's programs. Nothing here imports FontService, so DynamicTypeTests builds without it.
        .target(
            name: "FontdTestSupport",
            dependencies: ["DynamicType", "FontResolution", "ProcessSpawning"],
            path: "Tests/FontdTestSupport"
        ),
        // `fontd serve` as a process, the two-mode test client's live half, raw HTTP connections,
        // event streams, socket activation, and the sockets that misbehave on purpose.
        .target(
            name: "ServerTestSupport",
            dependencies: ["FontdTestSupport", "DynamicType", "HTTPServer", "ProcessSpawning"],
            path: "Tests/ServerTestSupport"
        ),
        // The test client's in-process half over a FontService, and the access tokens it checks.
        .target(
            name: "FontServiceTestSupport",
            dependencies: [
                "ServerTestSupport", "FontService", "HTTPServer",
                .product(name: "Crypto", package: "swift-crypto"), .product(name: "JWTKit", package: "jwt-kit"),
            ],
            path: "Tests/FontServiceTestSupport"
        ),
        // A headless Chromium through WebDriver, screenshots, and a static site to load.
        .target(
            name: "BrowserTestSupport",
            dependencies: [
                "FontdTestSupport", "ServerTestSupport", "HTTPServer", "ProcessSpawning", .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/BrowserTestSupport"
        ),
        // Headless Firefox ESR: its own screenshot, and a session driven through Marionette.
        .target(
            name: "FirefoxTestSupport",
            dependencies: ["BrowserTestSupport", "FontdTestSupport", "ServerTestSupport", "ProcessSpawning"],
            path: "Tests/FirefoxTestSupport"
        ),
        // A private PostgreSQL cluster.
        .target(name: "PostgresTestSupport", path: "Tests/PostgresTestSupport"),
        // The desktop: a private dbus-daemon, X11 and Wayland displays, terminals, KDE's and GNOME's settings.
        .target(name: "DesktopTestSupport", dependencies: ["FontdTestSupport", "ProcessSpawning"], path: "Tests/DesktopTestSupport"),
        // An sfnt table reader independent of FreeType, Capsize's reference numbers, altered font copies.
        .target(
            name: "OpenTypeTestSupport",
            dependencies: ["FontdTestSupport", "DynamicType", .product(name: "Crypto", package: "swift-crypto")],
            path: "Tests/OpenTypeTestSupport"
        ),
        .testTarget(name: "DynamicTypeTests", dependencies: ["DynamicType", "FontdTestSupport"]),
        .testTarget(name: "CachingTests", dependencies: ["Caching"]),
        .testTarget(
            name: "ScopedPreferencesTests",
            dependencies: ["ScopedPreferences", "DynamicType", .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "DesktopBridgeTests", dependencies: ["DesktopBridge", "DynamicType", "FontdTestSupport", "DesktopTestSupport"]),
        .testTarget(
            name: "CommandLineCacheTests", dependencies: ["CommandLineCache", "Caching", .product(name: "Crypto", package: "swift-crypto")]),
        .testTarget(
            name: "FontResolutionTests",
            dependencies: ["FontResolution", "DynamicType", "FontdTestSupport", "OpenTypeTestSupport"]
        ),
        .testTarget(
            name: "HTTPServerTests",
            dependencies: [
                "HTTPServer", "CFontdSystem", "FontdTestSupport", "ServerTestSupport", .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "FontServiceTests",
            dependencies: [
                "FontService", "ScopedPreferences", "ScopedTokens", "HTTPServer", "FontResolution", "DynamicType", "WebOutputs",
                "WebDocuments", "FontdTestSupport", "ServerTestSupport", "FontServiceTestSupport",
            ]
        ),
        // GRDB too, to make the databases fontd must refuse (another application's, a newer fontd's)
        // and the ones it migrates. Not FontdTestSupport: the store's tests need only a temporary
        // directory, and so build without FontService and what it pulls in.
        .testTarget(
            name: "SQLiteStoreTests",
            dependencies: [
                "SQLiteStore", "ScopedPreferences", "DynamicType", "ProcessSpawning", .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // The PreferenceStorage contract, one suite over both stores, and the PostgreSQL store's
        // replicas, listeners and outages, on a PostgreSQL the harness starts (PostgresTestSupport).
        .testTarget(
            name: "StoreContractTests",
            dependencies: [
                "SQLiteStore", "PostgresStore", "ScopedPreferences", "DynamicType",
                "FontdTestSupport", "ServerTestSupport", "PostgresTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"), .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "FontdClientTests",
            dependencies: ["FontdClient", "FontdTestSupport", "ServerTestSupport", "FontServiceTestSupport", "OpenTypeTestSupport"]
        ),
        .testTarget(
            name: "fontdTests",
            dependencies: [
                "DynamicType", "ScopedPreferences", "CommandLineCache", "FontdTestSupport", "ServerTestSupport",
                "FontServiceTestSupport", "BrowserTestSupport", "FirefoxTestSupport", "PostgresTestSupport", "DesktopTestSupport",
                "OpenTypeTestSupport", "ProcessSpawning",
            ]
        ),
        .testTarget(
            name: "WebOutputsTests",
            dependencies: ["WebOutputs", "DynamicType", "FontResolution", "FontdTestSupport", "BrowserTestSupport"]
        ),
    ]
)
