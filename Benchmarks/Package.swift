// swift-tools-version: 6.1
// Benchmarks live in their own package so `swift test` never builds the benchmark harness.
import PackageDescription

let package = Package(
    name: "fontd-benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "fontd", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // What the benchmark programs share.
        .target(name: "BenchmarkSupport", path: "Support"),
        .executableTarget(
            name: "Resolution",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                "BenchmarkSupport",
                .product(name: "DynamicType", package: "fontd"),
                .product(name: "FontResolution", package: "fontd"),
            ],
            path: "Resolution",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "Service",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                "BenchmarkSupport",
                .product(name: "DynamicType", package: "fontd"),
                .product(name: "FontResolution", package: "fontd"),
                .product(name: "FontService", package: "fontd"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Service",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
