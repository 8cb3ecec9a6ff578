import Foundation

/// A fuzz target's entry: libFuzzer's `LLVMFuzzerTestOneInput`, one input's bytes at a time.
public typealias FuzzEntry = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

#if FUZZING
    // libFuzzer's own driver (compiler-rt, linked by -sanitize=fuzzer): its flags, corpus and artifacts.
    @_silgen_name("LLVMFuzzerRunDriver")
    func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ entry: FuzzEntry
    ) -> CInt
#endif

/// The `main` of every fuzz target (docs/development.md, "Fuzzing").
///
/// Built by `Fuzz/run` (`-sanitize=fuzzer,address -DFUZZING`), it hands the entry to libFuzzer's
/// driver. Built as every other target is, by `swift build` and `swift test`, it feeds the entry each
/// file named on its command line (a folder: each file in it), so a crash's input replays without the
/// sanitizer, and a target that no longer compiles fails the ordinary build.
public enum FuzzDriver {
    /// Runs `entry` under libFuzzer, or over the inputs named on the command line; never returns.
    public static func main(_ entry: FuzzEntry) -> Never {
        #if FUZZING
            var argc = CommandLine.argc
            var argv = CommandLine.unsafeArgv
            exit(LLVMFuzzerRunDriver(&argc, &argv, entry))
        #else
            var count = 0
            for path in CommandLine.arguments.dropFirst() {
                for file in files(at: path) {
                    guard let bytes = FileManager.default.contents(atPath: file).map(Array.init) else {
                        FileHandle.standardError.write(Data("cannot read \(file)\n".utf8))
                        exit(2)
                    }
                    _ = bytes.withUnsafeBufferPointer { entry($0.baseAddress, $0.count) }
                    count += 1
                }
            }
            print("\(count) inputs replayed")
            exit(0)
        #endif
    }

    /// `path` itself, or the files in it when it is a folder, in name order.
    static func files(at path: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { return [path] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.sorted().map { path + "/" + $0 }
    }
}
