// swift-tools-version: 6.1
// Benchmarks live in their own package so `swift test` never builds the benchmark harness.
import PackageDescription

let package = Package(
    name: "fontd-benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "fontd", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "Resolution",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "DynamicType", package: "fontd"),
                .product(name: "FontResolution", package: "fontd"),
            ],
            path: "Resolution",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
